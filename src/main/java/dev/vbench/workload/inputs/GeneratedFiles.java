package dev.vbench.workload.inputs;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.WorkloadException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A directory of generated input files with a manifest ({@value #MANIFEST}: one line
 * {@code sha256 size name} per file), generated once and verified (size and SHA-256) before every
 * reuse. A directory that is corrupt (a file changed, truncated or missing) or partial (no
 * manifest: an earlier generation was interrupted) is regenerated with a one-line warning.
 * Generation happens in a sibling temporary directory that replaces the old one only when
 * complete, so an interrupted generation never leaves a directory that passes verification.
 *
 * <pre>{@code
 * boolean regenerated = GeneratedFiles.ensure(dir, "generated jar", context,
 *         tmp -> JarInput.write(tmp.resolve("bench.jar"), seed));
 * }</pre>
 */
public final class GeneratedFiles {

    /** Name of the manifest file written last into a complete directory. */
    public static final String MANIFEST = "MANIFEST.sha256";

    /** Writes the files of a directory; called with an empty temporary directory. */
    @FunctionalInterface
    public interface Generator {
        void generate(Path dir) throws IOException;
    }

    /** One manifest line. */
    public record Entry(String name, long size, String sha256) {}

    private GeneratedFiles() {}

    /**
     * Makes sure {@code dir} holds verified generated files: reuses it when it verifies, else
     * (re)generates it, warning through {@code context} when an existing directory was corrupt or
     * partial.
     *
     * @param what what the files are, for the warning (e.g. "generated photos")
     * @return true when the files were (re)generated
     * @throws WorkloadException (exit 3) when the directory cannot be written
     */
    public static boolean ensure(Path dir, String what, PrepareContext context, Generator generator) {
        try {
            String problem = check(dir);
            if (problem == null) {
                return false;
            }
            if (!problem.isEmpty()) {
                context.warn().accept(what + " in " + dir + " " + problem + "; regenerating");
            }
            Path tmp = createSiblingTemp(dir);
            try {
                generator.generate(tmp);
                writeManifest(tmp);
                replaceDirectory(tmp, dir);
            } finally {
                deleteRecursively(tmp);
            }
            return true;
        } catch (IOException | UncheckedIOException e) {
            throw unwritable(dir, e);
        }
    }

    /**
     * Checks {@code dir} against its manifest.
     *
     * @return null when it verifies; "" when it does not exist yet (first use); otherwise what is
     *     wrong, completing the sentence "generated photos in DIR ..."
     */
    public static String check(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return "";
        }
        Path manifest = dir.resolve(MANIFEST);
        if (!Files.exists(manifest)) {
            try (Stream<Path> s = Files.list(dir)) {
                return s.findAny().isEmpty() ? "" : "is partial (no manifest; an earlier generation was interrupted)";
            }
        }
        Map<String, Entry> entries;
        try {
            entries = readManifest(dir);
        } catch (IllegalArgumentException e) {
            return "has an unreadable manifest (" + e.getMessage() + ")";
        }
        for (Entry e : entries.values()) {
            String problem = checkFile(dir.resolve(e.name()), e);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    /** What is wrong with {@code file} compared with {@code expected}, or null when it matches. */
    public static String checkFile(Path file, Entry expected) throws IOException {
        if (!Files.isRegularFile(file)) {
            return "is partial (" + expected.name() + " is missing)";
        }
        long size = Files.size(file);
        if (size != expected.size()) {
            return "is corrupt (" + expected.name() + " has " + size + " bytes, expected " + expected.size() + ")";
        }
        if (!sha256(file).equals(expected.sha256())) {
            return "is corrupt (" + expected.name() + " does not match its SHA-256 checksum)";
        }
        return null;
    }

    /**
     * The manifest of a complete directory, by file name.
     *
     * @throws IllegalArgumentException when a line is malformed
     */
    public static Map<String, Entry> readManifest(Path dir) throws IOException {
        Map<String, Entry> entries = new LinkedHashMap<>();
        for (String line : Files.readAllLines(dir.resolve(MANIFEST), StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                continue;
            }
            String[] parts = line.split(" ", 3);
            if (parts.length != 3 || parts[0].length() != 64) {
                throw new IllegalArgumentException("bad line '" + line + "'");
            }
            try {
                entries.put(parts[2], new Entry(parts[2], Long.parseLong(parts[1]), parts[0]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad size in '" + line + "'");
            }
        }
        return entries;
    }

    /** Lower-case hex SHA-256 of a file's content. */
    public static String sha256(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** Creates an empty temporary directory next to {@code dir} (same file system, so it can be renamed). */
    public static Path createSiblingTemp(Path dir) throws IOException {
        Path parent = dir.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        return Files.createTempDirectory(parent, "." + dir.getFileName() + ".tmp-");
    }

    /** Replaces {@code dir} (if any) by the complete directory {@code tmp}. */
    public static void replaceDirectory(Path tmp, Path dir) throws IOException {
        deleteRecursively(dir);
        try {
            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, dir);
        }
    }

    /** Deletes {@code path} and everything under it; nothing when it does not exist. */
    public static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> s = Files.walk(path)) {
            all = new ArrayList<>(s.sorted(Comparator.reverseOrder()).toList());
        }
        for (Path p : all) {
            try {
                Files.delete(p);
            } catch (NoSuchFileException ignored) {
                // already gone
            }
        }
    }

    /** Hashes every regular file in {@code dir} and writes the manifest last. */
    private static void writeManifest(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().equals(MANIFEST))
                    .sorted()
                    .toList();
        }
        StringBuilder text = new StringBuilder();
        for (Path f : files) {
            text.append(sha256(f))
                    .append(' ')
                    .append(Files.size(f))
                    .append(' ')
                    .append(f.getFileName())
                    .append('\n');
        }
        Files.writeString(dir.resolve(MANIFEST), text, StandardCharsets.UTF_8);
    }

    /** The exception for a data directory that cannot be written. */
    public static WorkloadException unwritable(Path dir, Exception cause) {
        return WorkloadException.environment(
                "cannot write generated inputs in " + dir + " (" + cause.getMessage()
                        + "); check free space and permissions, or choose another --data-dir",
                cause);
    }
}
