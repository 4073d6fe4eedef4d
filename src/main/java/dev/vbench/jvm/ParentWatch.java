package dev.vbench.jvm;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * No vbench JVM outlives the process it works for. The launcher ({@code bin/vbench}) starts {@code run}'s
 * JVM as its child and names itself in {@value #LAUNCHER_PID}: that JVM looks every
 * {@value #POLL_MILLIS} ms whether its parent is still the launcher ({@link #watchLauncher}); a launcher
 * killed with any signal, {@code kill -9} included, is gone within that. A fork reads its plan from its
 * stdin, a pipe its parent holds open while it lives; the end of that pipe means the parent is gone
 * ({@link #untilEndOf}). Either way the JVM then exits as on Ctrl-C, finished cells kept, and is halted
 * when that takes longer than a few seconds ({@link #exit}).
 *
 * <pre>{@code
 * ParentWatch.watchLauncher(System.getenv(), () -> ParentWatch.exit(143, ParentWatch.EXIT_GRACE));
 * }</pre>
 */
public final class ParentWatch {

    /** The environment variable in which the launcher gives its process id. */
    public static final String LAUNCHER_PID = "VBENCH_LAUNCHER_PID";
    /** How often the launcher is looked for. */
    static final long POLL_MILLIS = 500;
    /**
     * How long an orderly exit may take once the launcher is gone, before the JVM is halted: the cells it
     * finished are in its files already (each is written as it ends), so only the interrupted one's note is lost.
     */
    public static final Duration EXIT_GRACE = Duration.ofMillis(1500);
    /** As {@link #EXIT_GRACE}, for a fork: nobody reads what it would still write. */
    public static final Duration FORK_EXIT_GRACE = Duration.ofSeconds(1);

    private ParentWatch() {}

    /**
     * When {@code env} names a launcher that is this JVM's parent, watches it on a daemon thread and runs
     * {@code onGone} (on that thread) once it is gone: its child is then another process's, init's or a
     * subreaper's. A launcher that is gone already (killed while this JVM started) is gone at once; one that
     * lives but is not this JVM's parent is another vbench's (this JVM was started by that one's code, and
     * inherited its environment), and is not watched.
     *
     * @return whether a launcher is watched
     */
    public static boolean watchLauncher(Map<String, String> env, Runnable onGone) {
        long launcher;
        try {
            launcher = Long.parseLong(env.getOrDefault(LAUNCHER_PID, "").strip());
        } catch (NumberFormatException e) {
            return false;
        }
        if (parentPid() != launcher) {
            if (ProcessHandle.of(launcher).map(ProcessHandle::isAlive).orElse(false)) {
                return false;
            }
            daemon("vbench-launcher-watch", onGone);
            return true;
        }
        daemon("vbench-launcher-watch", () -> {
            while (parentPid() == launcher) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
            onGone.run();
        });
        return true;
    }

    /** Reads {@code in} to its end on a daemon thread, then runs {@code onGone}: the parent closed its pipe or died. */
    public static void untilEndOf(InputStream in, Runnable onGone) {
        daemon("vbench-parent-watch", () -> {
            try {
                while (in.read() >= 0) {
                    // a parent sends nothing after the plan; anything more is read and dropped
                }
            } catch (IOException e) {
                // a broken pipe: the parent is gone as well
            }
            onGone.run();
        });
    }

    /**
     * Exits this JVM with {@code status} as a signal would (shutdown hooks run: a run's finished cells are
     * written), and halts it when that has not ended within {@code grace}, its temporary files removed first
     * ({@link ScratchDir#removeAll}: a fork's files, whose reader is cut short by the halt).
     */
    public static void exit(int status, Duration grace) {
        Thread halt = new Thread(
                () -> {
                    try {
                        Thread.sleep(grace.toMillis());
                    } catch (InterruptedException e) {
                        // halt now
                    }
                    ScratchDir.removeAll();
                    Runtime.getRuntime().halt(status);
                },
                "vbench-halt");
        halt.setDaemon(true);
        halt.start();
        ScratchDir.abandon();
        System.exit(status);
    }

    private static long parentPid() {
        Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        return parent.map(ProcessHandle::pid).orElse(-1L);
    }

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }
}
