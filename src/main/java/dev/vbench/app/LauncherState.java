package dev.vbench.app;

import dev.vbench.jvm.JavaProcess;
import dev.vbench.jvm.ParentWatch;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Tells the process that started this JVM how far it got, through the state file named in
 * {@value JavaProcess#STATE_FILE} (nothing when unset): the launcher {@code bin/vbench} for {@code run},
 * a parent for its forks. {@code Runtime.halt}, a crash or a kill ends a JVM without a word from it; the
 * state file then still says {@code running}, and the launcher prints the line written with it and exits
 * with {@link ExitCodes#USER_EXIT}, whatever status the JVM ended with. Each write replaces the file
 * atomically; a write that fails is ignored (the launcher then passes the JVM's status on, as without one).
 *
 * <pre>{@code
 * LauncherState.running("workload Bad::ender ended the JVM in cell c2 (…)", "finished cells were kept in r.json");
 * LauncherState.done(); // vbench's own exit follows
 * }</pre>
 */
public final class LauncherState {

    private static final String FILE = System.getenv(JavaProcess.STATE_FILE);
    /** The exit status of a JVM whose launcher is gone: as if it had been sent TERM. */
    static final int LAUNCHER_GONE = 143;

    private LauncherState() {}

    /**
     * For the JVM the launcher supervises ({@code run}): when the launcher is gone (killed with any signal,
     * {@code kill -9} included), its state folder is removed and this JVM exits as on TERM — finished cells
     * written, forks stopped — and is halted after {@link ParentWatch#EXIT_GRACE} at the latest. Does nothing
     * for a JVM that the launcher did not start as its child.
     */
    public static void watchLauncher() {
        ParentWatch.watchLauncher(System.getenv(), () -> {
            removeLauncherFolder();
            ParentWatch.exit(LAUNCHER_GONE, ParentWatch.EXIT_GRACE);
        });
    }

    /** The state file and the launcher's folder it is in ({@code vbench-launcher.PID.…}), which the launcher can no longer remove. */
    private static void removeLauncherFolder() {
        if (FILE == null || FILE.isEmpty()) {
            return;
        }
        Path state = Path.of(FILE).toAbsolutePath();
        Path folder = state.getParent();
        try {
            Files.deleteIfExists(state);
            if (folder != null && folder.getFileName().toString().startsWith("vbench-launcher.")) {
                try (Stream<Path> left = Files.list(folder)) {
                    for (Path p : left.toList()) {
                        Files.deleteIfExists(p);
                    }
                }
                Files.deleteIfExists(folder);
            }
        } catch (IOException | RuntimeException e) {
            // the next run's start removes what is left (ScratchDir)
        }
    }

    /**
     * User code may run from now on.
     *
     * @param ended what the launcher's line says ended the JVM ("workload W ended the JVM in cell c2 (…)")
     * @param kept what the files hold then ("finished cells were kept in r.json")
     */
    static void running(String ended, String kept) {
        write(JavaProcess.RUNNING + "\n" + oneLine(ended) + "\n" + oneLine(kept) + "\n");
    }

    /** vbench has written what it had to; what ends the JVM from now on is vbench's own exit (or a signal). */
    static void done() {
        write(JavaProcess.DONE + "\n");
    }

    private static String oneLine(String text) {
        return text.replace('\n', ' ').replace('\r', ' ');
    }

    private static void write(String text) {
        if (FILE == null || FILE.isEmpty()) {
            return;
        }
        try {
            OutputFiles.writeAtomically(Path.of(FILE), text);
        } catch (IOException | RuntimeException ignored) {
            // the launcher then reads the last state written, or none: it passes the JVM's status on
        }
    }
}
