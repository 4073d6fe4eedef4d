package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.Metric;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Telemetry in {@code vbench run}: what each trial records, and the options that switch it. */
class RunTelemetryTest {

    @TempDir
    Path tmp;

    @Test
    void everyTrialRecordsTelemetry() {
        RunResult result = run("-e", "virtual", "-e", "fixed:threads=2");
        CellResult virtual = result.cells().get(0);
        CellResult fixed = result.cells().get(1);
        for (TrialResult t : virtual.trials()) {
            Telemetry telemetry = t.telemetry();
            assertTrue(telemetry.pinnedEvents() >= 0, "pinning recorded on virtual threads by default");
            assertNotNull(telemetry.scheduler());
            assertTrue(
                    telemetry.scheduler().maxPoolSize() >= telemetry.scheduler().parallelism());
            assertNotNull(telemetry.gcPauses());
            assertTrue(telemetry.allocatedBytes() > 0, "virtual threads allocate at least their own objects");
            assertTrue(telemetry.processCpuNanos() >= 0);
            assertTrue(telemetry.peakThreads() > 0);
        }
        for (TrialResult t : fixed.trials()) {
            assertEquals(-1, t.telemetry().pinnedEvents(), "platform threads cannot pin");
            assertNull(t.telemetry().scheduler());
            assertNotNull(t.telemetry().gcPauses());
        }
        assertNotNull(virtual.summary(Metric.ALLOC));
    }

    @Test
    void pinningOffRecordsNothing() {
        RunResult result = run("-e", "virtual", "--pinning", "off");
        for (TrialResult t : result.cells().get(0).trials()) {
            assertEquals(-1, t.telemetry().pinnedEvents());
            assertTrue(t.telemetry().pinnedStacks().isEmpty());
            assertNotNull(t.telemetry().scheduler(), "the scheduler is recorded either way");
        }
    }

    @Test
    void verboseShowsTheTelemetryTable() {
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--trials",
                "1",
                "--warmup",
                "0",
                "--verbose",
                "--metric",
                "alloc");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("io — telemetry (median per trial)"), r::toString);
        assertTrue(r.out().contains("B/task"), r::toString);
        assertTrue(r.out().contains("virtual-thread scheduler: parallelism "), r::toString);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "--pinning maybe|--pinning 'maybe' is unknown; use one of on, off",
                "--pinning-threshold soon|--pinning-threshold 'soon' is not a duration; write a number and a unit: ns, us, ms, s, min or h",
                "--pinning-threshold 2h|--pinning-threshold '2h' is out of range; use 0ms to 1h",
                "--pinning-threshold 1m|--pinning-threshold '1m' is ambiguous: 'm' is not a unit; write min for minutes (e.g. 1min)",
                "--metric allocs|use one of makespan, throughput, mean, p50, p90, p99, p999, max, cpu, alloc"
            })
    void badOptionsAreOneLineAndExitTwo(String args, String expected) {
        CliRun r = CliRun.of(("run -w noop " + args).split(" "));
        r.assertUsageError(expected);
    }

    private RunResult run(String... executorArgs) {
        Path json = tmp.resolve("r.json");
        String[] base = {
            "run",
            "-w",
            "io",
            "-p",
            "duration=1ms",
            "--tasks",
            "20",
            "--trials",
            "2",
            "--warmup",
            "1",
            "-o",
            json.toString(),
            "--quiet"
        };
        String[] args = new String[base.length + executorArgs.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(executorArgs, 0, args, base.length, executorArgs.length);
        CliRun r = CliRun.of(args);
        assertEquals(0, r.code(), r::toString);
        return ResultCodec.read(json);
    }
}
