package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.result.Metric;
import dev.vbench.result.TrialResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The note a cell's table carries when its latencies were sampled: each trial chooses its own rate. */
class SummariesNotesTest {

    private static TrialResult trial(int index, int sampledOneIn) {
        return TrialResult.of(index, 10_000, 1_000_000, 1e10).withLatencySampledOneIn(sampledOneIn);
    }

    private static String samplingNote(List<TrialResult> trials) {
        return Summaries.notes(trials, Metric.MAKESPAN).stream()
                .filter(n -> n.startsWith("latencies sampled"))
                .findFirst()
                .orElse("");
    }

    @Test
    void oneRateIsNamedOnce() {
        assertEquals(
                "latencies sampled: tasks under 2 µs, so 1 task in 512 was timed; counts, makespan and throughput"
                        + " cover every task",
                samplingNote(List.of(trial(0, 512), trial(1, 512))));
    }

    @Test
    void trialsThatChoseDifferentRatesShowTheRange() {
        assertEquals(
                "latencies sampled: tasks under 2 µs, so 1 task in 512 to 1024 was timed in 2 of 3 trials;"
                        + " counts, makespan and throughput cover every task",
                samplingNote(List.of(trial(0, 1024), trial(1, 0), trial(2, 512))));
    }

    @Test
    void noSamplingNoNote() {
        assertEquals("", samplingNote(List.of(trial(0, 0), trial(1, 0))));
    }
}
