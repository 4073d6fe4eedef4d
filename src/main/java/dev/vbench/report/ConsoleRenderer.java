package dev.vbench.report;

import java.util.List;

/** Plain aligned columns for a terminal, benchstat-style: no borders, two spaces between columns. */
public final class ConsoleRenderer {

    private ConsoleRenderer() {}

    public static String render(Table table) {
        int[] widths = widths(table, 1);
        StringBuilder sb = new StringBuilder();
        if (!table.title().isEmpty()) {
            sb.append(table.title()).append('\n');
        }
        line(sb, table.headers(), widths, table.rightAligned());
        int total = 0;
        for (int w : widths) {
            total += w;
        }
        sb.append("-".repeat(total + 2 * (widths.length - 1))).append('\n');
        for (List<String> row : table.rows()) {
            line(sb, row, widths, table.rightAligned());
        }
        for (String f : table.footnotes()) {
            sb.append(f).append('\n');
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] widths, List<Boolean> right) {
        StringBuilder row = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                row.append("  ");
            }
            row.append(pad(cells.get(i), widths[i], right.get(i)));
        }
        sb.append(row.toString().stripTrailing()).append('\n');
    }

    static int[] widths(Table table, int minimum) {
        int[] w = new int[table.headers().size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.max(minimum, table.headers().get(i).length());
        }
        for (List<String> row : table.rows()) {
            for (int i = 0; i < w.length; i++) {
                w[i] = Math.max(w[i], row.get(i).length());
            }
        }
        return w;
    }

    static String pad(String s, int width, boolean right) {
        int gap = width - s.length();
        if (gap <= 0) {
            return s;
        }
        return right ? " ".repeat(gap) + s : s + " ".repeat(gap);
    }
}
