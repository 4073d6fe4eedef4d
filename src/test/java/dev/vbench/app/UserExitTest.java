package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A shutdown caused by a signal is not a user exit; an exit call is, named by its caller when it is seen. */
class UserExitTest {

    private static final StackTraceElement[] EXITING = {
        new StackTraceElement("java.lang.Shutdown", "exit", "Shutdown.java", 173),
        new StackTraceElement("java.lang.Runtime", "exit", "Runtime.java", 188),
        new StackTraceElement("java.lang.System", "exit", "System.java", 1913),
        new StackTraceElement("Bad", "ender", "Bad.java", 6),
    };

    @Test
    void aSignalHandlerThreadMeansNoUserExit() {
        assertNull(UserExit.how(Map.of(new Thread("SIGINT handler"), new StackTraceElement[0])));
        assertNull(UserExit.how(
                Map.of(new Thread("SIGTERM handler"), new StackTraceElement[0], new Thread("t"), EXITING)));
    }

    /** The launcher or the parent gone: vbench's watch exits as a signal would, which is not user code's doing. */
    @Test
    void vbenchsOwnExitWhenItsParentIsGoneIsNoUserExit() {
        StackTraceElement[] watch = {
            new StackTraceElement("java.lang.Shutdown", "exit", "Shutdown.java", 173),
            new StackTraceElement("java.lang.Runtime", "exit", "Runtime.java", 188),
            new StackTraceElement("java.lang.System", "exit", "System.java", 1913),
            new StackTraceElement("dev.vbench.jvm.ParentWatch", "exit", "ParentWatch.java", 103),
            new StackTraceElement("dev.vbench.app.LauncherState", "lambda$watchLauncher$0", "LauncherState.java", 39),
        };
        assertNull(UserExit.how(Map.of(new Thread("vbench-launcher-watch"), watch)));
    }

    @Test
    void anExitCallIsNamedByItsCaller() {
        assertEquals("System.exit from Bad.ender(Bad.java:6)", UserExit.how(Map.of(new Thread("pool-1"), EXITING)));
        assertEquals(
                "System.exit",
                UserExit.how(Map.of(new Thread("main"), new StackTraceElement[0])),
                "a virtual thread's exit is not in Thread.getAllStackTraces");
    }
}
