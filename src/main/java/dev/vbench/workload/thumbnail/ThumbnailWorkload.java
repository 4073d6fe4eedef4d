package dev.vbench.workload.thumbnail;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.workload.inputs.GeneratedFiles;
import dev.vbench.workload.inputs.Seeds;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;

/** A prepared {@code thumbnail} workload: the photo folder, the cache database and the chosen operation. */
final class ThumbnailWorkload implements Workload {

    /** Pooled connections: the source's concurrent cache benchmark ran 10 threads, so they never wait. */
    static final int CONNECTIONS = 10;
    /** Thumbnails pre-inserted for the cache micro-operations, as in the source's ThumbnailCacheBenchmark. */
    static final int CACHED_THUMBNAILS = 1000;

    private final String op;
    private final boolean warm;
    private final int files;
    private long seed;
    private File[] photos;
    private String[] keys;
    private Path dbDir;
    private ThumbnailCache cache;
    private Task task;

    ThumbnailWorkload(String op, boolean warm, int files) {
        this.op = op;
        this.warm = warm;
        this.files = files;
    }

    @Override
    public void prepare(PrepareContext context) throws Exception {
        seed = context.seed();
        boolean load = op.equals(ThumbnailWorkloadProvider.LOAD);
        List<Path> paths = PhotoFolder.ensure(context, load ? files : CACHED_THUMBNAILS);
        photos = paths.stream().map(Path::toFile).toArray(File[]::new);
        keys = paths.stream().map(p -> p.toAbsolutePath().toString()).toArray(String[]::new);
        try {
            dbDir = Files.createTempDirectory(context.dataDir(), "db-");
        } catch (IOException e) {
            throw GeneratedFiles.unwritable(context.dataDir(), e);
        }
        cache = ThumbnailCache.create(dbDir, CONNECTIONS);
        task = switch (op) {
            case ThumbnailWorkloadProvider.LOAD -> warm ? this::loadWarm : this::loadCold;
            case ThumbnailWorkloadProvider.EXISTS -> index -> cache.exists(keys[randomKey(index)]) ? 1 : 0;
            case ThumbnailWorkloadProvider.HIT -> this::hit;
            case ThumbnailWorkloadProvider.UPTODATE -> this::upToDate;
            default -> throw new IllegalArgumentException("unknown op " + op);
        };
        if (load && warm) {
            fill(context, i -> generateAndStore(i));
        } else if (!load) {
            fill(context, this::storeSample);
        }
    }

    @Override
    public Task task() {
        return task;
    }

    @Override
    public void beforeTrial() throws SQLException {
        if (op.equals(ThumbnailWorkloadProvider.LOAD) && !warm) {
            cache.clear();
        }
    }

    /** Cold cache: every photo is decoded, scaled, encoded and upserted. */
    private long loadCold(long index) throws Exception {
        return generateAndStore((int) (index % photos.length));
    }

    /** Warm cache: exists check, generate only if missing, then read and decode the cached thumbnail. */
    private long loadWarm(long index) throws Exception {
        int i = (int) (index % photos.length);
        if (!cache.exists(keys[i])) {
            generateAndStore(i);
        }
        byte[] jpeg = cache.find(keys[i]);
        BufferedImage thumbnail = Thumbnails.decode(jpeg);
        return jpeg.length + thumbnail.getWidth();
    }

    private long hit(long index) throws Exception {
        byte[] jpeg = cache.find(keys[randomKey(index)]);
        return Thumbnails.decode(jpeg).getWidth() + jpeg.length;
    }

    private long upToDate(long index) throws Exception {
        int k = randomKey(index);
        File photo = photos[k];
        return cache.upToDate(keys[k], photo.lastModified(), photo.length()) ? 1 : 0;
    }

    /** The source's "random key per op", derived from the task index so runs are reproducible. */
    private int randomKey(long index) {
        return Seeds.index(seed, index, keys.length);
    }

    private long generateAndStore(int i) throws Exception {
        File photo = photos[i];
        byte[] jpeg = Thumbnails.encodeJpeg(Thumbnails.scale(Thumbnails.read(photo)));
        cache.upsert(keys[i], photo.lastModified(), photo.length(), jpeg);
        return jpeg.length;
    }

    private long storeSample(int i) throws Exception {
        File photo = photos[i];
        cache.upsert(keys[i], photo.lastModified(), photo.length(), Thumbnails.sampleJpeg(i));
        return 0;
    }

    private interface Filler {
        long fill(int index) throws Exception;
    }

    private void fill(PrepareContext context, Filler filler) throws Exception {
        for (int i = 0; i < keys.length; i++) {
            context.progress().update("filling the thumbnail cache", i, keys.length);
            filler.fill(i);
        }
        context.progress().update("filling the thumbnail cache", keys.length, keys.length);
    }

    @Override
    public String verify() throws Exception {
        boolean load = op.equals(ThumbnailWorkloadProvider.LOAD);
        long result = task.run(0);
        if (!load && !op.equals(ThumbnailWorkloadProvider.HIT) && result != 1) {
            throw new AssertionError(op + " of a cached thumbnail returned " + result + ", expected 1 (true)");
        }
        if (op.equals(ThumbnailWorkloadProvider.EXISTS) && cache.exists(keys[0] + ".missing")) {
            throw new AssertionError("exists is true for a path that was never cached");
        }
        int k = load ? 0 : randomKey(0);
        BufferedImage thumbnail = Thumbnails.decode(cache.find(keys[k]));
        int expectedHeight = load ? 84 : Thumbnails.SIZE;
        if (thumbnail.getWidth() != Thumbnails.SIZE || thumbnail.getHeight() != expectedHeight) {
            throw new AssertionError("cached thumbnail of " + photos[k].getName() + " is " + thumbnail.getWidth() + "x"
                    + thumbnail.getHeight() + ", expected " + Thumbnails.SIZE + "x" + expectedHeight);
        }
        return op + ": thumbnail of " + photos[k].getName() + " decodes to " + thumbnail.getWidth() + "x"
                + thumbnail.getHeight();
    }

    /** Rows in the cache table (for tests and checks; not on a timed path). */
    long cachedThumbnails() throws Exception {
        return cache.count();
    }

    /** The photo files of this workload, in task order. */
    File[] photos() {
        return photos.clone();
    }

    @Override
    public void close() throws Exception {
        try {
            if (cache != null) {
                ThumbnailCache c = cache;
                cache = null;
                c.close();
            }
        } finally {
            if (dbDir != null) {
                GeneratedFiles.deleteRecursively(dbDir);
            }
        }
    }
}
