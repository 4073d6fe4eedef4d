package dev.vbench.app;

import dev.vbench.compare.Change;
import dev.vbench.compare.Row;
import dev.vbench.config.Defaults;
import dev.vbench.report.ReportDocument;
import dev.vbench.report.ReportOptions;
import dev.vbench.report.RunTables;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.MachineState;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Descriptive;
import dev.vbench.stats.Holm;
import dev.vbench.stats.MannKendall;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The warnings a run prints about the conditions it measured in (docs/statistics.md rule 15), in the
 * spirit of hyperfine's "consider re-running on a quiet system", with the figures: one line when other
 * processes kept the machine busy during the trials ({@link MachineState#otherLoad}), one when the
 * trials' spread is so wide that a compared row could only see large changes (its minimum detectable
 * effect, {@link Change#mde}, above {@link #WIDE_MDE}), and one when cells' trials drifted one way as they ran
 * (docs/statistics.md rule 17, {@link #drift}).
 *
 * <pre>{@code
 * RunConditions.warnings(result, reportOptions).forEach(w -> err.println("vbench: warning: " + w));
 * }</pre>
 */
final class RunConditions {

    /**
     * The environment variable that silences these warnings ({@code VBENCH_NO_CONDITION_WARNINGS=1}): for a
     * machine known to be shared, such as a test suite's; the figures stay in the result.
     */
    static final String OFF = "VBENCH_NO_CONDITION_WARNINGS";

    /** A compared row that cannot see changes smaller than this (a relative change) is worth a warning. */
    static final double WIDE_MDE = 0.10;

    private RunConditions() {}

    static List<String> warnings(RunResult result, ReportOptions options) {
        List<String> out = new ArrayList<>();
        busy(result.cells(), result.settings().order()).ifPresent(out::add);
        wide(ReportDocument.of(result, options)).ifPresent(out::add);
        drift(result.cells(), result.settings().order(), options.noise(), Defaults.ALPHA)
                .ifPresent(out::add);
        return out;
    }

    /**
     * "the machine was busy: other processes kept up to 1.4 of 2 usable CPUs busy during the trials (in 9 of 24
     * trials) …", when the CPUs other processes kept busy reached half the usable CPUs (at least 1). Measured over
     * each trial where the system tells ({@link MachineState#otherCpus}, Linux): then only trials with that figure
     * count, because the load average lags by a minute (a build just before the run is still in it). Elsewhere the
     * load average less the trial's own CPUs: "kept a load of up to 3.1 beside the trials on 2 usable CPUs".
     */
    static Optional<String> busy(List<CellResult> cells, String order) {
        Tally measured = new Tally(); // trials with the measured figure
        Tally loadAverage = new Tally(); // trials with the load average only
        for (CellResult c : cells) {
            for (TrialResult t : c.trials()) {
                MachineState m = machine(t);
                if (m == null) {
                    continue;
                }
                double own = t.telemetry().processCpuNanos() > 0 && t.makespanNanos() > 0
                        ? t.telemetry().processCpuNanos() / (double) t.makespanNanos()
                        : 0;
                (m.otherCpus() != null ? measured : loadAverage).add(m.otherLoad(own), m.cpus());
            }
        }
        boolean isMeasured = measured.seen;
        Tally tally = isMeasured ? measured : loadAverage;
        if (tally.busyTrials == 0) {
            return Optional.empty();
        }
        String usable = tally.cpus + " usable CPU" + (tally.cpus == 1 ? "" : "s");
        return Optional.of("the machine was busy: other processes kept "
                + (isMeasured
                        ? "up to " + Numbers.fixed(tally.highest, 1) + " of " + usable + " busy during the trials"
                        : "a load of up to " + Numbers.fixed(tally.highest, 1) + " beside the trials on " + usable)
                + " (in " + tally.busyTrials + " of " + tally.trials + " trials); "
                + ("grouped".equals(order) ? "with --order grouped a change of load can reach a verdict; " : "")
                + "the noise widens every interval: consider re-running on a quiet system");
    }

    /** The other load of one kind of trial (measured, or load average only): the highest, and how many were busy. */
    private static final class Tally {
        boolean seen;
        double highest;
        int busyTrials;
        int trials;
        int cpus;

        void add(double other, int trialCpus) {
            seen = true;
            if (Double.isNaN(other)) {
                return;
            }
            trials++;
            cpus = Math.max(cpus, trialCpus);
            if (other >= threshold(trialCpus)) {
                busyTrials++;
            }
            highest = Math.max(highest, other);
        }
    }

    private static MachineState machine(TrialResult t) {
        return t.telemetry() == null ? null : t.telemetry().machine();
    }

    /** Other load at which a trial counts as run on a busy machine: half the usable CPUs, at least one. */
    static double threshold(int cpus) {
        return Math.max(1, cpus / 2.0);
    }

    /** Fewest measured trials of a cell whose order is tested: five values are the fewest to reach p &lt; 0.05. */
    static final int DRIFT_MIN_TRIALS = 5;

    /**
     * "the trials of 2 of 8 cells drifted one way …", when a cell's throughput, trial by trial in the order they
     * ran, rose or fell steadily (docs/statistics.md rule 17): Mann-Kendall's test per cell, Holm across the cells
     * tested, and a drift from the first trial to the last (Theil–Sen) beyond the noise band. Cells that did not
     * finish, shed load or paced by a rate (their throughput is the rate's) are not tested.
     */
    static Optional<String> drift(List<CellResult> cells, String order, double noise, double alpha) {
        List<CellResult> tested = new ArrayList<>();
        List<MannKendall.Result> results = new ArrayList<>();
        List<Double> medians = new ArrayList<>();
        for (CellResult c : cells) {
            List<TrialResult> trials = inOrder(c.trials());
            if (c.status() != CellStatus.OK
                    || c.shedLoad()
                    || c.config().ratePerSecond() > 0
                    || trials.size() < DRIFT_MIN_TRIALS) {
                continue;
            }
            double[] series = trials.stream()
                    .mapToDouble(TrialResult::throughputPerSecond)
                    .toArray();
            tested.add(c);
            results.add(MannKendall.test(series));
            medians.add(Descriptive.median(series));
        }
        double[] adjusted =
                Holm.adjust(results.stream().mapToDouble(MannKendall.Result::p).toArray());
        int drifted = 0;
        int steepest = -1;
        double steepestShare = 0;
        for (int i = 0; i < tested.size(); i++) {
            double share = results.get(i).change() / medians.get(i);
            if (adjusted[i] < alpha && Math.abs(share) > noise) {
                drifted++;
                if (Math.abs(share) > Math.abs(steepestShare)) {
                    steepest = i;
                    steepestShare = share;
                }
            }
        }
        if (drifted == 0) {
            return Optional.empty();
        }
        // the other cells' trials, taken together: did they move the same way (the machine, or a JVM they share)?
        List<MannKendall.Result> others = new ArrayList<>(results);
        MannKendall.Result first = others.remove(steepest);
        MannKendall.Result rest = MannKendall.together(others);
        boolean alike = !others.isEmpty() && Long.signum(rest.s()) == Long.signum(first.s()) && rest.p() < alpha;
        return Optional.of("the trials of " + drifted + " of " + tested.size() + " cell"
                + (tested.size() == 1 ? "" : "s")
                + " drifted one way from the first to the last (the steepest: "
                + RunTables.row(tested.get(steepest), cells) + ", throughput " + Numbers.deltaPercent(steepestShare)
                + ", Mann-Kendall p=" + Numbers.pValue(adjusted[steepest]) + " after Holm across " + tested.size()
                + " cell" + (tested.size() == 1 ? "" : "s") + "): "
                + (steepestShare > 0
                        ? "warmup may not be over (more --warmup), or the machine sped up"
                        : "the JVM or the machine slowed down as they ran (heap growth, throttling, other load)")
                + (alike
                        ? "; the other cells' trials moved the same way (Mann-Kendall over them together, p="
                                + Numbers.pValue(rest.p()) + ")"
                                + switch (order == null ? "" : order) {
                                    case "grouped" -> ", which with --order grouped can reach a verdict";
                                    case "random" -> ", which --order random spreads over the columns by chance";
                                    default -> ", which interleaved rounds keep out of the comparisons";
                                }
                        : "")
                + "; such a median mixes two states");
    }

    /** The trials in the order they ran: by start time where every trial has one, else as recorded. */
    private static List<TrialResult> inOrder(List<TrialResult> trials) {
        if (trials.stream().anyMatch(t -> t.startTime() == null)) {
            return trials;
        }
        return trials.stream()
                .sorted(Comparator.comparing(TrialResult::startTime))
                .toList();
    }

    /**
     * "the trials' spread hides changes below ±14.2% in 3 of 8 compared rows (the widest: duration=5ms in 'io …') …",
     * when a compared row's minimum detectable effect exceeds {@link #WIDE_MDE}.
     */
    static Optional<String> wide(ReportDocument doc) {
        int wide = 0;
        int compared = 0;
        double widest = 0;
        String where = "";
        for (ReportDocument.TableBlock t : doc.comparisons()) {
            for (Row row : t.comparison().rows()) {
                for (Change ch : row.changes()) {
                    if (ch == null || Double.isNaN(ch.mde()) || Double.isInfinite(ch.mde())) {
                        continue; // untested, or a table that cannot reach significance: its own note says why
                    }
                    compared++;
                    if (ch.mde() > WIDE_MDE) {
                        wide++;
                        if (ch.mde() > widest) {
                            widest = ch.mde();
                            where = row.label() + " in '" + t.table().title() + "'";
                        }
                    }
                }
            }
        }
        if (wide == 0) {
            return Optional.empty();
        }
        return Optional.of("the trials' spread is wide: in " + wide + " of " + compared + " compared row"
                + (compared == 1 ? "" : "s") + " only changes above " + Numbers.plusMinusPercent(WIDE_MDE)
                + " can be seen (up to "
                + Numbers.plusMinusPercent(widest) + ": " + where
                + "); more trials (--trials) or a quieter machine narrow it");
    }
}
