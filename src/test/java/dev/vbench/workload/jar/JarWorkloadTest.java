package dev.vbench.workload.jar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.workload.inputs.GeneratedFiles;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.jar.JarFile;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JarWorkloadTest {

    @TempDir
    static Path dataDir;

    static final List<String> warnings = new ArrayList<>();

    static JarReadWorkload prepared(String entry, int fanout) throws Exception {
        JarWorkloadProvider provider = new JarWorkloadProvider();
        Params params =
                Params.resolve("jar", provider.params(), Map.of("entry", entry, "fanout", String.valueOf(fanout)));
        JarReadWorkload w = (JarReadWorkload) provider.create(params);
        w.prepare(new PrepareContext(dataDir, 42, warnings::add, PrepareContext.Progress.NONE));
        return w;
    }

    @Test
    void jarHasTheFourEntriesStoredOrDeflatedWithTheLineFormat() throws Exception {
        try (JarReadWorkload w = prepared("small-stored", 1)) {
            w.verify();
        }
        Path file = dataDir.resolve("seed-42").resolve(BenchJar.FILE_NAME);
        try (JarFile jar = new JarFile(file.toFile())) {
            assertTrue(jar.getManifest() != null, "a real jar has a manifest");
            for (BenchJar.Spec spec : BenchJar.ENTRIES) {
                ZipEntry e = jar.getEntry(spec.name());
                assertEquals(spec.size(), e.getSize(), spec.name());
                assertEquals(
                        BenchJar.ENTRY_TIME, e.getTimeLocal(), "a fixed time keeps the bytes a function of the seed");
                assertEquals(spec.stored() ? ZipEntry.STORED : ZipEntry.DEFLATED, e.getMethod(), spec.name());
                if (!spec.stored()) {
                    assertTrue(e.getCompressedSize() < e.getSize() * 0.8, spec.name() + " is compressed");
                }
                byte[] content;
                try (InputStream in = jar.getInputStream(e)) {
                    content = in.readAllBytes();
                }
                CRC32 crc = new CRC32();
                crc.update(content);
                assertEquals(e.getCrc(), crc.getValue(), spec.name());
                String text = new String(content, StandardCharsets.US_ASCII);
                String[] lines = text.split("\n", -1);
                assertEquals("", lines[lines.length - 1], "ends with a newline");
                for (int i = 0; i < lines.length - 1; i++) {
                    boolean last = i == lines.length - 2;
                    assertTrue(
                            lines[i].matches(
                                    "[A-Za-z0-9]{" + (last && spec.size() == BenchJar.BIG_BYTES ? 32 : 64) + "}"),
                            spec.name() + " line " + i);
                }
            }
        }
        assertEquals(4_160, BenchJar.SMALL_BYTES);
        assertEquals(8_388_608, BenchJar.BIG_BYTES);
    }

    /**
     * The same seed writes the same bytes, another seed others: compared with the jar the workload's prepare
     * generated for seed 42 (the other tests' jar), so that two 16 MiB jars are written here, not three.
     */
    @Test
    void generationIsDeterministicPerSeed() throws Exception {
        try (JarReadWorkload w = prepared("small-stored", 1)) {
            w.verify();
        }
        Path prepared = dataDir.resolve("seed-42").resolve(BenchJar.FILE_NAME);
        Path a = dataDir.resolve("a.jar");
        Path c = dataDir.resolve("c.jar");
        BenchJar.write(a, 42, PrepareContext.Progress.NONE);
        BenchJar.write(c, 43, PrepareContext.Progress.NONE);
        assertEquals(GeneratedFiles.sha256(prepared), GeneratedFiles.sha256(a));
        assertTrue(!GeneratedFiles.sha256(a).equals(GeneratedFiles.sha256(c)));
    }

    @Test
    void everyEntryReadsItsSizeAndFanoutMultipliesIt() throws Exception {
        for (BenchJar.Spec spec : BenchJar.ENTRIES) {
            try (JarReadWorkload w = prepared(spec.name(), 3)) {
                assertEquals(spec.size(), w.read());
                assertEquals(3L * spec.size(), w.task().run(0));
                AtomicReference<Long> onVirtual = new AtomicReference<>();
                Thread.ofVirtual()
                        .start(() -> {
                            try {
                                onVirtual.set(w.task().run(1));
                            } catch (Exception e) {
                                throw new AssertionError(e);
                            }
                        })
                        .join();
                assertEquals(3L * spec.size(), onVirtual.get());
            }
        }
        assertEquals(List.of(), warnings);
    }

    @Test
    void fanoutRunsOnThreadsOfTheCallersKind() throws Exception {
        try (JarReadWorkload w = prepared("small-compressed", 2)) {
            Executor platform = w.fanoutThreads();
            assertNotSame(JarReadWorkload.VIRTUAL_THREAD_PER_READ, platform);
            AtomicReference<Executor> fromVirtual = new AtomicReference<>();
            Thread.ofVirtual().start(() -> fromVirtual.set(w.fanoutThreads())).join();
            assertSame(JarReadWorkload.VIRTUAL_THREAD_PER_READ, fromVirtual.get());
            AtomicReference<Boolean> virtualReader = new AtomicReference<>();
            JarReadWorkload.VIRTUAL_THREAD_PER_READ.execute(
                    () -> virtualReader.set(Thread.currentThread().isVirtual()));
            for (int i = 0; i < 100 && virtualReader.get() == null; i++) {
                Thread.sleep(5);
            }
            assertEquals(Boolean.TRUE, virtualReader.get());
            AtomicReference<Boolean> platformReader = new AtomicReference<>();
            platform.execute(() -> platformReader.set(Thread.currentThread().isVirtual()));
            for (int i = 0; i < 100 && platformReader.get() == null; i++) {
                Thread.sleep(5);
            }
            assertEquals(Boolean.FALSE, platformReader.get());
        }
    }
}
