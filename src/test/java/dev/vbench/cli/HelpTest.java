package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every error message points to '--help', so every command must answer it (and 'vbench help CMD'). */
class HelpTest {

    @ParameterizedTest(name = "vbench {0} --help")
    @ValueSource(strings = {"run", "compare", "report", "list", "calibrate"})
    void everyCommandHasHelp(String command) {
        for (String[] args : new String[][] {{command, "--help"}, {command, "-h"}, {"help", command}}) {
            CliRun r = CliRun.of(args);
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().startsWith("Usage: vbench " + command), r::toString);
            assertTrue(r.err().isEmpty(), r::toString);
        }
    }
}
