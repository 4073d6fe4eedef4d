package dev.vbench.report.compare;

import dev.vbench.compare.Change;
import dev.vbench.compare.Comparison;
import dev.vbench.compare.Comparison.GeomeanRow;
import dev.vbench.compare.Dim;
import dev.vbench.compare.Row;
import dev.vbench.result.MetricSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One CSV line per row and pair of files, whatever the layout (RFC 4180 quoting, CRLF, numbers in
 * full precision with {@link Double#toString}, which does not depend on the locale). The geomean
 * row comes last with empty test columns; notes are not part of the CSV. {@code mde_percent} is the row's
 * minimum detectable effect at 80% power ({@code Infinity} when the table cannot reach α).
 */
final class CompareCsv {

    private static final List<String> HEADER = List.of(
            "benchmark",
            "configuration",
            "mode",
            "unit",
            "from",
            "to",
            "from_median",
            "to_median",
            "from_n",
            "to_n",
            "change_percent",
            "p",
            "p_holm",
            "verdict",
            "mde_percent");

    private CompareCsv() {}

    static String render(Comparison c) {
        StringBuilder sb = new StringBuilder();
        line(sb, HEADER);
        for (Row row : c.rows()) {
            String configuration = row.key().stream().map(Dim::text).collect(Collectors.joining(" "));
            for (Change ch : row.changes()) {
                if (ch == null) {
                    continue;
                }
                MetricSummary from = row.columns().get(ch.from());
                MetricSummary to = row.columns().get(ch.to());
                line(
                        sb,
                        List.of(
                                row.label(),
                                configuration,
                                row.mode(),
                                row.unit(),
                                c.files().get(ch.from()).label(),
                                c.files().get(ch.to()).label(),
                                num(from.median()),
                                num(to.median()),
                                String.valueOf(ch.nFrom()),
                                String.valueOf(ch.nTo()),
                                num(ch.delta() * 100),
                                num(ch.p()),
                                num(ch.pAdjusted()),
                                ch.verdict().word(),
                                num(ch.mde() * 100)));
            }
        }
        GeomeanRow g = c.geomean();
        if (g != null) {
            for (int i = 0; i < c.pairs().size(); i++) {
                int[] p = c.pairs().get(i);
                line(
                        sb,
                        List.of(
                                "geomean",
                                "",
                                "",
                                g.unit(),
                                c.files().get(p[0]).label(),
                                c.files().get(p[1]).label(),
                                num(g.centres().get(p[0])),
                                num(g.centres().get(p[1])),
                                "",
                                "",
                                num((g.ratios().get(i) - 1) * 100),
                                "",
                                "",
                                g.verdicts().get(i).word(),
                                ""));
            }
        }
        return sb.toString();
    }

    private static String num(double v) {
        return Double.isNaN(v) ? "" : Double.toString(v);
    }

    private static void line(StringBuilder sb, List<String> cells) {
        List<String> quoted = new ArrayList<>();
        for (String s : cells) {
            boolean quote = s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r");
            quoted.add(quote ? "\"" + s.replace("\"", "\"\"") + "\"" : s);
        }
        sb.append(String.join(",", quoted)).append("\r\n");
    }
}
