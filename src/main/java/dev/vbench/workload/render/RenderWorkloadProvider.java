package dev.vbench.workload.render;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.workload.Headless;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code render}: map rendering and PNG encoding (seed 001). Task {@code i} draws request
 * {@code i % requests} of a seeded request list with antialiased Java2D and encodes it as PNG.
 *
 * <pre>{@code
 * vbench run -w render -e fixed:threads=1,2,4 -e virtual --metric throughput
 * }</pre>
 */
public final class RenderWorkloadProvider implements WorkloadProvider {

    static final ParamSpec<Integer> REQUESTS =
            ParamSpec.of("requests", "size of the seeded request list", "1000", ParamType.intRange(1, 1_000_000));
    static final ParamSpec<String> ENCODE =
            ParamSpec.of("encode", "png: encode each map; none: render only", "png", ParamType.choice("png", "none"));

    static {
        Headless.ensure();
    }

    @Override
    public String name() {
        return "render";
    }

    @Override
    public String description() {
        return "draw a seeded map with antialiased Java2D and encode it as PNG (seed 001)";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(REQUESTS, ENCODE);
    }

    /** One trial is one pass over the request list, as the benchmark replayed its fixed request set. */
    @Override
    public OptionalLong defaultTasks(Params params) {
        return OptionalLong.of(params.get(REQUESTS));
    }

    @Override
    public String notes() {
        return "The FOSS4G 2010 dataset (all of Spain) is not reproducible; the request shape is. Requests: a list of"
                + " 'requests' map sizes generated from --seed, width uniform in [128, 1024], height in [128, 768] (the"
                + " benchmark's wms_request.py); task i draws request i % requests, and the default --tasks is 'requests', so one trial replays the list once, as the benchmark replayed its fixed request set. One map: a TYPE_3BYTE_BGR"
                + " BufferedImage (the BGR model GeoServer rendered into, per the seed) with KEY_ANTIALIASING=ON,"
                + " KEY_FRACTIONALMETRICS=ON, KEY_STROKE_CONTROL=PURE (and text antialiasing on), a land fill, then"
                + " features generated from a seeded generator while drawing, their counts scaled with the area"
                + " a = width x height / 256^2 (0.25 to 12): 2 + round(3a) contours (closed 48-point wavy polylines,"
                + " 1 px), 4 + round(10a) buildings (filled 4-7-vertex polygons with a 1 px outline), 2 + round(2a)"
                + " roads (6-15-point polylines: a grey casing BasicStroke 2 px wider than a 2-6 px coloured stroke,"
                + " round caps and joins) and 1 + round(a/2) labels (drawString, SansSerif 11-14 pt, 64 street names)."
                + " Then ImageIO.write(image, \"png\", sink) into a counting OutputStream created per task that discards"
                + " the bytes (JVM defaults, including ImageIO's temp-file stream cache); the task returns the PNG's"
                + " size. encode=none stops after drawing (returns two pixels) to isolate rendering. verify() (run by the"
                + " contract test) checks that the PNG decodes to the requested size, is not blank and has the size the task counted. Java2D runs"
                + " headless: java.awt.headless=true is set unless given. Measure maps/s with --metric throughput; the"
                + " source swept 1..64 concurrent clients: -e fixed:threads=1 -e fixed:threads=2 ... or --concurrency."
                + " Virtual threads: Java2D's Marlin renderer keeps its renderer context in a ThreadLocal by default,"
                + " so a new virtual thread per task builds a fresh context every time;"
                + " VBENCH_JAVA_OPTS=-Dsun.java2d.renderer.useThreadLocal=false switches Marlin to a shared queue of"
                + " contexts (the 'concurrent linked queue approach' the seed mentions).";
    }

    @Override
    public Workload create(Params params) {
        return new RenderWorkload(params.get(REQUESTS), params.get(ENCODE).equals("png"));
    }
}
