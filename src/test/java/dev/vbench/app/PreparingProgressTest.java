package dev.vbench.app;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Input generation reports progress on the terminal display: one overwritten line, ended when done. */
class PreparingProgressTest {

    @Test
    void preparingDrawsOneLineThatEndsWhenDone() {
        StringWriter text = new StringWriter();
        TerminalProgress progress = new TerminalProgress(
                new PrintWriter(text, true),
                2,
                RunEta.of(RunEtaTest.plan("noop", Map.of(), List.of("virtual"), 10, List.of())));
        progress.preparing("thumbnail", "generating photos", 3, 10);
        progress.preparing("thumbnail", "generating photos", 10, 10);
        String out = text.toString();
        assertTrue(out.contains("\rpreparing thumbnail: generating photos 3/10"), out);
        assertTrue(out.contains("\rpreparing thumbnail: generating photos 10/10"), out);
        assertTrue(out.endsWith(System.lineSeparator()), out);
        assertTrue(
                out.indexOf(System.lineSeparator())
                        == out.length() - System.lineSeparator().length(),
                "only the finished step ends the line: " + out);
    }
}
