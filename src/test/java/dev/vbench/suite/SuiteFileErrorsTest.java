package dev.vbench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.ExitCodes;
import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad suite files: exit 2, one line, file:line, and what to do. */
class SuiteFileErrorsTest {

    @TempDir
    Path tmp;

    private static final String GOOD_HEAD = "suite: t\nexperiments:\n";

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "unknown key|suite: t\\nexperiments:\\n  - name: a\\n    workload: io\\n    executors: [virtual]\\n    taks: 10\\n|:6: unknown key 'taks'|valid keys: concurrency, executors, jvmArgs, jvms, name, params, quick, tables, tasks, title, trials, warmup, workload",
                "unknown top-level key|suite: t\\nexperimentz: []\\n|:2: unknown key 'experimentz'|valid keys: experiments, gates, jvms, source, suite, title, trials, warmup",
                "wrong type|suite: t\\ntrials: six\\nexperiments:\\n  - {name: a, workload: io, executors: [virtual]}\\n|:2: 'six' is not valid for 'trials'|expected a whole number",
                "unknown workload|suite: t\\nexperiments:\\n  - name: a\\n    workload: nope\\n    executors: [virtual]\\n|:3: experiment 'a': unknown workload 'nope'|valid workloads: io",
                "empty matrix|suite: t\\nexperiments: []\\n|:1: empty matrix|add at least one experiment",
                "no executors|suite: t\\nexperiments:\\n  - {name: a, workload: io}\\n|:3: experiment 'a': empty matrix: no 'executors'|executors: [virtual",
                "bad executor|suite: t\\nexperiments:\\n  - {name: a, workload: io, executors: [pool]}\\n|:3: experiment 'a': unknown executor 'pool'|valid executors: fixed",
                "bad param|suite: t\\nexperiments:\\n  - {name: a, workload: io, executors: [virtual], params: {duration: fast}}\\n|:3: experiment 'a': parameter 'duration'|e.g. 200ms",
                "bad layout|suite: t\\nexperiments:\\n  - {name: a, workload: io, executors: [virtual], tables: [{layout: pie}]}\\n|:3: experiment 'a': table layout 'pie' is unknown|use one of speedup, change, baseline, chain",
                "knee without a chain|suite: t\\nexperiments:\\n  - {name: a, workload: io, executors: [virtual], tables: [{layout: speedup, knee: true}]}\\n|:3: experiment 'a': 'knee: true' reads the steps of a chain|add layout: chain to the table",
                "bad yaml|suite: t\\nexperiments: [\\n|:2: not valid YAML|fix the syntax",
                "tasks out of range, quoted as typed|suite: t\\nexperiments:\\n  - {name: a, workload: io, executors: [virtual], tasks: 0k}\\n|:3: experiment 'a': tasks '0k' is out of range|use 1 or more",
                "duplicate key|suite: t\\nexperiments:\\n  - name: a\\n    workload: io\\n    tasks: 10\\n    executors: [virtual]\\n    tasks: 20\\n|:7: key 'tasks' is given a second time in the same mapping|keep one",
                "duplicate top-level key|suite: t\\ntrials: 3\\ntrials: 4\\nexperiments: []\\n|:3: key 'trials' is given a second time|keep one",
                "duplicate parameter|suite: t\\nexperiments:\\n  - name: a\\n    workload: io\\n    executors: [virtual]\\n    params:\\n      duration: 1ms\\n      duration: 2ms\\n|:8: key 'duration' is given a second time|keep one",
                "concurrency out of range, quoted as typed|suite: t\\nexperiments:\\n  - {name: a, workload: io, executors: [virtual], tasks: 10, concurrency: [1, 20M]}\\n|:3: experiment 'a': concurrency '20M' is out of range|use 1 to 10000000",
            })
    void badSuiteFilesNameFileLineAndFix(String name, String yaml, String where, String fix) throws Exception {
        Path file = tmp.resolve("s.yaml");
        Files.writeString(file, yaml.replace("\\n", "\n"));
        CliRun r = CliRun.of("run", file.toString(), "--scale", "quick");
        r.assertUsageError(fix);
        assertTrue(
                r.err().strip().startsWith("vbench: " + file + where),
                () -> "expected '" + file + where + "' in: " + r);
    }

    @org.junit.jupiter.api.Test
    void missingSuiteFileAndMixedOptions() throws Exception {
        CliRun missing = CliRun.of("run", tmp.resolve("none.yaml").toString());
        assertEquals(ExitCodes.USAGE, missing.code(), missing::toString);
        assertTrue(missing.err().contains("does not exist"), missing::toString);
        Path file = tmp.resolve("ok.yaml");
        Files.writeString(file, GOOD_HEAD + "  - {name: a, workload: noop, executors: [virtual], tasks: 5}\n");
        CliRun mixed = CliRun.of("run", file.toString(), "-w", "io");
        assertEquals(ExitCodes.USAGE, mixed.code(), mixed::toString);
        assertTrue(mixed.err().contains("a suite file defines its own workloads"), mixed::toString);
        CliRun scale = CliRun.of("run", file.toString(), "--scale", "huge");
        assertEquals(ExitCodes.USAGE, scale.code(), scale::toString);
        assertTrue(scale.err().contains("--scale 'huge' is unknown; use one of quick, full"), scale::toString);
        CliRun ok = CliRun.of("run", file.toString(), "--trials", "1", "--warmup", "0");
        assertEquals(0, ok.code(), ok::toString);
        assertTrue(ok.out().contains("a · 1 trial\n"), ok::toString);
    }
}
