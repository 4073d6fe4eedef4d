package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.HistoryQueries;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code vbench history export}: a series as Otava CSV, or a run's original document. */
@Command(name = "export", sortOptions = false,
        description = {"Export a series as CSV in Apache Otava's layout, or a run as it was stored.", "",
            "Export a series as CSV in the layout Apache Otava's CSV importer reads (time, then the",
            "attributes commit, branch, run, jvm, then the median of every metric; one row per run, excluded runs",
            "left out), or with --run the original result document of a run, as it was stored.", "",
            "Examples:",
            "  vbench history export 3 --format csv -o series3.csv",
            "  vbench history export --run 41 -o run41.json"})
final class HistoryExportCommand extends HistoryVerb {

    /** Export formats. */
    enum ExportFormat { csv }

    @Parameters(arity = "0..1", paramLabel = "SERIES", description = "Series id (or a text of its configuration).")
    String series;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "csv", description = "csv (Otava's layout).")
    ExportFormat format;

    @Option(names = "--run", paramLabel = "RUN", description = "Export this run's original document instead.")
    Long run;

    @Mixin
    OutputFileOption output;

    @Override
    int execute() {
        HistoryQueries.checkExport(series, run);
        output.checkWritable();
        output.write(out(), HistoryQueries.export(url, series, run));
        return ExitCodes.OK;
    }
}
