package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vbench.testing.CliRun;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code completions/vbench.bash} is generated from the picocli model and must be current. After
 * changing commands or options, regenerate it with
 * {@code ./mvnw -B -q test -Dtest=CompletionScriptTest -Dvbench.updateCompletions=true}
 * (or {@code ./vbench generate-completion > completions/vbench.bash}) and commit it.
 */
class CompletionScriptTest {

    static final Path SCRIPT = Path.of("completions/vbench.bash");
    static final String HOW_TO_REGENERATE = "regenerate it with: ./mvnw -B -q test -Dtest=CompletionScriptTest"
            + " -Dvbench.updateCompletions=true (or ./vbench generate-completion > completions/vbench.bash), then commit it";

    @Test
    void committedScriptIsCurrent() throws Exception {
        String generated = CompletionCommand.script();
        if (Boolean.getBoolean("vbench.updateCompletions")) {
            Files.createDirectories(SCRIPT.getParent());
            Files.writeString(SCRIPT, generated, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(SCRIPT), SCRIPT + " is missing; " + HOW_TO_REGENERATE);
        assertEquals(
                Files.readString(SCRIPT, StandardCharsets.UTF_8),
                generated,
                SCRIPT + " is stale (the commands or options changed); " + HOW_TO_REGENERATE);
    }

    @Test
    void hiddenCommandPrintsTheSameScript() {
        CliRun r = CliRun.of("generate-completion");
        assertEquals(0, r.code(), r::toString);
        assertEquals(CompletionCommand.script(), r.out());
        assertTrue(r.out().contains("bashcompinit"), "zsh support through bashcompinit");
    }

    @Test
    void bashCompletesSubcommandsOptionsAndFormats() throws Exception {
        assertEquals("report", complete("vbench re"));
        assertEquals("--pinning --pinning-threshold", complete("vbench run --pin"));
        assertEquals("html hgrm", complete("vbench report r.json --format h"));
    }

    /** Built-in workload and executor names, as 'vbench list' shows them; a workload may also be a file. */
    @Test
    void bashCompletesWorkloadAndExecutorNamesAndWorkloadFiles() throws Exception {
        String c = complete("vbench run -w c");
        assertTrue(c.startsWith("cpu ") && c.contains("completions"), "cpu, then the paths beginning with c: " + c);
        assertEquals("bounded-virtual", complete("vbench run -w io -e bou"));
        assertEquals("fixed forkjoin", complete("vbench calibrate -e f"));
        assertEquals("thumbnail", complete("vbench list -w th"));
        assertEquals(
                "examples/single-file/Fib.java",
                complete("vbench run -w examples/single-file/Fi"),
                "FILE.java is completed as a path");
    }

    /** What bash offers for {@code line} (the cursor at its end) with the committed script sourced. */
    static String complete(String line) throws Exception {
        assumeTrue(new File("/bin/bash").canExecute(), "bash is needed");
        String[] words = line.split(" ", -1);
        StringBuilder compWords = new StringBuilder();
        for (String w : words) {
            compWords.append('\'').append(w).append("' ");
        }
        String script = "source " + SCRIPT + " 2>/dev/null; COMP_WORDS=(" + compWords + "); COMP_CWORD="
                + (words.length - 1) + "; COMP_LINE='" + line
                + "'; COMP_POINT=${#COMP_LINE}; _complete_vbench 2>/dev/null; echo \"${COMPREPLY[*]}\"";
        Process p = new ProcessBuilder("/bin/bash", "--norc", "-c", script)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return out;
    }
}
