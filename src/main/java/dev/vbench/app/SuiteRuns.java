package dev.vbench.app;

import dev.vbench.engine.RunPlan;
import dev.vbench.loader.UserCode;
import dev.vbench.plan.SuitePlanner;
import dev.vbench.plan.TrialOptions;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.RunResult;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteSpec;
import java.util.List;

/** Public entry to suite planning and rendering, for tools and tests outside the CLI package. */
public final class SuiteRuns {

    private SuiteRuns() {}

    /** Plans every experiment of {@code suite} at {@code scale} with the default seed and data root. */
    public static List<RunPlan> plan(SuiteSpec suite, String source, Scale scale) {
        return SuitePlanner.plan(suite, source, scale, TrialOptions.DEFAULTS, UserCode.builtIn())
                .runs();
    }

    /** The suite's tables, markdown or console: the report of the result as the suite's run ({@link SuiteSpec#layout()}). */
    public static String render(SuiteSpec suite, RunResult result, boolean markdown) {
        return (markdown ? Format.MARKDOWN : Format.CONSOLE)
                .exporter(ReportOptions.DEFAULT)
                .render(result.withSuite(suite.layout()));
    }
}
