package dev.vbench.cli;

import dev.vbench.app.Percentages;
import dev.vbench.app.UsageException;
import dev.vbench.compare.CompareOptions;
import dev.vbench.history.Analysis;
import dev.vbench.history.EDivisive;
import picocli.CommandLine.Option;

/** The change-point settings of {@code history analyze}, {@code show} and {@code check} (Otava's defaults). */
public final class HistoryAnalysisOptions {

    @Option(names = "--window", paramLabel = "N", defaultValue = "" + EDivisive.DEFAULT_WINDOW,
            description = "Runs per e-divisive window (Otava's default).")
    int window;

    @Option(names = {"-P", "--p-value"}, paramLabel = "P", defaultValue = "" + EDivisive.DEFAULT_MAX_P,
            description = "Largest t-test p of a change point (Otava's default).")
    double maxP;

    @Option(names = {"-M", "--min-magnitude"}, paramLabel = "PERCENT", defaultValue = "1%",
            description = "Smallest change reported; default: compare's noise band.")
    String minMagnitude;

    @Option(names = "--min-points-after", paramLabel = "N", defaultValue = "2",
            description = "Runs a new level must last before it is a change point (one bad night is not a step).")
    int minPointsAfter;

    Analysis.Settings settings() {
        if (window < 2) {
            throw new UsageException("--window " + window + " must be at least 2; Otava's default is "
                    + EDivisive.DEFAULT_WINDOW);
        }
        if (!(maxP > 0 && maxP < 1)) {
            throw new UsageException("--p-value " + maxP + " must be between 0 and 1; Otava's default is "
                    + EDivisive.DEFAULT_MAX_P);
        }
        if (minPointsAfter < 1) {
            throw new UsageException("--min-points-after " + minPointsAfter + " must be at least 1");
        }
        double magnitude = Percentages.parse("--min-magnitude", minMagnitude,
                Percentages.format(CompareOptions.DEFAULT_NOISE));
        return new Analysis.Settings(window, maxP, magnitude, minPointsAfter);
    }
}
