package dev.vbench.report;

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
 * A comparison as one JSON document ({@code "schema": "vbench-compare/1"}): files (or a run's columns) with
 * their environment, rows with per-column statistics and per-pair changes (p, Holm-adjusted p, verdict, minimum
 * detectable effect), the geomean row and the notes. Field order is fixed by the records below; NaN is written as
 * "NaN". {@code compare --format json} prints one; a run's JSON result carries one per comparing table.
 */
public final class ComparisonJson {

    public static final String SCHEMA = "vbench-compare/1";

    private ComparisonJson() {}

    public record Document(
            String schema,
            String layout,
            double alpha,
            double noise,
            String title,
            List<File> files,
            List<RowJson> rows,
            GeomeanJson geomean,
            List<String> notes) {}

    public record File(String label, String path, String kind, Map<String, String> environment) {}

    public record RowJson(
            String label,
            Map<String, String> configuration,
            String mode,
            String unit,
            boolean higherIsBetter,
            List<Column> columns,
            List<ChangeJson> changes) {}

    public record Column(String file, int n, double median, double ciLow, double ciHigh, double min, double max) {}

    /** @param mdePercent the row's minimum detectable effect at 80% power, in percent ("Infinity": none reachable) */
    public record ChangeJson(
            String from,
            String to,
            double ratio,
            double changePercent,
            double p,
            double pHolm,
            int nFrom,
            int nTo,
            String verdict,
            double mdePercent) {}

    public record GeomeanJson(String unit, List<Double> centres, List<GeomeanChange> changes) {}

    public record GeomeanChange(String from, String to, double ratio, double changePercent, String verdict) {}

    /** The comparison as a pretty-printed document. */
    public static String render(Comparison c) {
        try {
            return ResultCodec.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(document(c)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise comparison", e);
        }
    }

    /** The comparison as the document's records (Jackson writes them in field order). */
    public static Document document(Comparison c) {
        List<File> files = c.files().stream()
                .map(f -> new File(f.label(), f.path(), f.kind(), f.environment()))
                .toList();
        List<RowJson> rows = new ArrayList<>();
        for (Row row : c.rows()) {
            Map<String, String> configuration = new LinkedHashMap<>();
            for (Dim d : row.key()) {
                configuration.put(d.name(), d.value());
            }
            List<Column> columns = new ArrayList<>();
            for (int f = 0; f < c.files().size(); f++) {
                MetricSummary s = row.columns().get(f);
                columns.add(
                        s == null
                                ? null
                                : new Column(
                                        c.files().get(f).label(),
                                        s.n(),
                                        s.median(),
                                        s.ciLow(),
                                        s.ciHigh(),
                                        s.min(),
                                        s.max()));
            }
            List<ChangeJson> changes = new ArrayList<>();
            for (Change ch : row.changes()) {
                changes.add(
                        ch == null
                                ? null
                                : new ChangeJson(
                                        label(c, ch.from()),
                                        label(c, ch.to()),
                                        ch.ratio(),
                                        ch.delta() * 100,
                                        ch.p(),
                                        ch.pAdjusted(),
                                        ch.nFrom(),
                                        ch.nTo(),
                                        ch.verdict().word(),
                                        ch.mde() * 100));
            }
            rows.add(new RowJson(
                    row.label(), configuration, row.mode(), row.unit(), row.higherIsBetter(), columns, changes));
        }
        GeomeanJson geomean = null;
        GeomeanRow g = c.geomean();
        if (g != null) {
            List<GeomeanChange> changes = new ArrayList<>();
            for (int i = 0; i < c.pairs().size(); i++) {
                int[] p = c.pairs().get(i);
                changes.add(new GeomeanChange(
                        label(c, p[0]),
                        label(c, p[1]),
                        g.ratios().get(i),
                        (g.ratios().get(i) - 1) * 100,
                        g.verdicts().get(i).word()));
            }
            geomean = new GeomeanJson(g.unit(), g.centres(), changes);
        }
        return new Document(
                SCHEMA, c.layout().cliName(), c.alpha(), c.noise(), c.title(), files, rows, geomean, c.notes());
    }

    private static String label(Comparison c, int file) {
        Dataset d = c.files().get(file);
        return d.label();
    }
}
