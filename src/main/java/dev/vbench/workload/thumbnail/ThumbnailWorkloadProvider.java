package dev.vbench.workload.thumbnail;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.workload.Headless;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code thumbnail}: photo folder load (seed 000). One task is one photo of a folder of
 * {@code files}: decode, scale to 150 px, JPEG-encode, upsert into an H2 thumbnail cache. The
 * default task count is {@code files}, so one trial is one folder load and its makespan is the
 * seed's per-folder time.
 *
 * <pre>{@code
 * vbench run -w thumbnail -p files=10,50,100 -e sequential -e virtual
 * }</pre>
 */
public final class ThumbnailWorkloadProvider implements WorkloadProvider {

    static final String LOAD = "load";
    static final String EXISTS = "exists";
    static final String HIT = "hit";
    static final String UPTODATE = "uptodate";

    static final ParamSpec<Integer> FILES =
            ParamSpec.of("files", "photos in the folder (op=load)", "10", ParamType.intRange(1, 10_000));
    static final ParamSpec<String> CACHE = ParamSpec.of(
            "cache",
            "cold: decode, scale, encode and upsert every photo; warm: read the cached thumbnail (op=load)",
            "cold",
            ParamType.choice("cold", "warm"));
    static final ParamSpec<String> OP = ParamSpec.of(
            "op",
            "load: one photo of the folder; exists|hit|uptodate: cache micro-ops over 1,000 cached thumbnails",
            LOAD,
            ParamType.choice(LOAD, EXISTS, HIT, UPTODATE));

    /** Default tasks of the cache micro-operations. */
    static final long MICRO_OP_TASKS = 1_000;

    static {
        Headless.ensure();
    }

    @Override
    public String name() {
        return "thumbnail";
    }

    @Override
    public String description() {
        return "photo folder load: decode JPEG, scale to 150 px, encode, upsert into an H2 cache (seed 000)";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(FILES, CACHE, OP);
    }

    @Override
    public OptionalLong defaultTasks(Params params) {
        return OptionalLong.of(params.get(OP).equals(LOAD) ? params.get(FILES) : MICRO_OP_TASKS);
    }

    @Override
    public String notes() {
        return "Per-folder time = makespan: with op=load the default --tasks is 'files', so one trial loads the whole"
                + " folder once and its makespan is the seed's per-folder time (its table: Files | Sequential | Virtual"
                + " | Speedup, -e sequential -e virtual); per-photo latency is in the latency columns and histograms."
                + " Inputs: 10 distinct progressive JPEGs (1920x1080, 3 components, default quality 0.75, ImageIO writer"
                + " in MODE_DEFAULT progressive) generated from --seed into <data-dir>/thumbnail/seed-N/photos (gradient,"
                + " translucent shapes, lines and luminance noise whose amplitude grows from photo 0 to 9, so sizes spread"
                + " over about 65-340 KB), verified by size and SHA-256 before every reuse; folder-F/img_%04d.jpg are hard"
                + " links (copies where links fail) cycling through them. A corrupt or partial cache is regenerated with a"
                + " warning. One photo (op=load, cache=cold): ImageIO.read, scale so the longer side is 150 px (150x84)"
                + " with bicubic interpolation and quality rendering into TYPE_INT_RGB, ImageIO.write JPEG (JVM defaults,"
                + " including ImageIO's temp-file stream cache, as the source ran), then MERGE into thumbnails(file_path"
                + " PK, modified_time, file_length, thumbnail BLOB) with the file's lastModified and length. The cache"
                + " is an embedded H2 file database in a fresh <data-dir>/thumbnail/db-* directory per prepared cell"
                + " (deleted at the end), used through a pool of 10 real connections bounded by a semaphore: no lock is"
                + " held while a connection is used, so concurrent photos never serialize on the cache. cache=cold"
                + " empties the table before every trial; cache=warm fills it once in prepare (not timed) and each photo"
                + " does the source's exists check (generating only if missing), then reads the blob and decodes it."
                + " op=exists|hit|uptodate are the source's cache micro-ops over 1,000 pre-inserted 150x150"
                + " single-colour thumbnails keyed by the real files of folder-1000 (so uptodate compares with the"
                + " file's real lastModified and length): exists = SELECT 1 by key, hit = SELECT the blob and decode"
                + " it, uptodate = SELECT modified_time, file_length and compare with the file; the key of each task is"
                + " a SplitMix64 hash of --seed and the task index (reproducible, no shared random generator); 'files'"
                + " and 'cache' do not apply; default --tasks " + MICRO_OP_TASKS + ". The source's cacheHit_concurrent"
                + " (10 threads) is -p op=hit -e fixed:threads=10. Each statement is prepared per operation (H2 caches"
                + " the parse). The source used SQLite for the cache and an in-memory map in its harness; H2 is the"
                + " embedded database here.";
    }

    @Override
    public Workload create(Params params) {
        return new ThumbnailWorkload(params.get(OP), params.get(CACHE).equals("warm"), params.get(FILES));
    }
}
