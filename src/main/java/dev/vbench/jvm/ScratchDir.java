package dev.vbench.jvm;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Where this vbench JVM keeps its temporary files (a fork's result and log, JFR recordings, thread dumps,
 * probe logs): one folder of its own in the system's temporary directory, {@code vbench-PID-START-…}
 * (the process id and its start time, mode 0700), removed when the JVM exits (when empty). A JVM that never got to
 * exit (killed with {@code kill -9}, a crash, {@code Runtime.halt} in user code) leaves it behind: the
 * next vbench that makes its own folder removes every such folder of a process that is gone, and the
 * launcher's state folders ({@code vbench-launcher.PID.…}) of a launcher that is gone. Only the current
 * user's are looked at.
 *
 * <pre>{@code
 * Path log = ScratchDir.createTempFile("vbench-fork-", ".log"); // /tmp/vbench-4242-1733…-8817/vbench-fork-….log
 * }</pre>
 */
public final class ScratchDir {

    /** The start of every folder name of this kind. */
    static final String PREFIX = "vbench-";
    /** {@code vbench-PID-STARTMILLIS-RANDOM}: this JVM's folder. */
    private static final Pattern OWN = Pattern.compile("vbench-(\\d+)-(\\d+)-\\d+");
    /** {@code vbench-launcher.PID.XXXXXX}: the state folder of a launcher (bin/vbench) that supervises a run. */
    private static final Pattern LAUNCHER = Pattern.compile("vbench-launcher\\.(\\d+)\\.[A-Za-z0-9]+");
    /** Files of a fork of an older vbench (no process id in the name): removed once they are this old. */
    private static final Duration OLD_FORK_FILES = Duration.ofDays(1);
    /** A fork plan file of an older vbench holds secrets, and its fork read it at once: removed sooner. */
    private static final Duration OLD_PLAN_FILES = Duration.ofMinutes(10);

    private static Path dir;
    private static volatile boolean abandoned;
    /** Temporary files of this JVM's outside its folder (an atomic write's, beside its target) while they exist. */
    private static final Set<Path> OUTSIDE = ConcurrentHashMap.newKeySet();

    private ScratchDir() {}

    /** This JVM's folder, made (and the leftovers of processes that are gone removed) on first use. */
    public static synchronized Path get() throws IOException {
        if (dir != null && Files.isDirectory(dir)) {
            return dir;
        }
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        sweep(tmp, Instant.now());
        String env = System.getenv("TMPDIR");
        if (env != null && !env.isBlank() && !Path.of(env).toAbsolutePath().equals(tmp.toAbsolutePath())) {
            sweep(Path.of(env), Instant.now()); // the launcher makes its folder there
        }
        ProcessHandle self = ProcessHandle.current();
        String name = PREFIX + self.pid() + "-" + startMillis(self).orElse(0L) + "-";
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        FileAttribute<?>[] ownerOnly = posix
                ? new FileAttribute<?>[] {
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))
                }
                : new FileAttribute<?>[0];
        Path made = Files.createTempDirectory(tmp, name, ownerOnly);
        if (dir == null) {
            Runtime.getRuntime().addShutdownHook(new Thread(ScratchDir::removeOwn, "vbench-scratch-cleanup"));
        }
        dir = made;
        return dir;
    }

    /** A new file in this JVM's folder. */
    public static Path createTempFile(String prefix, String suffix) throws IOException {
        return Files.createTempFile(get(), prefix, suffix);
    }

    /** A new folder in this JVM's folder. */
    public static Path createTempDirectory(String prefix) throws IOException {
        return Files.createTempDirectory(get(), prefix);
    }

    /**
     * At exit: the folder goes when it is empty (each file's maker removes it when done). Files still in it
     * may be in use by another shutdown hook (a run writing its last cells on Ctrl-C): that hook calls
     * {@link #removeIfEmpty} again once the run has ended; what still stays is removed by the next vbench's
     * sweep once this process is gone. A JVM whose parent is gone ({@link #abandon}) waits here until its
     * files' makers are done, or until it is halted, which removes them ({@link #removeAll}).
     */
    private static void removeOwn() {
        while (!removeIfEmpty() && abandoned) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * This JVM's parent is gone and the JVM is exiting: nothing outside it reads its files any more, and it is
     * halted shortly ({@link ParentWatch#exit}), so at exit its folder is waited for and removed whole.
     */
    static void abandon() {
        abandoned = true;
    }

    /**
     * Removes this JVM's folder if it holds nothing (every file's maker is done with it): at exit, after the run.
     *
     * @return whether the folder is gone (or was never made)
     */
    public static synchronized boolean removeIfEmpty() {
        if (dir != null) {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                return false; // not empty: removeAll when halted, else the next sweep
            }
        }
        return true;
    }

    /**
     * Removes this JVM's folder and everything in it, right before the JVM is halted: nothing of this JVM reads
     * or writes its files any more (its forks, told by their stdin's end, go too).
     */
    static synchronized void removeAll() {
        if (dir != null) {
            delete(dir);
        }
        for (Path file : OUTSIDE) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // its folder went away
            }
        }
    }

    /**
     * {@code file}, a temporary file of this JVM's outside its folder (beside the file an atomic write replaces),
     * is removed with the folder should the JVM be halted before it is done with it ({@link #removeAll}).
     */
    public static void track(Path file) {
        OUTSIDE.add(file);
    }

    /** {@code file} is gone: renamed to its target, or removed. */
    public static void untrack(Path file) {
        OUTSIDE.remove(file);
    }

    /**
     * Removes from {@code tmp} what vbench processes that are gone left behind: their folders, the
     * launcher's state folders, and the fork files of an older vbench once they are old.
     *
     * @return how many entries were removed
     */
    static int sweep(Path tmp, Instant now) {
        int removed = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path entry : entries) {
                if (stale(entry, now) && ownedByMe(entry)) {
                    delete(entry);
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable temporary directory: nothing to clean, and nothing of ours is there
        }
        return removed;
    }

    private static boolean stale(Path entry, Instant now) {
        String name = entry.getFileName().toString();
        Matcher own = OWN.matcher(name);
        if (own.matches() && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
            return gone(Long.parseLong(own.group(1)), Long.parseLong(own.group(2)));
        }
        Matcher launcher = LAUNCHER.matcher(name);
        if (launcher.matches() && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
            return gone(Long.parseLong(launcher.group(1)), 0);
        }
        if (name.startsWith("vbench-fork-") && Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS)) {
            return olderThan(entry, name.endsWith(".plan.json") ? OLD_PLAN_FILES : OLD_FORK_FILES, now);
        }
        return false;
    }

    /** Whether process {@code pid} (started at {@code startMillis}, 0: unknown) has ended. */
    static boolean gone(long pid, long startMillis) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        // the pid was given to another process since
        return startMillis != 0
                && startMillis(process.get()).map(start -> start != startMillis).orElse(false);
    }

    private static Optional<Long> startMillis(ProcessHandle process) {
        return process.info().startInstant().map(Instant::toEpochMilli);
    }

    private static boolean olderThan(Path file, Duration age, Instant now) {
        try {
            FileTime modified = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS);
            return modified.toInstant().plus(age).isBefore(now);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean ownedByMe(Path entry) {
        try {
            return Files.getOwner(entry, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // removed by another cleaner, or not ours to remove
                }
            });
        } catch (IOException | RuntimeException e) {
            // gone already
        }
    }
}
