package dev.vbench.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JavaProcessTest {

    /**
     * What a child JVM printed before it failed, as its log holds it (stdout and stderr together): HotSpot's
     * log warnings, with their continuation lines, are left out of the reasons; an error line loses its
     * decorations; HotSpot's "Error occurred during initialization of VM" header is no reason (the line below it
     * is); other lines stay as they are.
     */
    @Test
    void jvmLogWarningsAreNoReasonAndErrorsLoseTheirDecorations() {
        List<String> log = List.of(
                "[0.003s][warning][gc,ergo] NewSize (32768k) is greater than the MaxNewSize (16384k).",
                "[0.005s][warning][cds    ] Unable to use shared archive file.",
                "[                        ] The saved state of UseCompressedOops is different from runtime.",
                "[0.301s][info   ][jfr,startup] Started recording 1.",
                "",
                "[0.301s][error  ][jfr,startup] Could not start recording, not able to write to file /x/y.jfr. ",
                "Error occurred during initialization of VM",
                "  Failure when starting JFR on_create_vm_3  ",
                "[0.5s] not a log line");
        assertEquals(
                List.of(
                        "Could not start recording, not able to write to file /x/y.jfr.",
                        "Failure when starting JFR on_create_vm_3",
                        "[0.5s] not a log line"),
                JavaProcess.reasons(log));
    }

    /** Two collectors: the first reason is the one that says so, not the header above it. */
    @Test
    void theReasonUnderTheInitializationHeaderComesFirst() {
        List<String> log =
                List.of("Error occurred during initialization of VM", "Multiple garbage collectors selected");
        assertEquals(List.of("Multiple garbage collectors selected"), JavaProcess.reasons(log));
        assertEquals("Multiple garbage collectors selected", JavaProcess.lastReason(log));
    }
}
