package dev.vbench.report;

import dev.vbench.report.ReportDocument.Block;
import dev.vbench.report.ReportDocument.Kind;
import dev.vbench.report.ReportDocument.Section;
import dev.vbench.report.ReportDocument.Stacks;
import dev.vbench.report.ReportDocument.TableBlock;
import dev.vbench.report.ReportDocument.Why;
import dev.vbench.result.RunResult;

/**
 * The report document ({@link ReportDocument}) for a terminal: the environment line, then every
 * table with its footnotes and verdicts, the Why of a comparison table when it has one; telemetry
 * and pinned stacks with {@code --verbose}.
 */
final class ConsoleExporter implements Exporter {

    private final ReportOptions options;

    ConsoleExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        return render(ReportDocument.of(result, options), false, options.verbose());
    }

    /** Console or markdown text of {@code doc}; the two differ only in table syntax and headings. */
    static String render(ReportDocument doc, boolean markdown, boolean verbose) {
        StringBuilder sb = new StringBuilder();
        if (doc.suite()) {
            sb.append(markdown ? "## " : "").append(doc.title()).append("\n\n");
            doc.preface().forEach(p -> sb.append(p).append("\n\n"));
        } else if (!markdown) {
            sb.append(doc.environmentLine()).append("\n\n");
        }
        for (Section section : doc.sections()) {
            for (Block block : section.blocks()) {
                if (block instanceof TableBlock t && shown(t.kind(), section, markdown, verbose)) {
                    separate(sb, markdown);
                    sb.append(markdown ? MarkdownRenderer.render(t.table()) : ConsoleRenderer.render(t.table()));
                    if (markdown
                            && t.table().footnotes().isEmpty()
                            && !t.verdicts().isEmpty()) {
                        sb.append('\n');
                    }
                    t.verdicts().forEach(v -> sb.append(v).append(markdown ? "  \n" : "\n"));
                    sb.append(markdown ? "" : "\n");
                } else if (block instanceof Why w) {
                    separate(sb, markdown);
                    sb.append(markdown ? WhyText.markdown(w.explanations()) : WhyText.console(w.explanations()) + "\n");
                } else if (block instanceof Stacks s && verbose) {
                    separate(sb, markdown);
                    sb.append(markdown ? "```\n" : "");
                    s.lines().forEach(line -> sb.append(line).append('\n'));
                    sb.append(markdown ? "```\n" : "\n");
                }
            }
        }
        if (markdown) {
            sb.append(doc.suite() ? "\n" : "\n_" + doc.environmentLine() + "_\n");
        }
        return sb.toString();
    }

    /**
     * Which tables text shows: telemetry only with --verbose; markdown shows the detail table only
     * with --verbose or when there is no comparison to show instead (the source reports' tables).
     */
    private static boolean shown(Kind kind, Section section, boolean markdown, boolean verbose) {
        return switch (kind) {
            case TELEMETRY -> verbose;
            case DETAIL -> !markdown || verbose || !section.has(Kind.COMPARISON);
            default -> true;
        };
    }

    /** Markdown puts a blank line between blocks (console ends each block with one). */
    private static void separate(StringBuilder sb, boolean markdown) {
        if (markdown && sb.length() > 0 && !sb.toString().endsWith("\n\n")) {
            sb.append('\n');
        }
    }
}
