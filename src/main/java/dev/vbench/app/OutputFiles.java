package dev.vbench.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The one place that writes output files: atomically (temp file in the same folder, then rename), or
 * appended to a file another program owns ({@link #append}).
 */
public final class OutputFiles {

    private OutputFiles() {}

    /**
     * Fails early, before any measurement, when {@code file} cannot be written.
     *
     * @throws UsageException naming the file and the fix
     */
    public static void checkWritable(Path file) {
        checkWritable(file, "-o");
    }

    /**
     * Like {@link #checkWritable(Path)} for the file of another option.
     *
     * @param option the option that names the file, for messages ({@code --comment-file})
     */
    public static void checkWritable(Path file, String option) {
        Path absolute = file.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new UsageException(option + " " + file + " is a directory; give a file name such as "
                    + file.resolve("result.json"));
        }
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UsageException(option + " " + file + ": directory " + dir + " does not exist; create it first");
        }
        try {
            Path probe = Files.createTempFile(dir, ".vbench-", ".probe");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new UsageException(option + " " + file + ": cannot write in " + dir + "; choose a writable location");
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new UsageException(option + " " + file + " exists and is not writable; choose another name");
        }
    }

    /**
     * Appends {@code text} to {@code file} (created when missing): for a file another program owns and
     * reads after this process ends, such as a CI step's summary, which must keep what is already in it.
     */
    public static void append(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND, java.nio.file.StandardOpenOption.WRITE);
    }

    /**
     * A temp file is created owner-only (0600); a result file should have the permissions the file
     * it replaces had, or rw-r--r-- like any new file, so sharing a result needs no chmod.
     */
    private static void keepUsualPermissions(Path tmp, Path target) {
        try {
            java.util.Set<java.nio.file.attribute.PosixFilePermission> perms = Files.exists(target)
                    ? Files.getPosixFilePermissions(target)
                    : java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--");
            Files.setPosixFilePermissions(tmp, perms);
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system: keep the platform's default
        }
    }

    /** Writes {@code text} to {@code file} so readers see either the old or the new content. */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path tmp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            keepUsualPermissions(tmp, absolute);
            try {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
