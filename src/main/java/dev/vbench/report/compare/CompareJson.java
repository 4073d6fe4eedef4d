package dev.vbench.report.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparison.GeomeanRow;
import dev.vbench.compare.Dataset;
import dev.vbench.compare.Dim;
import dev.vbench.compare.Row;
import dev.vbench.result.MetricSummary;
import dev.vbench.result.ResultCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The comparison as one JSON document ({@code "schema": "vbench-compare/1"}): files with their
 * environment, rows with per-file statistics and per-pair changes (p, Holm-adjusted p, verdict), the
 * geomean row and the notes. Field order is fixed by the records below; NaN is written as "NaN".
 */
final class CompareJson {

    static final String SCHEMA = "vbench-compare/1";

    private CompareJson() {}

    record Document(String schema, String layout, double alpha, double noise, String title, List<File> files,
            List<RowJson> rows, GeomeanJson geomean, List<String> notes) {}

    record File(String label, String path, String kind, Map<String, String> environment) {}

    record RowJson(String label, Map<String, String> configuration, String mode, String unit, boolean higherIsBetter,
            List<Column> columns, List<ChangeJson> changes) {}

    record Column(String file, int n, double median, double ciLow, double ciHigh, double min, double max) {}

    /** @param mdePercent the row's minimum detectable effect at 80% power, in percent ("Infinity": none reachable) */
    record ChangeJson(String from, String to, double ratio, double changePercent, double p, double pHolm, int nFrom,
            int nTo, String verdict, double mdePercent) {}

    record GeomeanJson(String unit, List<Double> centres, List<GeomeanChange> changes) {}

    record GeomeanChange(String from, String to, double ratio, double changePercent, String verdict) {}

    static String render(Comparison c) {
        List<File> files = c.files().stream().map(f -> new File(f.label(), f.path(), f.kind(), f.environment())).toList();
        List<RowJson> rows = new ArrayList<>();
        for (Row row : c.rows()) {
            Map<String, String> configuration = new LinkedHashMap<>();
            for (Dim d : row.key()) {
                configuration.put(d.name(), d.value());
            }
            List<Column> columns = new ArrayList<>();
            for (int f = 0; f < c.files().size(); f++) {
                MetricSummary s = row.columns().get(f);
                columns.add(s == null ? null : new Column(c.files().get(f).label(), s.n(), s.median(), s.ciLow(), s.ciHigh(),
                        s.min(), s.max()));
            }
            List<ChangeJson> changes = new ArrayList<>();
            for (Change ch : row.changes()) {
                changes.add(ch == null ? null : new ChangeJson(label(c, ch.from()), label(c, ch.to()), ch.ratio(),
                        ch.delta() * 100, ch.p(), ch.pAdjusted(), ch.nFrom(), ch.nTo(), ch.verdict().word(), ch.mde() * 100));
            }
            rows.add(new RowJson(row.label(), configuration, row.mode(), row.unit(), row.higherIsBetter(), columns, changes));
        }
        GeomeanJson geomean = null;
        GeomeanRow g = c.geomean();
        if (g != null) {
            List<GeomeanChange> changes = new ArrayList<>();
            for (int i = 0; i < c.pairs().size(); i++) {
                int[] p = c.pairs().get(i);
                changes.add(new GeomeanChange(label(c, p[0]), label(c, p[1]), g.ratios().get(i), (g.ratios().get(i) - 1) * 100,
                        g.verdicts().get(i).word()));
            }
            geomean = new GeomeanJson(g.unit(), g.centres(), changes);
        }
        Document doc = new Document(SCHEMA, c.layout().cliName(), c.alpha(), c.noise(), c.title(), files, rows, geomean,
                c.notes());
        try {
            return ResultCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise comparison", e);
        }
    }

    private static String label(Comparison c, int file) {
        Dataset d = c.files().get(file);
        return d.label();
    }
}
