package dev.vbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.report.ci.GateReport;
import dev.vbench.report.ci.GateReports;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Verdict;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The gate is one decision over every change it looks at (docs/statistics.md rule 5): with three files or
 * more, a change slower in its own column fails it only when its p stays below α after Holm across all the
 * changes the gate looks at; with two files that is the table's own correction, so nothing changes there.
 */
class GateFamilyTest {

    /** Six makespans a side; against BASE, {@link #SLOWER} has U = 5: the exact two-sided p of 6 + 6 is 0.0411. */
    private static final double[] BASE = {10, 11, 12, 13, 14, 15};

    private static final double[] SLOWER = {12.5, 13.5, 15.5, 16, 17, 18};
    private static final double[] SAME = {10.2, 11.1, 12.3, 12.9, 14.1, 15.2};

    @Test
    void aChangeSlowerInItsColumnFailsTheGateOfTwoFilesButNotOfThree() {
        assertEquals(0.0411, MannWhitney.test(BASE, SLOWER).p(), 0.0001);

        Comparison two =
                compare(List.of(SimulatedColumns.column("base", BASE), SimulatedColumns.column("new", SLOWER)));
        Comparison.Gate gateOfTwo = two.gate(Gates.NONE, 0.05);
        assertEquals(1, gateOfTwo.regressions().size(), "two files: the column's rows are the gate's changes");
        assertEquals(List.of(), gateOfTwo.notHeld());

        Comparison three = compare(List.of(
                SimulatedColumns.column("base", BASE),
                SimulatedColumns.column("same", SAME),
                SimulatedColumns.column("new", SLOWER)));
        Change slower = three.rows().get(0).changes().get(1);
        assertEquals(Verdict.SLOWER, slower.verdict(), "the table calls it slower in its own column (p = 0.041)");
        Comparison.Gate gate = three.gate(Gates.NONE, 0.05);
        assertEquals(List.of(), gate.regressions(), "0.041 x 2 changes is 0.082: the gate does not fail");
        assertEquals(1, gate.notHeld().size());
        assertEquals(2, gate.tested());
        assertEquals(0.0822, gate.notHeld().get(0).pGate(), 0.0001);
        assertEquals(List.of(), three.regressions(Gates.NONE, 0.05));

        GateReport report = GateReports.of(three, Gates.NONE, 0.05, false);
        assertEquals(List.of(), report.failed(), "the CI report agrees with the exit code");
        GateReport.Check check = report.checks().stream()
                .filter(c -> c.to().equals("new"))
                .findFirst()
                .orElseThrow();
        assertEquals(GateReport.Outcome.SLOWER, check.outcome());
        assertEquals(
                "slower than the gate in its own column, but not once Holm counts the 2 changes the gate looks at"
                        + " (p=0.082)",
                check.note());
    }

    /**
     * A/A for the gate: six files of one configuration (lognormal noise, 5% spread, six trials each) against the
     * first, the gate at 0% (any significant slowdown fails). Each of the five columns alone fails about one
     * comparison in forty (the slower half of α); with the columns' own corrections together they failed 62 of
     * 1,000, with the gate's one correction 15: below α/2.
     */
    @Test
    void filesOfOneConfigurationFailTheGateInFewerThanOneComparisonInForty() {
        Random random = new Random(2020);
        int runs = 1000;
        int failed = 0;
        int anyColumn = 0;
        for (int run = 0; run < runs; run++) {
            List<Dataset> files = SimulatedColumns.of(random, 6, f -> 100);
            Comparison c = compare(files);
            failed += c.regressions(Gates.NONE, 0.0).isEmpty() ? 0 : 1;
            anyColumn += c.rows().get(0).changes().stream().anyMatch(ch -> ch.verdict() == Verdict.SLOWER) ? 1 : 0;
        }
        String counts = "of " + runs + " comparisons of one configuration, " + anyColumn
                + " had a change the table calls slower and " + failed + " failed the gate";
        assertTrue(anyColumn >= runs * 45 / 1000, "the columns' verdicts alone: about one in sixteen; " + counts);
        assertTrue(failed <= runs * 25 / 1000, "the gate: below alpha / 2 = 2.5%; " + counts);
    }

    private static Comparison compare(List<Dataset> files) {
        return Comparisons.compute(files, CompareOptions.defaults(files.size() == 2 ? Layout.CHANGE : Layout.BASELINE));
    }
}
