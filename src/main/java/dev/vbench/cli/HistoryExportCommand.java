package dev.vbench.cli;

import dev.vbench.app.DashboardUseCase;
import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueryUseCase;
import dev.vbench.app.UsageException;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history export}: a series as Otava CSV, a run's original document, or the dashboard as static files. */
@Command(
        name = "export",
        sortOptions = false,
        description = {
            "Export a series as CSV in Apache Otava's layout, or a run as it was stored.",
            "",
            "Export a series as CSV in the layout Apache Otava's CSV importer reads (time, then the",
            "attributes commit, branch, run, jvm, then the median of every metric; one row per run, excluded runs",
            "left out), with --run the original result document of a run, as it was stored, or with --site DIR",
            "the pages of 'vbench history serve' as static files (open DIR/index.html from disk, or publish DIR;",
            "each series' data is a file of its own).",
            "",
            "Examples:",
            "  vbench history export 3 --format csv -o series3.csv",
            "  vbench history export --run 41 -o run41.json",
            "  vbench history export --site public/bench"
        })
final class HistoryExportCommand extends HistoryVerb {

    /** Export formats. */
    enum ExportFormat {
        csv
    }

    @Parameters(arity = "0..1", paramLabel = "SERIES", description = "Series id (or a text of its configuration).")
    String series;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "csv",
            description = "csv (Otava's layout).")
    ExportFormat format;

    @Option(names = "--run", paramLabel = "RUN", description = "Export this run's original document instead.")
    Long run;

    @Option(
            names = "--site",
            paramLabel = "DIR",
            description = "Write the dashboard's pages as static files into DIR instead"
                    + " (created when missing; an earlier export is updated).")
    Path site;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Mixin
    OutputFileOption output;

    @Override
    int execute() {
        if (site != null) {
            if (series != null || run != null || output.file() != null) {
                throw new UsageException("--site DIR writes a whole site; drop SERIES, --run and -o (or drop --site)");
            }
            out().println(DashboardUseCase.exportSite(
                    new DashboardUseCase.SiteRequest(url, site, analysis.settings())));
            out().flush();
            return ExitCodes.OK;
        }
        HistoryQueryUseCase.checkExport(series, run);
        output.checkWritable();
        output.write(out(), HistoryQueryUseCase.export(url, series, run));
        return ExitCodes.OK;
    }
}
