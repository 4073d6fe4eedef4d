package dev.vbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.MetricSummary;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
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
        List<Boolean> shed = new ArrayList<>(Collections.nCopies(steps.length + 1, false));
        return new Row(
                "r",
                List.of(),
                "makespan",
                "ms",
                higherIsBetter,
                Arrays.asList(new MetricSummary[steps.length + 1]),
                changes,
                shed);
    }

    /** The knee of a row in a table of one row, at α = 0.05. */
    private static int of(Row row, int columns) {
        int[] oneRow = new int[columns - 1];
        Arrays.fill(oneRow, 1);
        return Knee.of(row, columns, 0.05, oneRow);
    }

    @Test
    void theKneeIsTheLastColumnAStepImprovedOn() {
        assertEquals(1, of(row(false, "f", "~", "~"), 4), "1 → 2 faster, then nothing: the knee is 2");
        assertEquals(3, of(row(false, "f", "~", "f"), 4), "an improvement later moves the knee");
        assertEquals(0, of(row(false, "~", "s", "~"), 4), "no step improved: the first column");
        assertEquals(2, of(row(true, "f", "f", "s"), 4), "throughput: higher is better");
        assertEquals(Knee.MISSING, of(row(false, "f", null, "~"), 4), "a missing step: unknown");
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
                of(undecided.withChanges(unreachable), 3),
                "two trials cannot call any step: no knee claimed");
        List<Change> single = undecided.changes().stream()
                .map(c -> new Change(c.from(), c.to(), c.ratio(), 1.0, 1.0, 1, 1, c.verdict()))
                .toList(); // one trial a side: no power computed (NaN), and no p can reach α
        assertEquals(Knee.UNDECIDED, of(undecided.withChanges(single), 3), "one trial a side: no knee claimed either");
        List<Change> enough = undecided.changes().stream()
                .map(c -> new Change(c.from(), c.to(), c.ratio(), 0.4, 0.4, 6, 6, c.verdict()))
                .toList();
        assertEquals(
                0,
                of(undecided.withChanges(enough), 3),
                "six a side could have called a step: no step improved, the first column");
    }

    @Test
    void aStepFasterInItsColumnOnlyDoesNotMoveTheKneeAndTheFootnoteSaysSo() {
        Row row = row(false, "~", "f", "~", "~", "~");
        List<Change> weak = new ArrayList<>(row.changes());
        Change step = weak.get(1);
        // p = 0.02 passes its column (one row) but not Holm across the row's five steps (0.02 x 5 = 0.1)
        weak.set(1, new Change(step.from(), step.to(), step.ratio(), 0.02, 0.02, 6, 6, Verdict.FASTER));
        for (int i : new int[] {0, 2, 3, 4}) {
            Change c = weak.get(i);
            weak.set(i, new Change(c.from(), c.to(), 1.0, 0.6, 0.6, 6, 6, Verdict.WITHIN_VARIANCE));
        }
        assertEquals(
                0, of(row.withChanges(weak), 6), "one step at p = 0.02 among five: no knee beyond the first column");
        List<Change> strong = new ArrayList<>(weak);
        strong.set(1, new Change(step.from(), step.to(), step.ratio(), 0.002, 0.002, 6, 6, Verdict.FASTER));
        assertEquals(2, of(row.withChanges(strong), 6), "p = 0.002 holds across five steps (0.01)");

        List<String> lines = Knee.lines(chain(List.of(row.withChanges(weak)), 6));
        assertEquals(
                List.of(
                        "knee: c0, the first column: no step improved on it (the last column a significant step"
                                + " improved on, with Holm across the row's 5 steps as well as across the rows; no"
                                + " step after it is faster)",
                        "knee: the step to c2 reads faster in its column but not across the row's 5 steps, so it"
                                + " does not move the knee"),
                lines);
    }

    @Test
    void tooFewTrialsNameTheTrialsTheKneeNeeds() {
        Row row = row(false, "~", "~", "~", "~", "~");
        List<Change> two = row.changes().stream()
                .map(c -> new Change(c.from(), c.to(), 1.0, 1.0, 1.0, 2, 2, Verdict.WITHIN_VARIANCE))
                .toList();
        // one row, five steps: Mann-Whitney's smallest p must be below 0.05 / 5, which 5 + 5 trials reach (0.0079)
        assertEquals(
                List.of("knee: not known: with these trials no step could be significant; run 5 or more"),
                Knee.lines(chain(List.of(row.withChanges(two)), 6)));
    }

    /**
     * A/A for the knee: chains of six columns that are one configuration (the same lognormal noise, 5% spread,
     * six trials each) through the table's own comparison. A knee beyond the first column is a false claim: with
     * the columns' verdicts alone about one chain in ten named one (five steps at 2.5% each in the faster
     * direction); with Holm across the steps, fewer than α.
     */
    @Test
    void chainsOfEqualColumnsNameAKneeInFewerThanOneRunInTwentyFive() {
        Random random = new Random(2017);
        int runs = 1000;
        int falseKnees = 0;
        int columnOnly = 0;
        for (int run = 0; run < runs; run++) {
            List<Dataset> columns = SimulatedColumns.of(random, 6, col -> 100);
            Comparison c = Comparisons.compute(columns, CompareOptions.ofOneRun(Layout.CHAIN, 0.01));
            falseKnees += Knee.lines(c).get(0).startsWith("knee: c0,") ? 0 : 1;
            columnOnly += c.rows().get(0).changes().stream().anyMatch(ch -> ch.verdict() == Verdict.FASTER) ? 1 : 0;
        }
        String counts = "of " + runs + " chains of equal columns, " + columnOnly
                + " had a step the table calls faster and " + falseKnees + " named a knee";
        assertTrue(columnOnly >= runs * 6 / 100, "the columns' verdicts alone: about one chain in ten; " + counts);
        assertTrue(falseKnees <= runs * 4 / 100, "the knee: below alpha = 5%; " + counts);
    }

    /** A real knee is still found: 30% faster from the first column to the second, then flat, six trials each. */
    @Test
    void aRealKneeIsFoundWithSixTrials() {
        Random random = new Random(7);
        int found = 0;
        for (int run = 0; run < 50; run++) {
            List<Dataset> columns = SimulatedColumns.of(random, 6, col -> col == 0 ? 100 : 70);
            found += Knee.lines(Comparisons.compute(columns, CompareOptions.ofOneRun(Layout.CHAIN, 0.01)))
                            .get(0)
                            .startsWith("knee: c1 ")
                    ? 1
                    : 0;
        }
        assertTrue(found >= 45, "the knee at the second column in " + found + " of 50 chains");
    }

    /** A chain table of {@code rows} over {@code columns} columns labelled c0, c1, ... */
    private static Comparison chain(List<Row> rows, int columns) {
        List<Dataset> files = new ArrayList<>();
        for (int i = 0; i < columns; i++) {
            files.add(new Dataset("c" + i, "c" + i, "vbench", Map.of(), List.of(), List.of()));
        }
        return new Comparison(files, Layout.CHAIN, List.of(), 0.01, 0.05, "t", "Tasks", rows, null, List.of());
    }
}
