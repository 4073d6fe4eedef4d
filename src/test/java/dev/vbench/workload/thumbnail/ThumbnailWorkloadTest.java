package dev.vbench.workload.thumbnail;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.testing.SlowFirst;
import dev.vbench.workload.inputs.GeneratedFiles;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import javax.imageio.ImageReadParam;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag(SlowFirst.SLOW)
class ThumbnailWorkloadTest {

    @TempDir
    static Path dataDir;

    static final List<String> warnings = new ArrayList<>();

    static PrepareContext context() {
        return new PrepareContext(dataDir, 42, warnings::add, PrepareContext.Progress.NONE);
    }

    static ThumbnailWorkload prepared(Map<String, String> given) throws Exception {
        ThumbnailWorkloadProvider provider = new ThumbnailWorkloadProvider();
        Params params = Params.resolve("thumbnail", provider.params(), given);
        ThumbnailWorkload w = (ThumbnailWorkload) provider.create(params);
        w.prepare(context());
        return w;
    }

    @Test
    void photosAreDistinctProgressiveFullHdJpegsOfTheSourcesSizes() throws Exception {
        List<Path> folder = PhotoFolder.ensure(context(), 12);
        assertEquals(12, folder.size());
        assertEquals("img_0011.jpg", folder.get(11).getFileName().toString());
        Path photos = dataDir.resolve("seed-42").resolve("photos");
        assertTrue(Files.isSameFile(folder.get(10), photos.resolve("photo_00.jpg")), "img_0010 cycles back to photo 0");
        Set<String> checksums = new HashSet<>();
        for (int k = 0; k < PhotoFolder.DISTINCT; k++) {
            Path photo = photos.resolve(PhotoFolder.sourceName(k));
            long size = Files.size(photo);
            assertTrue(size >= 65 * 1024 && size <= 340_000, photo + " has " + size + " bytes");
            byte[] bytes = Files.readAllBytes(photo);
            assertTrue(hasMarker(bytes, 0xC2), photo + " is progressive (SOF2)");
            // the size from the header, the bands from a full decode of every scan that keeps one pixel in 8 x 8:
            // the pixels' conversion, not the decoding, was most of this test's CPU
            ImageReader reader = ImageIO.getImageReadersByFormatName("jpeg").next();
            try (ImageInputStream in = ImageIO.createImageInputStream(photo.toFile())) {
                reader.setInput(in);
                assertEquals(1920, reader.getWidth(0));
                assertEquals(1080, reader.getHeight(0));
                ImageReadParam param = reader.getDefaultReadParam();
                param.setSourceSubsampling(8, 8, 0, 0);
                BufferedImage image = reader.read(0, param);
                assertEquals(1920 / 8, image.getWidth());
                assertEquals(3, image.getRaster().getNumBands());
            } finally {
                reader.dispose();
            }
            checksums.add(GeneratedFiles.sha256(photo));
        }
        assertEquals(PhotoFolder.DISTINCT, checksums.size());
        assertEquals(List.of(), warnings);
    }

    /** Whether a JPEG has the start-of-frame marker {@code 0xFF marker} (0xC2: progressive DCT). */
    private static boolean hasMarker(byte[] jpeg, int marker) {
        for (int i = 0; i + 1 < jpeg.length; i++) {
            if ((jpeg[i] & 0xff) == 0xff && (jpeg[i + 1] & 0xff) == marker) {
                return true;
            }
        }
        return false;
    }

    @Test
    void coldLoadStoresA150x84ThumbnailPerPhotoAndEachTrialStartsEmpty() throws Exception {
        try (ThumbnailWorkload w = prepared(Map.of("files", "3"))) {
            assertTrue(w.verify().contains("decodes to 150x84"));
            Task task = w.task();
            for (int i = 0; i < 3; i++) {
                assertTrue(task.run(i) > 500, "a JPEG thumbnail of some hundred bytes");
            }
            assertEquals(3, w.cachedThumbnails());
            w.beforeTrial();
            assertEquals(0, w.cachedThumbnails());
        }
    }

    @Test
    void concurrentPhotosOnVirtualThreadsAllLandInTheCache() throws Exception {
        try (ThumbnailWorkload w = prepared(Map.of("files", "3"));
                ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            w.beforeTrial();
            Task task = w.task();
            List<Future<Long>> results = new ArrayList<>();
            for (int i = 0; i < 9; i++) { // each photo three times at once: concurrent upserts of one key
                long index = i;
                results.add(executor.submit(() -> task.run(index)));
            }
            for (Future<Long> r : results) {
                assertTrue(r.get() > 0);
            }
            assertEquals(3, w.cachedThumbnails());
        }
    }

    @Test
    void warmLoadReadsTheCachedThumbnail() throws Exception {
        try (ThumbnailWorkload w = prepared(Map.of("files", "2", "cache", "warm"))) {
            assertEquals(2, w.cachedThumbnails(), "filled in prepare");
            w.beforeTrial();
            assertEquals(2, w.cachedThumbnails(), "a warm cache is kept between trials");
            assertTrue(w.task().run(1) > 150);
            assertTrue(w.verify().contains("150x84"));
        }
    }

    @Test
    void cacheMicroOpsRunOverAThousandCachedThumbnails() throws Exception {
        for (String op : List.of("exists", "hit", "uptodate")) {
            try (ThumbnailWorkload w = prepared(Map.of("op", op))) {
                assertEquals(1000, w.cachedThumbnails());
                assertTrue(w.verify().contains("150x150"), op);
                if (op.equals("uptodate")) {
                    assertUpToDateComparesWithTheFile(w);
                }
            }
        }
        assertEquals(
                1000,
                new ThumbnailWorkloadProvider()
                        .defaultTasks(Params.resolve(
                                "thumbnail", new ThumbnailWorkloadProvider().params(), Map.of("op", "hit")))
                        .getAsLong());
    }

    private static void assertUpToDateComparesWithTheFile(ThumbnailWorkload w) throws Exception {
        Task task = w.task();
        for (long i = 0; i < 50; i++) {
            assertEquals(1, task.run(i), "every cached thumbnail is up to date");
        }
        File[] photos = w.photos();
        FileTime[] original = new FileTime[photos.length];
        for (int i = 0; i < photos.length; i++) {
            original[i] = Files.getLastModifiedTime(photos[i].toPath());
        }
        try {
            for (File photo : photos) {
                Files.setLastModifiedTime(photo.toPath(), FileTime.fromMillis(original[0].toMillis() + 60_000));
            }
            for (long i = 0; i < 50; i++) {
                assertEquals(0, task.run(i), "a changed file is not up to date");
            }
        } finally {
            for (int i = 0; i < photos.length; i++) {
                Files.setLastModifiedTime(photos[i].toPath(), original[i]);
            }
        }
    }

    @Test
    void defaultTasksAreTheFolderSoMakespanIsPerFolderTime() {
        ThumbnailWorkloadProvider p = new ThumbnailWorkloadProvider();
        assertEquals(
                50,
                p.defaultTasks(Params.resolve("thumbnail", p.params(), Map.of("files", "50")))
                        .getAsLong());
        assertTrue(p.notes().startsWith("Per-folder time = makespan"));
    }
}
