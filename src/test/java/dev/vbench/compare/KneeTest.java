package dev.vbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a chain stops improving, from the table's own verdicts. */
class KneeTest {

    /** A change from column i to i+1: {@code f} faster, {@code s} slower, {@code ~} within variance, null missing. */
    private static Row row(boolean higherIsBetter, String... steps) {
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            String s = steps[i];
            if (s == null) {
                changes.add(null);
                continue;
            }
            boolean down = s.equals("f") != higherIsBetter; // lower is better: faster is a ratio below 1
            Verdict v = s.equals("~") ? Verdict.WITHIN_VARIANCE : s.equals("f") ? Verdict.FASTER : Verdict.SLOWER;
            changes.add(new Change(i, i + 1, down ? 0.5 : 1.5, 0.001, 0.001, 6, 6, v));
        }
        List<Boolean> shed = new ArrayList<>(java.util.Collections.nCopies(steps.length + 1, false));
        return new Row(
                "r",
                List.of(),
                "makespan",
                "ms",
                higherIsBetter,
                Arrays.asList(new dev.vbench.result.MetricSummary[steps.length + 1]),
                changes,
                shed);
    }

    @Test
    void theKneeIsTheLastColumnAStepImprovedOn() {
        assertEquals(1, Knee.of(row(false, "f", "~", "~"), 4), "1 → 2 faster, then nothing: the knee is 2");
        assertEquals(3, Knee.of(row(false, "f", "~", "f"), 4), "an improvement later moves the knee");
        assertEquals(0, Knee.of(row(false, "~", "s", "~"), 4), "no step improved: the first column");
        assertEquals(2, Knee.of(row(true, "f", "f", "s"), 4), "throughput: higher is better");
        assertEquals(Knee.MISSING, Knee.of(row(false, "f", null, "~"), 4), "a missing step: unknown");
        Row undecided = row(false, "~", "~");
        List<Change> unreachable = undecided.changes().stream()
                .map(c -> new Change(
                        c.from(),
                        c.to(),
                        c.ratio(),
                        c.p(),
                        c.pAdjusted(),
                        2,
                        2,
                        c.verdict(),
                        false,
                        Double.POSITIVE_INFINITY))
                .toList();
        assertEquals(
                Knee.UNDECIDED,
                Knee.of(undecided.withChanges(unreachable), 3),
                "two trials cannot call any step: no knee claimed");
        List<Change> single = undecided.changes().stream()
                .map(c -> new Change(c.from(), c.to(), c.ratio(), 1.0, 1.0, 1, 1, c.verdict()))
                .toList(); // one trial a side: no power computed (NaN), and no p can reach α
        assertEquals(
                Knee.UNDECIDED, Knee.of(undecided.withChanges(single), 3), "one trial a side: no knee claimed either");
        List<Change> enough = undecided.changes().stream()
                .map(c -> new Change(c.from(), c.to(), c.ratio(), 0.4, 0.4, 6, 6, c.verdict()))
                .toList();
        assertEquals(
                0,
                Knee.of(undecided.withChanges(enough), 3),
                "six a side could have called a step: no step improved, the first column");
    }
}
