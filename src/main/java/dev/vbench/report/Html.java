package dev.vbench.report;

import java.util.List;

/**
 * Building blocks of a self-contained HTML page: escaping, tables, and the page frame with its
 * inline stylesheet. The markup is XHTML-compatible (every element closed, only XML's five
 * entities) so a test can parse it as XML; nothing refers to a network resource, and the only
 * script is the flame graphs' own (zoom and search), inline and only on pages that have one. A run report ({@link HtmlExporter}) and a comparison report build pages from the same parts.
 *
 * <pre>{@code
 * StringBuilder body = new StringBuilder();
 * body.append(Html.table(table));
 * String page = Html.page("vbench report", "subtitle", body.toString());
 * }</pre>
 */
public final class Html {

    private Html() {}

    /** Escapes text for element content and attribute values. */
    public static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> {
                    if (c < 0x20 && c != '\n' && c != '\t') {
                        sb.append(' '); // control characters are not allowed in XML
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }

    /** A table with its title as a heading and its footnotes below. */
    public static String table(Table table) {
        StringBuilder sb = new StringBuilder();
        if (!table.title().isEmpty()) {
            sb.append("<h3>").append(escape(table.title())).append("</h3>\n");
        }
        sb.append("<table>\n<thead><tr>");
        for (int i = 0; i < table.headers().size(); i++) {
            sb.append(cell("th", table.headers().get(i), table.rightAligned().get(i)));
        }
        sb.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            sb.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                sb.append(cell("td", row.get(i), table.rightAligned().get(i)));
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
        if (!table.footnotes().isEmpty()) {
            sb.append("<ul class=\"notes\">\n");
            table.footnotes().forEach(f -> sb.append("<li>").append(escape(f)).append("</li>\n"));
            sb.append("</ul>\n");
        }
        return sb.toString();
    }

    private static String cell(String tag, String text, boolean right) {
        return "<" + tag + (right ? " class=\"num\"" : "") + ">" + escape(text) + "</" + tag + ">";
    }

    /** A figure: an inline SVG chart with a caption. */
    public static String figure(String svg, String caption) {
        return "<figure>\n" + svg + "<figcaption>" + escape(caption) + "</figcaption>\n</figure>\n";
    }

    /** Lines of preformatted text inside a collapsible block (no script needed). */
    public static String details(String summary, List<String> lines) {
        StringBuilder sb = new StringBuilder("<details>\n<summary>")
                .append(escape(summary))
                .append("</summary>\n<pre>");
        lines.forEach(l -> sb.append(escape(l)).append('\n'));
        return sb.append("</pre>\n</details>\n").toString();
    }

    /** The whole page: doctype, head with charset and inline CSS, a header, then {@code body}. */
    public static String page(String title, String subtitle, String body) {
        return page(title, subtitle, body, "");
    }

    /**
     * The whole page with more in its head ({@code extraHead}: the flame graphs' stylesheet and script,
     * {@link FlameGraphs#HEAD}, on pages that have one).
     */
    public static String page(String title, String subtitle, String body, String extraHead) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                + "<title>" + escape(title) + "</title>\n<style>\n" + CSS + "</style>\n" + extraHead
                + "</head>\n<body>\n"
                + "<header>\n<h1>" + escape(title) + "</h1>\n<p class=\"sub\">" + escape(subtitle) + "</p>\n</header>\n"
                + "<main>\n" + body + "</main>\n</body>\n</html>\n";
    }

    static final String CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 0;
                   color: #1b1f24; background: #f6f7f9; }
            header { background: #1b2a3a; color: #ffffff; padding: 18px 32px; }
            header h1 { margin: 0; font-size: 22px; }
            header .sub { margin: 6px 0 0; color: #c9d4df; font-size: 13px; }
            main { padding: 8px 32px 40px; max-width: 1320px; }
            h2 { margin: 28px 0 8px; font-size: 19px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
            h3 { margin: 18px 0 6px; font-size: 15px; }
            table { border-collapse: collapse; background: #ffffff; font-size: 13px; margin: 4px 0; }
            th, td { border: 1px solid #d0d7de; padding: 4px 8px; white-space: nowrap; }
            th { background: #eef1f4; text-align: left; }
            .num { text-align: right; font-variant-numeric: tabular-nums; }
            ul.notes { margin: 4px 0 12px; padding-left: 18px; font-size: 12px; color: #57606a; }
            ul.verdicts { margin: 4px 0 12px; padding-left: 18px; font-size: 13px; font-weight: 600; }
            figure { margin: 12px 16px 12px 0; display: inline-block; vertical-align: top; }
            figcaption { font-size: 12px; color: #57606a; max-width: 620px; }
            svg.chart { background: #ffffff; border: 1px solid #d0d7de; }
            svg .grid { stroke: #e4e8ec; stroke-width: 1; }
            svg .axis { stroke: #57606a; stroke-width: 1; }
            svg text { font-family: system-ui, "DejaVu Sans", sans-serif; fill: #1b1f24; }
            svg .title { font-size: 14px; font-weight: 600; }
            svg .tick { font-size: 11px; fill: #57606a; }
            svg .label { font-size: 12px; }
            svg .legend { font-size: 12px; }
            svg .value { font-size: 10px; fill: #1b1f24; }
            details { margin: 8px 0; } pre { font-size: 12px; background: #ffffff; padding: 8px; border: 1px solid #d0d7de; }
            footer, .env { font-size: 12px; color: #57606a; }
            """;
}
