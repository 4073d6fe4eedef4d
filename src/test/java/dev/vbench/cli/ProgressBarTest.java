package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.VbenchProcess;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Acceptance 4: the progress bar appears under a pseudo-terminal ({@code script -qc}) and never in
 * a pipe. The pseudo-terminal tests start a real vbench JVM (the test classpath, main class
 * {@code dev.vbench.Main}) so that stderr really is a terminal.
 */
@Tag(SlowFirst.SLOW)
class ProgressBarTest {

    /** Bar and ETA as progressbar draws them: {@code 50% │███   │ 2/4 (0:00:01 / 0:00:01)}. */
    static final Pattern BAR = Pattern.compile("\\d+% .*\\d+/4 \\(\\d+:\\d\\d:\\d\\d / (\\d+:\\d\\d:\\d\\d|\\?)\\)");

    /** The bar's run; without the JFR recording of pinned events, a quarter of each child JVM's CPU. */
    static final String[] RUN = {
        "run", "-w", "io", "-p", "duration=20ms", "--tasks", "20", "--trials", "3", "--warmup", "1", "--pinning", "off"
    };

    @Test
    void noBarInProcessOrInAPipe() {
        CliRun r = CliRun.of(RUN);
        assertEquals(0, r.code(), r::toString);
        assertNoBar(r.err());
        assertNoBar(r.out());
    }

    @Test
    void noBarWhenStderrIsAPipe() throws Exception {
        String out = runJvm(List.of(), false, RUN);
        assertNoBar(out);
        assertTrue(out.contains("io duration=20ms"), out);
    }

    @Test
    void barWithEtaUnderAPseudoTerminal() throws Exception {
        String out = runJvm(List.of(), true, RUN);
        assertTrue(BAR.matcher(out).find(), () -> "no bar in: " + out);
        assertTrue(out.contains("[1/1] io duration=20ms | virtual | tasks=20"), () -> "cell label in: " + out);
        assertTrue(out.contains("█"), out);
        assertTrue(out.contains("\u001b[33m"), () -> "coloured by default: " + out);
        assertTrue(out.contains("median "), out);
    }

    @Test
    void noColorGivesAPlainBar() throws Exception {
        String out = runJvm(List.of("NO_COLOR=1"), true, RUN);
        assertTrue(BAR.matcher(out).find(), () -> "no bar in: " + out);
        assertFalse(out.contains("\u001b[33m"), () -> "colour despite NO_COLOR: " + out);
    }

    @Test
    void noProgressAndQuietTurnTheBarOff() throws Exception {
        List<String> args = new ArrayList<>(List.of(RUN));
        args.add("--no-progress");
        assertNoBar(runJvm(List.of(), true, args.toArray(String[]::new)));
        args.set(args.size() - 1, "--quiet");
        assertNoBar(runJvm(List.of(), true, args.toArray(String[]::new)));
    }

    static void assertNoBar(String text) {
        assertFalse(BAR.matcher(text).find(), () -> "progress bar in: " + text);
        assertFalse(text.contains("█"), text);
        // a terminal turns \n into \r\n; a bar redraws with a bare \r
        assertFalse(Pattern.compile("\r(?!\n)").matcher(text).find(), () -> "bare carriage return in: " + text);
    }

    /**
     * Runs vbench in a fresh JVM; with {@code pty} under {@code script -qc} (util-linux), so stdin,
     * stdout and stderr are a pseudo-terminal. Returns stdout and stderr together.
     */
    static String runJvm(List<String> env, boolean pty, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        command.addAll(VbenchProcess.QUICK_START);
        command.addAll(List.of("-cp", classpath, "dev.vbench.Main"));
        command.addAll(List.of(args));
        ProcessBuilder pb;
        if (pty) {
            assumeTrue(
                    new File("/usr/bin/script").canExecute(),
                    "script(1) from util-linux is needed for a pseudo-terminal");
            pb = new ProcessBuilder(
                    "/usr/bin/script",
                    "-qec",
                    String.join(
                            " ", command.stream().map(ProgressBarTest::quote).toList()),
                    "/dev/null");
        } else {
            pb = new ProcessBuilder(command);
        }
        Map<String, String> environment = pb.environment();
        environment.remove("NO_COLOR");
        environment.put("TERM", "xterm");
        for (String e : env) {
            environment.put(e.substring(0, e.indexOf('=')), e.substring(e.indexOf('=') + 1));
        }
        pb.redirectErrorStream(true);
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Path log = Files.createTempFile("vbench-progress-", ".out");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not finish");
        String out = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
