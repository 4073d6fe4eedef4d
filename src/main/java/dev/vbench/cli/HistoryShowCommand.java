package dev.vbench.cli;

import dev.vbench.app.UsageException;
import dev.vbench.app.ExitCodes;
import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.result.Metric;
import dev.vbench.result.TableDefaults;
import java.io.IOException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history show SERIES}: one series over time. */
@Command(name = "show", sortOptions = false,
        description = {"One series over time: a table of every run (median, 95%% CI, JVM when it changes, exclusions)",
            "with change points marked between the rows, and a sparkline; --format html draws the trend (medians",
            "with CI whiskers, change-point markers, JVM-version annotations).", "",
            "Examples:",
            "  vbench history show 3",
            "  vbench history show 'io duration=100ms | virtual' --metric p99 --last 60",
            "  vbench history show 3 --format html -o trend.html"})
final class HistoryShowCommand extends HistoryVerb {

    /** Output formats of {@code show}. */
    enum ShowFormat { text, html }

    @Parameters(index = "0", paramLabel = "SERIES", description = "Series id (or a text of its configuration).")
    String series;

    @Option(names = "--metric", paramLabel = "METRIC", description = "Metric shown; default the one its runs' tables showed: makespan, throughput with --duration,"
                    + " p99 with --rate (JMH: its mode).")
    String metric;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text",
            description = "text or html.")
    ShowFormat format;

    @Mixin
    OutputFileOption output;

    @Option(names = "--last", paramLabel = "N", description = "Only the newest N runs (change points are found over all).")
    Integer last;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() throws IOException {
        Analysis.Settings settings = analysis.settings();
        if (last != null && last < 1) {
            throw new UsageException("--last " + last + " must be at least 1");
        }
        output.checkWritable();
        String text;
        try (HistoryStore store = open(false)) {
            HistoryStore.SeriesInfo s = findSeries(store.series(null), series);
            List<String> metrics = store.metrics(s.id());
            String m = metric != null ? metric : defaultMetric(s, metrics);
            if (!metrics.contains(m)) {
                throw new UsageException("series " + s.id() + " has no metric '" + m + "'; it has " + String.join(", ", metrics));
            }
            List<HistoryStore.Point> points = store.points(s.id(), m);
            List<Analysis.Found> found = Analysis.changePoints(points, settings);
            List<HistoryStore.Point> shown = last != null && points.size() > last
                    ? points.subList(points.size() - last, points.size()) : points;
            List<HistoryStore.Ack> acks = store.acks(s.id());
            text = format == ShowFormat.html ? HistoryReports.showHtml(s, m, shown, found, acks)
                    : HistoryReports.showText(s, m, shown, found, acks);
        }
        output.write(out(), text);
        return ExitCodes.OK;
    }

    /** The series' load-shape default ({@link TableDefaults}) where it was stored, else its first metric (JMH: its mode). */
    private static String defaultMetric(HistoryStore.SeriesInfo s, List<String> metrics) {
        Metric byShape = TableDefaults.metricOfLoadText(s.key().loadShape());
        return byShape != null && metrics.contains(byShape.key()) ? byShape.key() : metrics.get(0);
    }
}
