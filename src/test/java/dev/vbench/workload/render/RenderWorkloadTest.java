package dev.vbench.workload.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RenderWorkloadTest {

    static Workload prepared(String requests, String encode) throws Exception {
        RenderWorkloadProvider provider = new RenderWorkloadProvider();
        Workload w = provider.create(
                Params.resolve("render", provider.params(), Map.of("requests", requests, "encode", encode)));
        w.prepare(new PrepareContext(Path.of("unused"), 42, m -> {}, PrepareContext.Progress.NONE));
        return w;
    }

    @Test
    void requestSizesAreSeededAndWithinTheBenchmarksRanges() {
        MapRequests a = MapRequests.generate(42, 1000);
        MapRequests b = MapRequests.generate(42, 1000);
        int minW = Integer.MAX_VALUE;
        int maxW = 0;
        int minH = Integer.MAX_VALUE;
        int maxH = 0;
        for (int i = 0; i < a.count(); i++) {
            assertEquals(a.width(i), b.width(i));
            assertEquals(a.height(i), b.height(i));
            minW = Math.min(minW, a.width(i));
            maxW = Math.max(maxW, a.width(i));
            minH = Math.min(minH, a.height(i));
            maxH = Math.max(maxH, a.height(i));
        }
        assertTrue(minW >= 128 && minW < 140 && maxW <= 1024 && maxW > 1010, minW + ".." + maxW);
        assertTrue(minH >= 128 && minH < 140 && maxH <= 768 && maxH > 755, minH + ".." + maxH);
        assertNotEquals(a.width(0), MapRequests.generate(43, 1).width(0));
    }

    @Test
    void pngDecodesToTheRequestedSizeAndTheTaskCountsItsBytes() throws Exception {
        try (Workload w = prepared("5", "png")) {
            String verified = w.verify();
            assertTrue(verified.contains("decodes to"), verified);
            for (int i = 0; i < 5; i++) {
                assertTrue(w.task().run(i) > 1000, "a PNG of a map is more than a kilobyte");
            }
            assertEquals(w.task().run(2), w.task().run(7), "task 7 draws request 7 % 5 = 2 again");
        }
        try (Workload w = prepared("3", "none")) {
            w.verify();
            w.task().run(0);
        }
    }

    @Test
    void featureCountsScaleWithAreaSoBigMapsAreBusier() {
        MapPainter painter = new MapPainter(new String[] {"Calle Mayor 1"});
        BufferedImage small = painter.paint(128, 128, 1);
        BufferedImage big = painter.paint(1024, 768, 1);
        assertEquals(128, small.getWidth());
        assertEquals(768, big.getHeight());
        assertEquals(BufferedImage.TYPE_3BYTE_BGR, big.getType());
        assertEquals(0.25, MapPainter.area(128, 128));
        assertEquals(12.0, MapPainter.area(1024, 768));
        // pixels that are not the land colour were drawn by a feature
        assertTrue(drawnPerMille(big) > 0 && drawnPerMille(small) > 0);
        assertTrue(drawnPixels(big) > 10 * drawnPixels(small), drawnPixels(big) + " vs " + drawnPixels(small));
    }

    private static long drawnPixels(BufferedImage image) {
        long drawn = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xffffff) != 0xF2EFE9) {
                    drawn++;
                }
            }
        }
        return drawn;
    }

    private static long drawnPerMille(BufferedImage image) {
        return drawnPixels(image) * 1000 / ((long) image.getWidth() * image.getHeight());
    }

    /** What a bare container without fonts throws (seen on a 16-core machine): one environment error with the fix. */
    @Test
    void noFontsIsAnEnvironmentErrorNamingTheFix() {
        WorkloadException e = assertThrows(
                WorkloadException.class,
                () -> RenderWorkload.checkFonts(() -> {
                    throw new RuntimeException("Fontconfig head is null, check your fonts or fonts configuration");
                }));
        assertEquals(WorkloadException.ENVIRONMENT, e.exitCode());
        assertEquals(
                "render: Java2D cannot draw text here (Fontconfig head is null, check your fonts or fonts"
                        + " configuration); install fontconfig and a font (Debian/Ubuntu: apt-get install fontconfig"
                        + " fonts-dejavu-core)",
                e.getMessage());
        RenderWorkload.checkFonts(() -> {}); // drawing works: nothing thrown
    }
}
