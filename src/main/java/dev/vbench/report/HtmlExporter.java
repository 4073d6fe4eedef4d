package dev.vbench.report;

import dev.vbench.report.ReportDocument.Block;
import dev.vbench.report.ReportDocument.Figure;
import dev.vbench.report.ReportDocument.Profiles;
import dev.vbench.report.ReportDocument.Section;
import dev.vbench.report.ReportDocument.Stacks;
import dev.vbench.report.ReportDocument.TableBlock;
import dev.vbench.report.ReportDocument.Why;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.text.Numbers;
import java.util.List;

/**
 * The report document ({@link ReportDocument}) as one self-contained HTML page: per workload every
 * table of the document (detail, executor comparison, open model, concurrency sweeps with their
 * verdicts, telemetry) in the document's order, the charts (bars with 95% CI whiskers, latency
 * percentile curves, throughput by concurrency) and the pinned stacks; then the environment.
 * Inline CSS and SVG, no network, opens offline; a page with flame graphs (profiled cells) carries
 * their small inline script for zoom and search.
 */
final class HtmlExporter implements Exporter {

    private final ReportOptions options;

    HtmlExporter(ReportOptions options) {
        this.options = options;
    }

    @Override
    public String render(RunResult result) {
        ReportDocument doc = ReportDocument.of(result, options);
        StringBuilder body = new StringBuilder();
        doc.preface().forEach(p -> body.append("<p>").append(Html.escape(p)).append("</p>\n"));
        for (Section section : doc.sections()) {
            body.append("<section>\n");
            if (section.heading() != null) {
                body.append("<h2>").append(Html.escape(section.heading())).append("</h2>\n");
            }
            for (Block block : section.blocks()) {
                body.append(
                        block instanceof Profiles p
                                ? profiles(p, "flame-" + (doc.sections().indexOf(section) + 1) + "-")
                                : render(block));
            }
            body.append("</section>\n");
        }
        body.append(environment(doc.environment()));
        return Html.page(
                doc.title(),
                doc.environmentLine() + " · " + doc.environment().startTime(),
                body.toString(),
                FlameGraphs.present(body.toString()) ? FlameGraphs.HEAD : "");
    }

    private static String render(Block block) {
        return switch (block) {
            case TableBlock t ->
                Html.table(t.table())
                        + (t.verdicts().isEmpty()
                                ? ""
                                : "<ul class=\"verdicts\">\n"
                                        + String.join(
                                                "",
                                                t.verdicts().stream()
                                                        .map(v -> "<li>" + Html.escape(v) + "</li>\n")
                                                        .toList())
                                        + "</ul>\n");
            case Figure f -> Html.figure(f.svg().get(), f.caption());
            case Stacks s -> Html.details(s.title(), s.lines());
            case Why w -> WhyText.html(w.explanations());
            case Profiles p -> profiles(p, "flame-");
        };
    }

    /** The section's flame graphs under one heading, with how to read them. */
    static String profiles(Profiles p, String idPrefix) {
        StringBuilder sb = new StringBuilder("<h3>Profiles</h3>\n<p class=\"env\">")
                .append(Html.escape(PROFILES_INTRO))
                .append("</p>\n");
        for (int i = 0; i < p.flames().size(); i++) {
            sb.append(FlameGraphs.html(p.flames().get(i), idPrefix + (i + 1)));
        }
        return sb.toString();
    }

    /** What every profiles part says before its flame graphs. */
    static final String PROFILES_INTRO = "Flame graphs: each frame's width is its share of the samples; a profile is"
            + " drawn root first, a differential of two executors leaf first (their schedulers' frames near the root"
            + " differ) and of the same cell on two JVMs root first. Hover a frame for its samples and shares, click to"
            + " zoom, search to highlight frames.";

    private static String environment(Environment env) {
        Table.Builder b = new Table.Builder("").text("field").text("value");
        b.row(List.of("vbench", env.vbenchVersion()));
        b.row(List.of("JVM", env.javaVendor() + " " + env.javaVersion() + " (" + env.jvmName() + ")"));
        b.row(List.of("JVM arguments", String.join(" ", env.jvmArguments())));
        b.row(List.of("OS", env.osName() + " " + env.osVersion() + " " + env.osArch()));
        b.row(List.of("CPUs / max heap", env.availableProcessors() + " / " + Numbers.bytes(env.maxHeapBytes())));
        b.row(List.of("host", env.hostName()));
        b.row(List.of("started", env.startTime()));
        b.row(List.of("command", env.commandLine()));
        return "<section class=\"env\">\n<h2>Environment</h2>\n" + Html.table(b.build()) + "</section>\n";
    }
}
