package dev.vbench.report;

import java.util.List;

/** GitHub-flavoured markdown; columns padded so the source reads as a table too. */
public final class MarkdownRenderer {

    private MarkdownRenderer() {}

    public static String render(Table table) {
        int[] widths = ConsoleRenderer.widths(table, 3);
        StringBuilder sb = new StringBuilder();
        if (!table.title().isEmpty()) {
            sb.append("### ").append(table.title()).append("\n\n");
        }
        line(sb, table.headers(), widths, table.rightAligned());
        sb.append('|');
        for (int i = 0; i < widths.length; i++) {
            boolean right = table.rightAligned().get(i);
            sb.append(right ? "-".repeat(widths[i] + 1) + ":" : ":" + "-".repeat(widths[i] + 1))
                    .append('|');
        }
        sb.append('\n');
        for (List<String> row : table.rows()) {
            line(sb, row, widths, table.rightAligned());
        }
        if (!table.footnotes().isEmpty()) {
            sb.append('\n');
            for (String f : table.footnotes()) {
                sb.append(f).append("  \n");
            }
        }
        return sb.toString();
    }

    private static void line(StringBuilder sb, List<String> cells, int[] widths, List<Boolean> right) {
        sb.append('|');
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i).replace("|", "\\|");
            sb.append(' ')
                    .append(ConsoleRenderer.pad(cell, widths[i], right.get(i)))
                    .append(" |");
        }
        sb.append('\n');
    }
}
