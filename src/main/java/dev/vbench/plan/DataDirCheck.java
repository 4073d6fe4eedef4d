package dev.vbench.plan;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks {@code --data-dir} before anything runs: it must be a directory vbench can create and
 * write, because workloads generate their inputs into it. Fails with one sentence that names the
 * fix, exit 2.
 */
final class DataDirCheck {

    private DataDirCheck() {}

    /**
     * Creates {@code dir} if needed and writes (then deletes) a probe file in it.
     *
     * @throws PlanException when that fails
     */
    static void checkWritable(Path dir) {
        try {
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".vbench-", ".probe");
            Files.delete(probe);
        } catch (IOException | SecurityException e) {
            throw new PlanException("--data-dir " + dir + " " + reason(dir, e)
                    + "; choose a directory you can write, or leave --data-dir out for the default cache directory");
        }
    }

    private static String reason(Path dir, Exception e) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return "is a file, not a directory";
        }
        if (e instanceof AccessDeniedException || e instanceof SecurityException) {
            return "is not writable (permission denied)";
        }
        // the file system's own reason ("Not a directory", "No space left on device"), never a Java class name
        String why = e instanceof FileSystemException fse && fse.getReason() != null ? fse.getReason() : e.getMessage();
        return "cannot be created or written" + (why == null ? "" : " (" + why + ")");
    }
}
