package dev.vbench.workload.jar;

import dev.vbench.spi.PrepareContext;
import dev.vbench.workload.inputs.Seeds;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import java.util.SplittableRandom;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;

/**
 * The generated input jar: four entries of text lines (64 random {@code [A-Za-z0-9]} characters
 * and {@code '\n'}), two small (4,160 bytes = 64 lines) and two big (exactly 8 MiB: 129,055 whole
 * lines and a last line of 32 characters + {@code '\n'}), each once STORED (CRC and sizes set, as
 * the ZIP format requires) and once DEFLATED (default level), written with
 * {@link JarOutputStream} together with a {@code META-INF/MANIFEST.MF}. Every entry has its own
 * content, derived from the seed, and a fixed modification time, so the same seed gives the same
 * bytes.
 *
 * <pre>{@code
 * BenchJar.write(dir.resolve(BenchJar.FILE_NAME), 42, PrepareContext.Progress.NONE);
 * }</pre>
 */
public final class BenchJar {

    /** File name of the jar inside the data directory. */
    public static final String FILE_NAME = "bench.jar";

    /** Characters of one line, then {@code '\n'}. */
    static final int LINE_CHARS = 64;

    static final int LINE_BYTES = LINE_CHARS + 1;
    /** 64 lines: 4,160 bytes, the source's small file. */
    static final int SMALL_BYTES = 64 * LINE_BYTES;
    /** 8 MiB; the source's exact big size is not recoverable. */
    static final int BIG_BYTES = 8 * 1024 * 1024;

    /** Modification time of every entry: fixed, so the jar's bytes depend on the seed only. */
    static final LocalDateTime ENTRY_TIME = LocalDateTime.of(2024, 1, 1, 0, 0);

    private static final byte[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".getBytes(StandardCharsets.US_ASCII);

    /** One entry of the jar: its name, size and whether it is stored or deflated. */
    public record Spec(String name, int size, boolean stored) {}

    /** The four entries, in the order they are written. */
    public static final List<Spec> ENTRIES = List.of(
            new Spec("small-stored", SMALL_BYTES, true),
            new Spec("small-compressed", SMALL_BYTES, false),
            new Spec("big-stored", BIG_BYTES, true),
            new Spec("big-compressed", BIG_BYTES, false));

    private BenchJar() {}

    /** The entry called {@code name}. */
    public static Spec entry(String name) {
        return ENTRIES.stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no entry " + name));
    }

    /** Entry names, for the parameter's allowed values. */
    public static String[] names() {
        return ENTRIES.stream().map(Spec::name).toArray(String[]::new);
    }

    /** Writes the jar to {@code file}. */
    public static void write(Path file, long seed, PrepareContext.Progress progress) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().putValue("Created-By", "vbench jar workload (seed " + seed + ")");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
                JarOutputStream jar = new JarOutputStream(out)) {
            ZipEntry manifestEntry = new ZipEntry(JarFile.MANIFEST_NAME);
            manifestEntry.setTimeLocal(ENTRY_TIME);
            jar.putNextEntry(manifestEntry);
            manifest.write(jar);
            jar.closeEntry();
            for (int i = 0; i < ENTRIES.size(); i++) {
                Spec spec = ENTRIES.get(i);
                progress.update("generating " + FILE_NAME, i, ENTRIES.size());
                writeEntry(jar, spec, content(spec.size(), Seeds.derive(seed, i)));
            }
            progress.update("generating " + FILE_NAME, ENTRIES.size(), ENTRIES.size());
        }
    }

    private static void writeEntry(JarOutputStream jar, Spec spec, byte[] content) throws IOException {
        ZipEntry entry = new ZipEntry(spec.name());
        entry.setTimeLocal(ENTRY_TIME);
        if (spec.stored()) {
            CRC32 crc = new CRC32();
            crc.update(content);
            entry.setMethod(ZipEntry.STORED);
            entry.setSize(content.length);
            entry.setCompressedSize(content.length);
            entry.setCrc(crc.getValue());
        } else {
            entry.setMethod(ZipEntry.DEFLATED);
        }
        jar.putNextEntry(entry);
        jar.write(content);
        jar.closeEntry();
    }

    /** {@code size} bytes of lines of 64 random alphanumerics + newline; a short last line when needed. */
    static byte[] content(int size, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            boolean endOfLine = i % LINE_BYTES == LINE_CHARS || i == size - 1;
            b[i] = endOfLine ? (byte) '\n' : ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return b;
    }
}
