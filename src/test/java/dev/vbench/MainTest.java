package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The start-up shortcut for {@code --version} prints exactly what picocli prints. */
class MainTest {

    @Test
    void loneVersionOptionPrintsPicoclisVersionText() {
        for (String option : new String[] {"--version", "-V"}) {
            StringWriter fast = new StringWriter();
            assertTrue(Main.version(new PrintWriter(fast), option));
            CliRun picocli = CliRun.of(option);
            assertEquals(0, picocli.code());
            assertEquals(picocli.out(), fast.toString());
            assertTrue(fast.toString().startsWith("vbench "), fast.toString());
        }
    }

    @Test
    void anythingElseGoesToPicocli() {
        StringWriter out = new StringWriter();
        assertFalse(Main.version(new PrintWriter(out), "--version", "--help"));
        assertFalse(Main.version(new PrintWriter(out), "list"));
        assertFalse(Main.version(new PrintWriter(out)));
        assertEquals("", out.toString());
    }

    @Test
    void theHistoryHeadStartReadsTheStoreOptionAsPicocliDoes() {
        assertEquals(
                "jdbc:h2:file:/s", Main.historyOption("history", "check", "--history", "jdbc:h2:file:/s", "--verbose"));
        assertEquals(
                "jdbc:h2:file:/s", Main.historyOption("history", "check", "--verbose", "--history=jdbc:h2:file:/s"));
        assertNull(Main.historyOption("history", "check", "--verbose"));
        assertNull(Main.historyOption("history", "check", "--history"), "alone: the default store");
        assertNull(Main.historyOption("history", "show", "--", "--history", "x"), "after --, a parameter");
    }

    @Test
    void vbenchWritesUtf8WhereTheLocalesCharsetCannotWriteItsMarks() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // LC_ALL=C: the JVM's stdout.encoding is US-ASCII, which would write every mark as '?'
        assertEquals(StandardCharsets.UTF_8, Main.charset(new PrintStream(bytes, true, StandardCharsets.US_ASCII)));
        assertEquals(
                StandardCharsets.UTF_8,
                Main.charset(new PrintStream(bytes, true, StandardCharsets.ISO_8859_1))); // has ± but not ‡
        assertEquals(
                StandardCharsets.UTF_16,
                Main.charset(new PrintStream(
                        bytes, true, StandardCharsets.UTF_16))); // a charset that writes them all is kept
    }
}
