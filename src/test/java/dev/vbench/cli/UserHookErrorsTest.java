package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.TestCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The user's code misbehaving in its hooks: every error — an {@code Error} as much as an exception — is
 * one line naming the hook and the error, exit 1, never a stack trace; a null where vbench needs a value
 * is exit 1 naming the method; a failure whose message cannot be read is still counted, by its class;
 * and {@code --timeout} interrupts a task past its timeout.
 */
class UserHookErrorsTest {

    /** A provider whose hooks misbehave as {@code -p fail=…} says. */
    private static final String HOOKS = """
            package hooks;

            import dev.vbench.spi.*;
            import java.util.List;

            public class Hooks implements WorkloadProvider {
                static final ParamSpec<String> FAIL = ParamSpec.of("fail", "which hook misbehaves", "none", ParamType.text());
                public String name() { return "hooks"; }
                public String description() { return "hooks that misbehave"; }
                public List<ParamSpec<?>> params() { return List.of(FAIL); }

                static int deep(int n) { return deep(n + 1) + 1; }

                public Workload create(Params p) {
                    String fail = p.get(FAIL);
                    return new Workload() {
                        public void prepare(PrepareContext c) {
                            if (fail.equals("prepare-overflow")) { deep(0); }
                            if (fail.equals("prepare-assert")) { throw new AssertionError("prepared badly"); }
                        }
                        public void beforeTrial() {
                            if (fail.equals("before-assert")) { throw new AssertionError("no trial for you"); }
                            if (fail.equals("before-overflow")) { deep(0); }
                        }
                        public Task task() {
                            if (fail.equals("task-null")) { return null; }
                            if (fail.equals("message-throws")) {
                                return i -> { throw new Weird(); };
                            }
                            if (fail.equals("sleeps")) {
                                return i -> { Thread.sleep(i == 3 ? Long.MAX_VALUE : 1); return i; };
                            }
                            return i -> i;
                        }
                        public void close() {
                            if (fail.equals("close-linkage")) { throw new NoClassDefFoundError("com/gone/Helper"); }
                            if (fail.equals("close-exception")) { throw new IllegalStateException("pool already closed"); }
                        }
                    };
                }

                /** An exception whose message cannot be read. */
                static final class Weird extends RuntimeException {
                    @Override
                    public String getMessage() { throw new IllegalStateException("no message for you"); }
                }
            }
            """;

    private static final String NULL_PARAMS = """
            package hooks;

            import dev.vbench.spi.*;
            import java.util.List;

            public class NullParams implements WorkloadProvider {
                public String name() { return "nullparams"; }
                public String description() { return "params() is null"; }
                public List<ParamSpec<?>> params() { return null; }
                public Workload create(Params p) { return () -> i -> i; }
            }
            """;
    private static final String NULL_NAME = """
            package hooks;

            import dev.vbench.spi.*;
            import java.util.List;

            public class NullName implements WorkloadProvider {
                public String name() { return null; }
                public String description() { return "name() is null"; }
                public List<ParamSpec<?>> params() { return List.of(); }
                public Workload create(Params p) { return () -> i -> i; }
            }
            """;

    @TempDir
    static Path shared;

    static Path classes;
    /** NullName, listed as a workload provider: every run on this class path finds it. */
    static Path listed;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        classes = TestCode.classes(
                shared.resolve("classes"),
                Map.of("hooks/Hooks.java", HOOKS, "hooks/NullParams.java", NULL_PARAMS),
                Map.of());
        listed = TestCode.classes(
                shared.resolve("listed"),
                Map.of("hooks/NullName.java", NULL_NAME),
                Map.of("META-INF/services/dev.vbench.spi.WorkloadProvider", "hooks.NullName\n"));
    }

    private CliRun run(String workload, String... more) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--classpath",
                classes.toString(),
                "-w",
                workload,
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--pinning",
                "off",
                "--data-dir",
                tmp.resolve("data").toString(),
                "-o",
                tmp.resolve("r.json").toString()));
        all.addAll(List.of(more));
        return CliRun.of(all.toArray(String[]::new));
    }

    /** Exit 1, and one line of vbench's own (after the run's header) that holds every {@code expected}; no trace. */
    private static String failsWithOneLine(CliRun r, String... expected) {
        assertEquals(1, r.code(), r::toString);
        List<String> lines = r.err()
                .strip()
                .lines()
                .filter(l -> !l.startsWith("vbench: 1 cell(s)") && !l.startsWith("vbench: warning: "))
                .filter(l -> !l.matches("vbench:   \\d+× .*"))
                .toList(); // the failed tasks' causes, counted, under the line
        assertEquals(1, lines.size(), r::toString);
        String line = lines.get(0);
        assertTrue(line.startsWith("vbench: "), r::toString);
        assertFalse(
                r.err().contains("\tat ")
                        || r.err().contains("Exception in thread")
                        || r.err().contains("internal error"),
                r::toString);
        for (String e : expected) {
            assertTrue(line.contains(e), () -> "expected '" + e + "' in: " + r);
        }
        return line;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "prepare-overflow|preparing workload|java.lang.StackOverflowError",
                "prepare-assert|preparing workload|java.lang.AssertionError: prepared badly",
                "before-assert|preparing a trial of workload|java.lang.AssertionError: no trial for you",
                "before-overflow|preparing a trial of workload|java.lang.StackOverflowError",
                "close-linkage|closing workload|java.lang.NoClassDefFoundError: com/gone/Helper",
                "close-exception|closing workload|java.lang.IllegalStateException: pool already closed",
                "task-null|task()|returned null",
            })
    void anErrorInAHookIsOneLineNamingTheHookAndTheErrorExit1(String fail, String hook, String error) {
        CliRun r = run("hooks.Hooks", "-p", "fail=" + fail);
        failsWithOneLine(r, hook, error);
        for (CellResult cell : ResultCodec.read(tmp.resolve("r.json")).cells()) {
            assertTrue(
                    cell.notes().stream().anyMatch(n -> n.contains(error)), () -> "the cell's note says it: " + cell);
        }
    }

    @Test
    void aHookErrorInAForkIsOneLineToo() {
        failsWithOneLine(
                run("hooks.Hooks", "-p", "fail=before-assert", "--forks", "1"),
                "preparing a trial of workload",
                "java.lang.AssertionError: no trial for you");
    }

    @Test
    void nullsWhereAValueIsNeededNameTheMethod() {
        failsWithOneLine(run("hooks.NullParams"), "hooks.NullParams", "params()", "returned null");
        CliRun named = CliRun.of(
                "run",
                "--classpath",
                listed.toString(),
                "-w",
                "noop",
                "--tasks",
                "10",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--no-progress");
        failsWithOneLine(named, "hooks.NullName.name()", "returned null");
    }

    @Test
    void aFailureWhoseMessageCannotBeReadIsCountedByItsClass() {
        CliRun r = run("hooks.Hooks", "-p", "fail=message-throws", "--concurrency", "2", "--task-timeout", "10s");
        String line = failsWithOneLine(r, "task(s) failed");
        assertFalse(line.contains("stuck"), r::toString);
        assertTrue(r.err().contains("× hooks.Hooks$Weird"), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        CellResult cell = result.cells().get(0);
        assertEquals(CellStatus.OK, cell.status(), r::toString);
        assertEquals(40, cell.trials().stream().mapToLong(t -> t.failures()).sum());
        assertTrue(cell.trials().get(0).failureSamples().get(0).startsWith("hooks.Hooks$Weird"), cell::toString);
    }

    /** An open-model task that sleeps forever is interrupted once it is past its --timeout, not at the task timeout. */
    @Test
    void timeoutInterruptsATaskPastItsTimeout() {
        long start = System.nanoTime();
        CliRun r = CliRun.of(
                "run",
                "--classpath",
                classes.toString(),
                "-w",
                "hooks.Hooks",
                "-p",
                "fail=sleeps",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--rate",
                "200/s",
                "--timeout",
                "100ms",
                "--task-timeout",
                "60s",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--no-progress",
                "--pinning",
                "off",
                "-o",
                tmp.resolve("r.json").toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.code(), r::toString);
        assertTrue(seconds < 30, "ended at the task's timeout, not the task timeout: " + seconds + " s; " + r);
        CellResult cell = ResultCodec.read(tmp.resolve("r.json")).cells().get(0);
        assertEquals(CellStatus.OK, cell.status(), cell::toString);
        assertEquals(1, cell.trials().get(0).timedOut(), cell::toString);
    }
}
