package dev.vbench.app;

import dev.vbench.jvm.ScratchDir;
import dev.vbench.spi.Redactor;
import dev.vbench.text.Numbers;
import dev.vbench.text.Printable;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;

/**
 * The one place that writes output files: atomically (temp file in the same folder, then rename), or
 * appended to a file another program owns ({@link #append}); every secret masked ({@code Redactor}).
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
            throw new UsageException(
                    option + " " + file + " is a directory; give a file name such as " + file.resolve("result.json"));
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
     * Makes this process the one writer of {@code file} until the claim is closed: a lock file beside it
     * ({@code .NAME.lock}, holding this process's id and start) locked by the operating system, which frees it
     * when the process ends however it ends ({@code kill -9} included). A second run writing the same file would otherwise replace the first's
     * results without a word: it is refused before it measures anything.
     *
     * @throws UsageException naming the process that writes the file, when another holds it
     */
    public static Claim claim(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        Path lock = absolute.resolveSibling("." + absolute.getFileName() + ".lock");
        FileChannel channel = null;
        try {
            channel = FileChannel.open(
                    lock, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            FileLock held;
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                held = null; // this process writes it already (another run in the same JVM)
            }
            if (held == null) {
                String other = new String(
                                Channels.newInputStream(channel.position(0)).readNBytes(200), StandardCharsets.UTF_8)
                        .strip();
                channel.close();
                throw new UsageException("-o " + file + " is being written by another vbench run"
                        + (other.isEmpty() ? "" : " (" + Printable.escape(other) + ")")
                        + "; wait for it to end, or write to another file");
            }
            channel.truncate(0);
            channel.write(
                    ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + ", started "
                                    + Instant.now().truncatedTo(ChronoUnit.SECONDS))
                            .getBytes(StandardCharsets.UTF_8)),
                    0);
            channel.force(false);
            return new Claim(channel);
        } catch (IOException e) {
            closeQuietly(channel);
            return new Claim(null); // a folder without locks (some network file systems): unguarded, as before
        }
    }

    private static void closeQuietly(Closeable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (IOException ignored) {
            // closing a lock we never held
        }
    }

    /**
     * This process's claim on an output file ({@link #claim}); closing it (or the process ending) lets another run
     * write the file. The lock file stays: the next run takes it over.
     */
    public static final class Claim implements AutoCloseable {
        private final FileChannel channel;

        private Claim(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void close() {
            closeQuietly(channel);
        }
    }

    /**
     * Fails before any measurement when the file system of {@code file} has less room than what will be
     * written there ({@code bytes}, an estimate), so that a full disk does not cost the first cell.
     *
     * @throws EnvironmentException (exit 3) naming the folder, the room left and the room needed
     */
    public static void checkSpace(Path file, long bytes) {
        Path dir = file.toAbsolutePath().getParent();
        long usable;
        try {
            usable = Files.getFileStore(dir).getUsableSpace();
        } catch (IOException | SecurityException e) {
            return; // no figure: the writes say what is wrong
        }
        checkSpace(file, bytes, usable);
    }

    /** {@link #checkSpace(Path, long)} with the room left known. */
    static void checkSpace(Path file, long bytes, long usableBytes) {
        if (usableBytes < bytes) {
            throw new EnvironmentException(
                    "-o " + file + ": " + Numbers.bytes(usableBytes) + " left on the"
                            + " file system of " + file.toAbsolutePath().getParent() + ", and the results need about "
                            + Numbers.bytes(bytes) + "; free some room or write them elsewhere",
                    null);
        }
    }

    /**
     * Appends {@code text} to {@code file} (created when missing): for a file another program owns and
     * reads after this process ends, such as a CI step's summary, which must keep what is already in it.
     */
    public static void append(Path file, String text) throws IOException {
        Files.writeString(
                file,
                Redactor.redact(text),
                StandardCharsets.UTF_8,
                StandardOpenOption.CREATE,
                StandardOpenOption.APPEND,
                StandardOpenOption.WRITE);
    }

    /**
     * A temp file is created owner-only (0600); a result file should have the permissions the file
     * it replaces had, or rw-r--r-- like any new file, so sharing a result needs no chmod.
     */
    private static void keepUsualPermissions(Path tmp, Path target) {
        try {
            Set<PosixFilePermission> perms = Files.exists(target)
                    ? Files.getPosixFilePermissions(target)
                    : PosixFilePermissions.fromString("rw-r--r--");
            Files.setPosixFilePermissions(tmp, perms);
        } catch (UnsupportedOperationException | IOException e) {
            // not a POSIX file system: keep the platform's default
        }
    }

    /**
     * Writes {@code text} to {@code file} so readers see either the old or the new content, with every
     * secret masked ({@link Redactor}: what vbench writes is never a place a password ends up in).
     */
    public static void writeAtomically(Path file, String text) throws IOException {
        Path absolute = file.toAbsolutePath();
        Path tmp = Files.createTempFile(absolute.getParent(), "." + absolute.getFileName() + ".", ".tmp");
        ScratchDir.track(tmp); // removed should a halt cut this write short (the launcher killed)
        try {
            Files.writeString(tmp, Redactor.redact(text), StandardCharsets.UTF_8);
            keepUsualPermissions(tmp, absolute);
            try {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
            ScratchDir.untrack(tmp);
        }
    }
}
