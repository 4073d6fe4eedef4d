package dev.vbench.cli;

import dev.vbench.app.UsageException;
import dev.vbench.app.ExitCodes;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history analyze [SERIES…]}: change points, one line each. */
@Command(name = "analyze", sortOptions = false,
        description = {"Find change points per series and metric: e-divisive means with a t-test as Apache Otava",
            "computes them (window 50, p 0.001), over the median of each run; excluded runs are left out.",
            "One line per change point: series, metric, the first run after it (date, run id, commit), the change",
            "of the mean in %%, better/worse, p, machine and configuration. Nothing else is printed per run; see",
            "'vbench history show' for a whole series.", "",
            "Examples:",
            "  vbench history analyze",
            "  vbench history analyze 3 --metric makespan --min-points-after 3",
            "  vbench history analyze -P 0.01 -M 2%%"})
final class HistoryAnalyzeCommand extends HistoryVerb {

    @Parameters(arity = "0..*", paramLabel = "SERIES", description = "Series ids (or texts of their configuration); default all.")
    List<String> refs = new ArrayList<>();

    @Option(names = "--metric", paramLabel = "METRIC", description = "Only this metric (makespan, throughput, p99, …; JMH: thrpt, avgt, …).")
    String metric;

    @Option(names = "--testbed", paramLabel = "NAME", description = "Only series of this machine.")
    String testbed;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() {
        Analysis.Settings settings = analysis.settings();
        try (HistoryStore store = open(false)) {
            List<HistoryStore.SeriesInfo> all = store.series(testbed);
            List<HistoryStore.SeriesInfo> chosen = refs.isEmpty() ? all : refs.stream().map(r -> findSeries(all, r)).toList();
            int analysed = 0;
            int found = 0;
            for (HistoryStore.SeriesInfo s : chosen) {
                List<HistoryStore.Ack> acks = store.acks(s.id());
                for (String m : store.metrics(s.id())) {
                    if (metric != null && !metric.equals(m)) {
                        continue;
                    }
                    analysed++;
                    List<HistoryStore.Point> points = store.points(s.id(), m);
                    for (Analysis.Found f : Analysis.changePoints(points, settings)) {
                        HistoryStore.Ack ack = acks.stream().filter(a -> a.runId() == f.firstAfter().runId()
                                && (a.metric().equals(m) || a.metric().equals("*"))).findFirst().orElse(null);
                        out().println(HistoryReports.analyzeLine(s, m, points.get(0).higherIsBetter(), f, ack));
                        found++;
                    }
                }
            }
            if (metric != null && analysed == 0 && !chosen.isEmpty()) {
                throw new UsageException("no series has the metric '" + metric + "'; see 'vbench history show SERIES'"
                        + " for the metrics of a series");
            }
            out().flush();
            err().println("vbench: " + found + " change point(s) in " + analysed + " series × metric(s)");
            err().flush();
        }
        return ExitCodes.OK;
    }
}
