package dev.vbench.loader;

import dev.vbench.result.CodeEntry;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * A class path as {@code java -cp} takes it: entries separated by {@link File#pathSeparator}, each a
 * directory, a jar, or {@code dir/*} (every jar in {@code dir}, in name order), relative to the working
 * directory.
 *
 * <pre>{@code
 * ClassPathEntries cp = ClassPathEntries.parse("target/classes:lib/*", Path.of(""));
 * }</pre>
 *
 * @param entries the entries in order, {@code dir/*} expanded
 */
public record ClassPathEntries(List<Entry> entries) {

    /**
     * One entry.
     *
     * @param given the path as the user wrote it (for a {@code dir/*} entry: {@code dir/NAME.jar})
     * @param path the absolute path
     * @param kind {@link CodeEntry#JAR} or {@link CodeEntry#DIRECTORY}
     */
    public record Entry(String given, Path path, String kind) {}

    public static final ClassPathEntries EMPTY = new ClassPathEntries(List.of());

    public ClassPathEntries {
        entries = List.copyOf(entries);
    }

    /**
     * Parses {@code text}; blank gives {@link #EMPTY}.
     *
     * @throws IllegalArgumentException one sentence naming the missing or unreadable entry and the fix
     */
    public static ClassPathEntries parse(String text, Path workingDir) {
        if (text == null || text.isBlank()) {
            return EMPTY;
        }
        List<Entry> out = new ArrayList<>();
        for (String raw : text.split(File.pathSeparator)) {
            String given = raw.strip();
            if (given.isEmpty()) {
                continue;
            }
            if (given.equals("*") || given.endsWith("/*") || given.endsWith(File.separator + "*")) {
                String dirText = given.length() == 1 ? "." : given.substring(0, given.length() - 2);
                Path dir = workingDir.resolve(dirText).toAbsolutePath().normalize();
                if (!Files.isDirectory(dir)) {
                    throw new IllegalArgumentException("class path entry '" + given + "': " + dir
                            + " is not a directory; fix the path in --classpath (or VBENCH_CLASSPATH)");
                }
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path jar : files.filter(p -> p.getFileName()
                                    .toString()
                                    .toLowerCase(Locale.ROOT)
                                    .endsWith(".jar"))
                            .sorted()
                            .toList()) {
                        String prefix = given.length() == 1 ? "" : given.substring(0, given.length() - 1);
                        out.add(jarEntry(prefix + jar.getFileName(), jar));
                    }
                } catch (IOException e) {
                    throw new IllegalArgumentException("class path entry '" + given + "': cannot list " + dir + " ("
                            + e.getMessage() + "); fix the path in --classpath");
                }
                continue;
            }
            Path path = workingDir.resolve(given).toAbsolutePath().normalize();
            if (Files.isDirectory(path)) {
                out.add(new Entry(given, path, CodeEntry.DIRECTORY));
            } else if (Files.isRegularFile(path)) {
                out.add(jarEntry(given, path));
            } else {
                throw new IllegalArgumentException("class path entry '" + given + "' does not exist (looked for " + path
                        + "); fix the path in --classpath (or VBENCH_CLASSPATH)");
            }
        }
        return new ClassPathEntries(out);
    }

    private static Entry jarEntry(String given, Path path) {
        try (ZipFile ignored = new ZipFile(path.toFile())) {
            return new Entry(given, path, CodeEntry.JAR);
        } catch (IOException e) {
            throw new IllegalArgumentException("class path entry '" + given + "' is not a jar or a directory (" + path
                    + "); give a jar, a directory of classes, or dir/*");
        }
    }

    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /** The absolute paths joined with {@link File#pathSeparator}: what a child JVM is given. */
    public String absolute() {
        return String.join(
                File.pathSeparator,
                entries.stream().map(e -> e.path().toString()).toList());
    }

    /** What the user wrote, for messages: "a.jar, classes/". */
    public String describe() {
        return String.join(", ", entries.stream().map(Entry::given).toList());
    }

    /** Each entry with its SHA-256 (a directory: over its class files). */
    public List<CodeEntry> fingerprints() {
        return entries.stream()
                .map(e -> new CodeEntry(
                        e.given(),
                        e.kind(),
                        CodeEntry.DIRECTORY.equals(e.kind()) ? directoryHash(e.path()) : fileHash(e.path())))
                .toList();
    }

    /** Hex SHA-256 of a file's bytes. */
    static String fileHash(Path file) {
        MessageDigest md = sha256();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = in.read(buffer)) > 0; ) {
                md.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    /** Hex SHA-256 over every {@code .class} file below {@code dir}: relative path, NUL, content hash, in path order. */
    static String directoryHash(Path dir) {
        MessageDigest md = sha256();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(
                            p -> Files.isRegularFile(p) && p.toString().endsWith(".class"))
                    .sorted()
                    .toList()) {
                md.update(dir.relativize(f)
                        .toString()
                        .replace(File.separatorChar, '/')
                        .getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
                md.update(fileHash(f).getBytes(StandardCharsets.US_ASCII));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return HexFormat.of().formatHex(md.digest());
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
