package dev.vbench.cli;

import dev.vbench.app.DashboardUseCase;
import dev.vbench.app.ExitCodes;
import dev.vbench.config.Defaults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code vbench history serve}: the history as a web dashboard, read-only, until Ctrl-C. */
@Command(
        name = "serve",
        sortOptions = false,
        description = {
            "Serve the history as a read-only web dashboard.",
            "",
            "Its pages: every series with its trend, last change point",
            "and unacknowledged regressions (filter by machine, branch, workload, executor); a series over time",
            "with its change points, interval band, branches, hover and log scale; a run's cells with their deltas",
            "against the previous run and the last 10; a change point's runs on both sides with the Why lines",
            "and a differential flame graph when the runs were profiled. Everything is served by vbench itself",
            "(no network needed); it listens on 127.0.0.1 only unless --bind says otherwise. Ctrl-C stops it.",
            "",
            "Examples:",
            "  vbench history serve",
            "  vbench history serve --history jdbc:postgresql://db/bench --port 9000",
            "  vbench history serve --bind 0.0.0.0 --port 8080"
        })
final class HistoryServeCommand extends HistoryVerb {

    @Option(
            names = "--port",
            paramLabel = "N",
            defaultValue = "" + Defaults.SERVE_PORT,
            description = "The port to listen on (0: any free port).")
    int port;

    @Option(
            names = "--bind",
            paramLabel = "ADDR",
            defaultValue = Defaults.SERVE_BIND,
            description =
                    "The address to listen on; another than 127.0.0.1 lets other machines read the history (a warning"
                            + " says so: there is no authentication).")
    String bind;

    @Mixin
    HistoryAnalysisOptions analysis;

    @Override
    int execute() throws InterruptedException {
        try (DashboardUseCase.Serving serving = DashboardUseCase.serve(
                new DashboardUseCase.ServeRequest(url, port, bind, analysis.settings()), err())) {
            err().println("vbench: serving the history dashboard at " + serving.url()
                    + " (read-only; Ctrl-C stops it)");
            err().flush();
            serving.awaitStop();
        }
        return ExitCodes.OK;
    }
}
