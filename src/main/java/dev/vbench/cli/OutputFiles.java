package dev.vbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The one place that writes output files: atomically (temp file in the same folder, then rename). */
public final class OutputFiles {

    private OutputFiles() {}

    /**
     * Fails early, before any measurement, when {@code file} cannot be written.
     *
     * @throws UsageException naming the file and the fix
     */
    public static void checkWritable(Path file) {
        Path absolute = file.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new UsageException("-o " + file + " is a directory; give a file name such as " + file.resolve("result.json"));
        }
        Path dir = absolute.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new UsageException("-o " + file + ": directory " + dir + " does not exist; create it first");
        }
        try {
            Path probe = Files.createTempFile(dir, ".vbench-", ".probe");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new UsageException("-o " + file + ": cannot write in " + dir + "; choose a writable location");
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new UsageException("-o " + file + " exists and is not writable; choose another name");
        }
    }

    /** Writes {@code text} to {@code file} so readers see either the old or the new content. */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path tmp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
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
