package dev.vbench.dashboard;

import dev.vbench.history.Analysis;
import dev.vbench.history.HistoryStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The dashboard as static files ({@code history export --site DIR}), for a CI artifact or a static host:
 * the same pages with {@link Links#STATIC} links — {@code index.html}, {@code series/ID-METRIC.html} per
 * series and metric, {@code run/ID.html} per run, {@code change/SERIES-METRIC-RUN.html} per change point —
 * and the charts' data split per series and metric ({@code data/series/…js}, its trials in chunks of
 * {@link Links#trialChunk} points under {@code data/trials/}), so no file grows with the store
 * beyond one series. Pages open from disk: the data are scripts, not fetched.
 *
 * <pre>{@code
 * Site.Written w = Site.export(dashboard, (path, text) -> OutputFiles.writeAtomically(dir.resolve(path), text));
 * }</pre>
 */
public final class Site {

    private Site() {}

    /** Where the files go: the caller writes each (relative path, text). */
    @FunctionalInterface
    public interface Output {
        void write(String path, String text) throws IOException;
    }

    /**
     * What was written.
     *
     * @param largestBytes the largest file's size (UTF-8)
     * @param largest its path
     */
    public record Written(
            int files, long bytes, long largestBytes, String largest, int series, int runs, int changePoints) {}

    /** Writes every page and data file of the store through {@code out}. */
    public static Written export(Dashboard d, Output out) throws IOException {
        Totals c = new Totals(out);
        Links links = Links.STATIC;
        Analysis.Settings settings = d.settings();
        for (String[] asset : Assets.FILES) {
            c.write(links.asset(asset[0]), Assets.text(asset[0]));
        }
        Dashboard.Overview overview = d.overview();
        c.write(links.overview(), Pages.overview(links, overview, d));
        int changePoints = 0;
        for (Dashboard.SeriesSummary s : overview.series()) {
            long id = s.info().id();
            Dashboard.SeriesView first = s.metric().isEmpty() ? null : d.series(id, null);
            for (String metric : first == null ? List.<String>of() : first.metrics()) {
                Dashboard.SeriesView v = d.series(id, metric);
                c.write(links.series(id, metric), Pages.series(links, v, d));
                String data = links.seriesData(id, metric);
                c.write(data, SeriesData.script(data, SeriesData.json(v, settings, links)));
                int size = links.trialChunk();
                int chunks = (v.points().size() + size - 1) / size;
                for (int k = 0; k < chunks; k++) {
                    String trials = links.trialsData(id, metric).replace("{chunk}", String.valueOf(k));
                    c.write(
                            trials,
                            SeriesData.script(trials, SeriesData.trials(k, size, d.trials(id, metric, k, size))));
                }
                for (Analysis.Found f : v.changePoints()) {
                    long run = f.firstAfter().runId();
                    c.write(links.change(id, metric, run), Pages.change(links, d.change(id, metric, run), d));
                    changePoints++;
                }
            }
        }
        List<HistoryStore.RunInfo> runs = d.runs();
        for (HistoryStore.RunInfo r : runs) {
            c.write(links.run(r.id()), Pages.run(links, d.run(r.id()), d));
        }
        return new Written(
                c.files, c.bytes, c.largestBytes, c.largest, overview.series().size(), runs.size(), changePoints);
    }

    private static final class Totals {
        final Output out;
        int files;
        long bytes;
        long largestBytes;
        String largest = "";

        Totals(Output out) {
            this.out = out;
        }

        void write(String path, String text) throws IOException {
            out.write(path, text);
            long n = text.getBytes(StandardCharsets.UTF_8).length;
            files++;
            bytes += n;
            if (n > largestBytes) {
                largestBytes = n;
                largest = path;
            }
        }
    }
}
