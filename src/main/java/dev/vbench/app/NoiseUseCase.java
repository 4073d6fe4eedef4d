package dev.vbench.app;

import dev.vbench.compare.Change;
import dev.vbench.compare.Row;
import dev.vbench.config.Defaults;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.history.Testbed;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.ReportDocument;
import dev.vbench.report.ReportOptions;
import dev.vbench.report.Table;
import dev.vbench.stats.Descriptive;
import dev.vbench.text.Numbers;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.BetaDistribution;

/**
 * {@code vbench noise}: how trustworthy a comparison of this configuration is on this machine, measured
 * rather than assumed (docs/statistics.md rule 14). It runs the configuration against itself — as two
 * sides, A and B, of one run ({@code --build A= --build B=}), their trials interleaved as a real comparison's
 * would be — {@code repeats} times, each with another seed, and reports per compared row:
 * <ul>
 *   <li>the false-positive rate of vbench's own decision rule (Mann-Whitney, Holm, noise band): A and B are
 *       the same, so every faster or slower is false; α promises 5%. With its exact (Clopper-Pearson) 95%
 *       interval;</li>
 *   <li>the noise floor: 1.96 standard deviations of ln(B/A) over the repeats, the band within which 95% of
 *       A/A differences fall — what {@code --noise-band auto} uses;</li>
 *   <li>the minimum detectable effect at 80% power for the chosen trials and forks (the median of the
 *       repeats').</li>
 * </ul>
 *
 * <pre>{@code
 * NoiseUseCase.Outcome o = NoiseUseCase.run(request, 10, out, err);
 * o.rows().forEach(r -> System.out.println(r.label() + " " + r.falsePositives() + "/" + r.repeats()));
 * }</pre>
 */
public final class NoiseUseCase {

    private NoiseUseCase() {}

    /**
     * The figures of one compared row.
     *
     * @param table the title of the table the row is in
     * @param label the row's label (its configuration apart from what the table's title says)
     * @param repeats A/A comparisons run
     * @param falsePositives of them, how many the decision rule called faster or slower
     * @param floor 1.96 standard deviations of ln(B/A) over the repeats, as a relative change (0.031 = ±3.1%)
     * @param mde the median of the repeats' minimum detectable effects at 80% power, as a relative change
     */
    public record NoiseRow(String table, String label, int repeats, int falsePositives, double floor, double mde) {

        /** The share of repeats called different. */
        public double rate() {
            return repeats == 0 ? Double.NaN : falsePositives / (double) repeats;
        }

        /** The exact (Clopper-Pearson) 95% interval of the false-positive rate: {low, high}. */
        public double[] interval() {
            return clopperPearson(falsePositives, repeats);
        }
    }

    /** What the command prints and returns. */
    public record Outcome(List<NoiseRow> rows, String text, int exitCode) {}

    /**
     * Runs the A/A comparison {@code repeats} times.
     *
     * @param request the run's options (a {@code -w} matrix; no suite, no builds)
     */
    public static Outcome run(RunRequest request, int repeats, PrintWriter out, PrintWriter err) throws Exception {
        if (request.suiteFile() != null) {
            throw new UsageException("vbench noise measures one configuration; give it with -w/-e/-p (a suite's"
                    + " experiment as options)");
        }
        if (!request.matrix().builds().isEmpty()) {
            throw new UsageException("vbench noise compares the configuration with itself; drop --build");
        }
        if (!request.outputs().files().isEmpty()) {
            throw new UsageException(
                    "vbench noise prints its table and writes no result files; drop -o (--history stores"
                            + " the noise floor)");
        }
        if ("duet".equals(request.trials().order())) {
            throw new UsageException("vbench noise runs A and B in this JVM, not as a duet; drop --duet");
        }
        if (repeats < 2) {
            throw new UsageException("--repeat " + repeats + " must be at least 2 (10 or more for a useful rate)");
        }
        request.history().validate(false, System.getenv());
        if (request.dryRun()) {
            RunOutcome plan = RunUseCase.run(sides(request, 0, true), out, err);
            out.println("noise: " + repeats + " A/A comparisons of this plan (--repeat), each a run of its own: about "
                    + repeats + " times its estimate");
            out.flush();
            return new Outcome(List.of(), "", plan.exitCode());
        }
        Map<String, List<Change>> byRow = new LinkedHashMap<>();
        Map<String, String[]> names = new LinkedHashMap<>();
        PrintWriter discard = new PrintWriter(OutputStream.nullOutputStream());
        boolean quiet = request.outputs().quiet();
        for (int r = 0; r < repeats; r++) {
            RunRequest aa = sides(request, r, false);
            RunOutcome o = RunUseCase.run(aa, discard, quiet ? discard : err);
            if (o.result() == null) {
                return new Outcome(List.of(), "", o.exitCode());
            }
            int called = 0;
            for (ReportDocument.TableBlock t :
                    ReportDocument.of(o.result(), reportOptions(request)).comparisons()) {
                if (t.kind() != ReportDocument.Kind.COMPARISON) {
                    continue;
                }
                for (Row row : t.comparison().rows()) {
                    Change ch = row.changes().isEmpty() ? null : row.changes().get(0);
                    if (ch == null) {
                        continue;
                    }
                    String key = t.table().title() + "\n" + row.label();
                    names.putIfAbsent(key, new String[] {t.table().title(), row.label()});
                    byRow.computeIfAbsent(key, k -> new ArrayList<>()).add(ch);
                    called += ch.real() ? 1 : 0;
                }
            }
            if (!quiet) {
                err.println("vbench: noise: A/A comparison " + (r + 1) + " of " + repeats + ": " + called + " of "
                        + byRow.size() + " row(s) called different");
                err.flush();
            }
        }
        List<NoiseRow> rows = new ArrayList<>();
        byRow.forEach((key, changes) -> rows.add(row(names.get(key)[0], names.get(key)[1], changes)));
        String text = render(rows, request, repeats);
        out.print(text);
        out.flush();
        int exit = request.history().enabled() ? store(request, rows, err) : ExitCodes.OK;
        return new Outcome(rows, text, exit);
    }

    /** {@code --history}: the rows as this testbed's newest noise measurement, which {@code --noise-band auto} reads. */
    private static int store(RunRequest request, List<NoiseRow> rows, PrintWriter err) {
        HistoryTarget h = request.history();
        return HistoryAccess.call(
                () -> {
                    HistoryUrl where = h.resolve();
                    Testbed testbed = Testbed.probe(h.testbed(), NoiseBands.hostName());
                    try (HistoryStore store = HistoryStore.open(where, true)) {
                        store.addNoise(
                                testbed,
                                Instant.now(),
                                request.commandLine(),
                                rows.stream()
                                        .map(r -> new HistoryStore.NoiseRow(
                                                r.table(),
                                                r.label(),
                                                r.repeats(),
                                                r.falsePositives(),
                                                r.floor(),
                                                r.mde()))
                                        .toList());
                    }
                    if (!request.outputs().quiet()) {
                        err.println(
                                "vbench: noise of testbed " + testbed.name() + " stored in the history " + where.shown()
                                        + "; --noise-band auto (run) and --noise auto (compare) use its largest floor");
                        err.flush();
                    }
                    return ExitCodes.OK;
                },
                "noise measured; not stored in the history: ");
    }

    /** The request as repeat {@code r} runs it: sides A and B of the same code, another seed, no history, no files. */
    private static RunRequest sides(RunRequest request, int r, boolean dryRun) {
        RunRequest.Matrix m = request.matrix();
        RunRequest.Matrix aa = new RunRequest.Matrix(
                m.workload(),
                m.executors(),
                m.params(),
                m.tasks(),
                m.concurrency(),
                m.duration(),
                m.rates(),
                m.timeout(),
                m.jvms(),
                m.jvmArgs(),
                List.of("A=", "B="));
        RunRequest.Trials t = request.trials();
        RunRequest.Trials trials = new RunRequest.Trials(
                t.warmup(),
                t.measured(),
                t.forks(),
                t.seed() + r,
                t.dataDir(),
                t.order(),
                t.batch(),
                t.maxFailures(),
                t.auto());
        RunRequest.Outputs o = request.outputs();
        RunRequest.Outputs outputs = new RunRequest.Outputs(List.of(), null, o.metric(), null, true, false, true);
        return new RunRequest(
                null,
                null,
                aa,
                trials,
                request.probes(),
                outputs,
                request.classPath(),
                HistoryTarget.NONE,
                null,
                dryRun,
                request.version(),
                request.commandLine());
    }

    private static ReportOptions reportOptions(RunRequest request) {
        return new ReportOptions(request.outputs().metric(), false);
    }

    private static NoiseRow row(String table, String label, List<Change> changes) {
        int falsePositives = (int) changes.stream().filter(Change::real).count();
        double[] logs = changes.stream()
                .mapToDouble(c -> Math.log(c.ratio()))
                .filter(v -> !Double.isNaN(v))
                .toArray();
        double floor = logs.length < 2 ? Double.NaN : Math.expm1(1.96 * sd(logs));
        double[] mdes = changes.stream()
                .mapToDouble(Change::mde)
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
        double mde = mdes.length == 0 ? Double.NaN : Descriptive.medianOfSorted(mdes);
        return new NoiseRow(table, label, changes.size(), falsePositives, floor, mde);
    }

    private static double sd(double[] values) {
        double mean = Arrays.stream(values).average().orElse(0);
        double ss = 0;
        for (double v : values) {
            ss += (v - mean) * (v - mean);
        }
        return Math.sqrt(ss / (values.length - 1));
    }

    /**
     * The exact 95% interval of a binomial proportion, k of n: Beta(α/2; k, n − k + 1) to Beta(1 − α/2; k + 1, n − k)
     * (C. J. Clopper and E. S. Pearson, <i>Biometrika</i> 26 (1934) 404–413).
     */
    static double[] clopperPearson(int k, int n) {
        double low = k == 0 ? 0 : BetaDistribution.of(k, n - k + 1).inverseCumulativeProbability(0.025);
        double high = k == n ? 1 : BetaDistribution.of(k + 1, n - k).inverseCumulativeProbability(0.975);
        return new double[] {low, high};
    }

    private static String render(List<NoiseRow> rows, RunRequest request, int repeats) {
        StringBuilder sb = new StringBuilder();
        Map<String, List<NoiseRow>> byTable = new LinkedHashMap<>();
        rows.forEach(
                r -> byTable.computeIfAbsent(r.table(), k -> new ArrayList<>()).add(r));
        byTable.forEach((title, ofTable) -> {
            Table.Builder b = new Table.Builder("A/A: " + title.replace(" by build", "") + " · " + repeats + " repeats")
                    .text("row")
                    .text("false positives")
                    .text("95% CI")
                    .number("noise floor")
                    .number("MDE (80%)");
            for (NoiseRow r : ofTable) {
                double[] ci = r.interval();
                b.row(List.of(
                        r.label(),
                        r.falsePositives() + "/" + r.repeats() + " (" + Numbers.fixed(100 * r.rate(), 0) + "%)",
                        Numbers.fixed(100 * ci[0], 0) + "–" + Numbers.fixed(100 * ci[1], 0) + "%",
                        Numbers.plusMinusPercent(r.floor()),
                        Numbers.plusMinusPercent(r.mde())));
            }
            b.footnote(
                    "false positives: A/A comparisons the decision rule called faster or slower (A and B are the same"
                            + " configuration, their trials interleaved); α = " + Numbers.fixed(Defaults.ALPHA, 2)
                            + " promises " + Numbers.fixed(100 * Defaults.ALPHA, 0)
                            + "%; 95% CI: exact (Clopper-Pearson)");
            b.footnote("noise floor: 95% of A/A changes fall within it (1.96 standard deviations of ln(B/A) over the"
                    + " repeats): --noise-band below it lets noise through");
            b.footnote(
                    "MDE: the smallest change a comparison with these trials and forks detects with 80% power (median"
                            + " over the repeats)");
            sb.append(ConsoleRenderer.render(b.build())).append('\n');
        });
        if (rows.isEmpty()) {
            sb.append("no row was compared (every cell failed?)\n");
        }
        return sb.toString();
    }
}
