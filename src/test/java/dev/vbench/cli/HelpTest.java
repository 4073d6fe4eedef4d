package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.report.Format;
import dev.vbench.report.compare.CompareFormat;
import dev.vbench.result.Choice;
import dev.vbench.result.Metric;
import dev.vbench.testing.CliRun;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every error message points to '--help', so every command picocli knows must answer it (and
 * 'vbench help CMD'), the hidden ones included: the list comes from picocli, not from this test.
 */
class HelpTest {

    static Stream<String> commands() {
        return Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()))
                .getSubcommands()
                .keySet()
                .stream();
    }

    @ParameterizedTest(name = "vbench {0} --help")
    @MethodSource("commands")
    void everyCommandHasHelp(String command) {
        for (String[] args : new String[][] {{command, "--help"}, {command, "-h"}, {"help", command}}) {
            CliRun r = CliRun.of(args);
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().contains("Usage: vbench " + command + " "), r::toString);
            assertTrue(r.err().isEmpty(), r::toString);
        }
    }

    /** --metric, --format and --layout list their values from the enums, so no command's list can drift. */
    @ParameterizedTest(name = "vbench help {0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"run", "report", "compare"})
    void enumOptionsListEveryValue(String command) {
        String help = CliRun.of("help", command).out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Metric of the tables: " + Choice.validValues(Metric.class)), help);
        String formats = command.equals("compare") ? CompareFormat.validValues() : Format.validValues();
        assertTrue(help.contains("Output format: " + formats + "."), help);
        CliRun bad = CliRun.of(command, "--metric", "p12");
        bad.assertUsageError("--metric 'p12' is unknown; use one of " + Metric.validValues());
    }

    /** The hidden commands are among them (the fork child, the completion script). */
    @org.junit.jupiter.api.Test
    void hiddenCommandsAreIterated() {
        assertTrue(commands().anyMatch("fork-cell"::equals));
        assertTrue(commands().anyMatch("generate-completion"::equals));
        assertFalse(commands().findAny().isEmpty());
    }
}
