package dev.vbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vbench.result.Metric;
import dev.vbench.result.TrialResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The note for a cell whose forks fall into two modes: each fork's trials agree with each other, not with another
 * fork's (a JIT decision of that JVM), as a short method under {@code --batch} showed in one JVM of six.
 */
class JvmModesTest {

    private static TrialResult trial(int fork, double makespanMillis) {
        return TrialResult.of(0, 1000, (long) (makespanMillis * 1e6), 1000 / makespanMillis * 1e3)
                .withIndex(0, fork);
    }

    /** Forks of {@code trialsPerFork} trials each, at the given makespans (ms), each trial of a fork 1% apart. */
    private static List<TrialResult> forks(int trialsPerFork, double... forkMillis) {
        List<TrialResult> out = new ArrayList<>();
        for (int f = 0; f < forkMillis.length; f++) {
            for (int t = 0; t < trialsPerFork; t++) {
                out.add(trial(f + 1, forkMillis[f] * (1 + 0.01 * t)));
            }
        }
        return out;
    }

    @Test
    void aForkWhoseTrialsAllReadSlowerIsNamed() {
        assertEquals(
                "fork [3] of 4 read 7.6x slower by makespan than the others in every trial, while each fork's trials"
                        + " agree: the JVMs differ (the JIT decided otherwise in that one), not the moments they ran in; the figures"
                        + " mix both modes, and more --forks tell how often each happens",
                Summaries.jvmModes(forks(3, 10, 10.2, 75, 9.9), Metric.MAKESPAN));
        String byThroughput = Summaries.jvmModes(forks(2, 10, 70, 72, 10), Metric.THROUGHPUT);
        assertEquals(true, byThroughput.startsWith("forks [2, 3] of 4 read 7.2x slower by throughput"), byThroughput);
    }

    @Test
    void forksThatOverlapOrDifferLittleOrAreTooFewAreNoModes() {
        assertNull(Summaries.jvmModes(forks(3, 10, 11, 12), Metric.MAKESPAN)); // within 1.5x
        List<TrialResult> overlapping = forks(1, 10, 20);
        overlapping.add(trial(1, 25)); // fork 1 has a slow trial too: the moment, not the JVM
        assertNull(Summaries.jvmModes(overlapping, Metric.MAKESPAN));
        assertNull(Summaries.jvmModes(forks(4, 10), Metric.MAKESPAN)); // one fork
        List<TrialResult> inProcess = new ArrayList<>();
        inProcess.add(trial(0, 10));
        inProcess.add(trial(0, 80));
        assertNull(Summaries.jvmModes(inProcess, Metric.MAKESPAN)); // no forks
    }
}
