package dev.vbench.cli;

import dev.vbench.app.NoiseUseCase;
import dev.vbench.config.Defaults;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code vbench noise}: the run options of {@code vbench run}, the configuration compared with itself
 * {@code --repeat} times ({@link NoiseUseCase}).
 */
@Command(
        name = "noise",
        sortOptions = false,
        showDefaultValues = true,
        description = {
            "Measure how far vbench's verdicts can be trusted on this machine.",
            "",
            "Runs one configuration against itself as two sides, A and B, of one run (their trials",
            "interleaved, as a real comparison's), --repeat times, and prints per compared row: how often",
            "the decision rule called A and B different (the false-positive rate; α promises 5%%), the noise",
            "floor (95%% of A/A changes fall within it) and the smallest change such a comparison detects",
            "with 80%% power (its minimum detectable effect).",
            "",
            "Examples:",
            "  vbench noise -w cpu -e fixed:threads=2 --concurrency 1",
            "  vbench noise -w io -p duration=2ms -e virtual --tasks 1000 --repeat 20"
        })
public final class NoiseCommand extends RunCommand {

    @Option(names = "--repeat", paramLabel = "N", description = "A/A comparisons to run (each a run of A and B).")
    int repeat = Defaults.NOISE_REPEATS;

    @Override
    public Integer call() throws Exception {
        return NoiseUseCase.run(
                        request(),
                        repeat,
                        spec.commandLine().getOut(),
                        spec.commandLine().getErr())
                .exitCode();
    }
}
