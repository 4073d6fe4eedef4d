package dev.vbench.cli;

import dev.vbench.app.HistoryQueryUseCase;
import dev.vbench.config.Defaults;
import picocli.CommandLine.Option;

/** The change-point settings of {@code history analyze}, {@code show} and {@code check} (Otava's defaults). */
public final class HistoryAnalysisOptions {

    @Option(
            names = "--window",
            paramLabel = "N",
            defaultValue = "" + Defaults.CHANGE_WINDOW,
            description = "Runs per e-divisive window (Otava's default).")
    int window;

    @Option(
            names = {"-P", "--p-value"},
            paramLabel = "P",
            defaultValue = "" + Defaults.CHANGE_MAX_P,
            description = "Largest t-test p of a change point (Otava's default).")
    double maxP;

    @Option(
            names = {"-M", "--min-magnitude"},
            paramLabel = "PERCENT",
            defaultValue = Defaults.NOISE_PERCENT + "%",
            description = "Smallest change reported; default: compare's noise band.")
    String minMagnitude;

    @Option(
            names = "--min-points-after",
            paramLabel = "N",
            defaultValue = "" + Defaults.CHANGE_MIN_POINTS_AFTER,
            description = "Runs a new level must last before it is a change point (one bad night is not a step).")
    int minPointsAfter;

    /** The options as the use cases take them (checked there). */
    HistoryQueryUseCase.Settings settings() {
        return new HistoryQueryUseCase.Settings(window, maxP, minMagnitude, minPointsAfter);
    }
}
