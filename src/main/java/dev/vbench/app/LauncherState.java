package dev.vbench.app;

import dev.vbench.jvm.JavaProcess;
import java.io.IOException;
import java.nio.file.Path;

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
final class LauncherState {

    private static final String FILE = System.getenv(JavaProcess.STATE_FILE);

    private LauncherState() {}

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
