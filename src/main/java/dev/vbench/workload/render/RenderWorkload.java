package dev.vbench.workload.render;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.workload.inputs.Seeds;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import javax.imageio.ImageIO;

/** A prepared {@code render} workload: the request list and the painter. */
final class RenderWorkload implements Workload {

    /** Distinct label texts. */
    static final int LABELS = 64;

    private static final String[] STREETS = {"Calle", "Avenida", "Plaza", "Camino", "Paseo", "Ronda", "Rúa", "Carrer"};
    private static final String[] NAMES = {
        "Mayor", "del Sol", "de Alcalá", "Gran Vía", "San Juan", "de la Mar", "Real", "Nueva"
    };

    private final int requestCount;
    private final boolean encode;
    private long seed;
    private MapRequests requests;
    private MapPainter painter;
    private Task task;

    RenderWorkload(int requestCount, boolean encode) {
        this.requestCount = requestCount;
        this.encode = encode;
    }

    @Override
    public void prepare(PrepareContext context) {
        seed = context.seed();
        requests = MapRequests.generate(seed, requestCount);
        String[] labels = new String[LABELS];
        for (int i = 0; i < LABELS; i++) {
            labels[i] = String.format(
                    Locale.ROOT,
                    "%s %s %d",
                    STREETS[i % STREETS.length],
                    NAMES[(i / STREETS.length) % NAMES.length],
                    1 + i);
        }
        painter = new MapPainter(labels);
        checkFonts(() -> draw(0));
        task = this::render;
    }

    /**
     * Draws one map before the trials: a machine without fonts (a bare container: Java2D throws
     * "Fontconfig head is null" or fails to load its font library) is an environment problem to report
     * once, with the fix, not a trial in which every task fails.
     */
    static void checkFonts(Runnable drawOneMap) {
        try {
            drawOneMap.run();
        } catch (RuntimeException | LinkageError | InternalError e) {
            throw WorkloadException.environment(
                    "render: Java2D cannot draw text here (" + e.getMessage()
                            + "); install fontconfig and a font (Debian/Ubuntu: apt-get install fontconfig fonts-dejavu-core)",
                    e);
        }
    }

    @Override
    public Task task() {
        return task;
    }

    /** Draws request {@code taskIndex % requests}; returns the PNG's size, or a pixel checksum with encode=none. */
    private long render(long taskIndex) throws IOException {
        int i = (int) (taskIndex % requests.count());
        BufferedImage image = draw(i);
        if (!encode) {
            return image.getRGB(image.getWidth() / 2, image.getHeight() / 2) ^ image.getRGB(0, 0);
        }
        CountingOutputStream sink = new CountingOutputStream();
        write(image, sink);
        return sink.count();
    }

    private BufferedImage draw(int i) {
        return painter.paint(requests.width(i), requests.height(i), Seeds.derive(seed, i));
    }

    private static void write(BufferedImage image, OutputStream sink) throws IOException {
        if (!ImageIO.write(image, "png", sink)) {
            throw new IOException("no ImageIO PNG writer");
        }
    }

    @Override
    public String verify() throws Exception {
        int i = 0;
        long result = task.run(i);
        BufferedImage image = draw(i);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        write(image, png);
        if (encode && result != png.size()) {
            throw new AssertionError("the task wrote " + result + " PNG bytes, a second encoding " + png.size());
        }
        BufferedImage decoded = ImageIO.read(new ByteArrayInputStream(png.toByteArray()));
        int w = requests.width(i);
        int h = requests.height(i);
        if (decoded == null || decoded.getWidth() != w || decoded.getHeight() != h) {
            throw new AssertionError("PNG of request " + i + " decodes to "
                    + (decoded == null ? "nothing" : decoded.getWidth() + "x" + decoded.getHeight()) + ", expected "
                    + w + "x" + h);
        }
        if (decoded.getRGB(0, 0) == decoded.getRGB(w / 2, h / 2)
                && decoded.getRGB(w / 3, h / 3) == decoded.getRGB(0, 0)
                && decoded.getRGB(w - 1, h - 1) == decoded.getRGB(0, 0)) {
            throw new AssertionError("PNG of request " + i + " looks blank");
        }
        return "request " + i + ": PNG of " + png.size() + " bytes decodes to " + w + "x" + h;
    }
}
