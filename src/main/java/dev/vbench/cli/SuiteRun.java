package dev.vbench.cli;

import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.RunResult;
import dev.vbench.suite.SuiteSpec;

/**
 * Renders a suite's tables from a finished {@link RunResult} (the suite is planned by
 * {@link dev.vbench.plan.SuitePlanner}; its cells have ids {@code EXPERIMENT/cN}): the suite's report
 * document ({@code dev.vbench.report.ReportDocument}) in console or markdown form.
 */
final class SuiteRun {

    private SuiteRun() {}

    /** The suite's tables in console or markdown form. */
    static String render(SuiteSpec suite, RunResult result, boolean markdown) {
        return (markdown ? Format.MARKDOWN : Format.CONSOLE).exporter(ReportOptions.DEFAULT).render(result.withSuite(suite.layout()));
    }
}
