package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a plan's tables could detect is said before it runs (docs/statistics.md rules 13 and 16): a table whose
 * rows cannot reach α with the planned trials, and a knee no step could move, each with the trial count that
 * would do. {@code --dry-run} prints the lines as warnings on stdout; nothing runs.
 */
class PlannedPowerCliTest {

    @TempDir
    Path tmp;

    @Test
    void aSweepOfTwentyFiveRowsWarnsThatNoRowCanBeCalledAndNamesTheTrialsThatWould() {
        String durations = IntStream.rangeClosed(1, 25).mapToObj(i -> i + "ms").collect(Collectors.joining(","));
        CliRun r = CliRun.of(
                "run",
                "-w",
                "io",
                "-p",
                "duration=" + durations,
                "-e",
                "sequential",
                "-e",
                "virtual",
                "--tasks",
                "10",
                "--dry-run");
        assertEquals(0, r.code(), r::toString);
        assertTrue(
                r.out()
                        .contains("warning: table 'io · 6 trials + 1 warmup — makespan (ms)' cannot reach significance:"
                                + " no row can be called faster or slower: with 6+6 trials the smallest possible Mann-Whitney p"
                                + " is 0.0022, and Holm across 25 rows asks for one below 0.0020; 7 trials per side would"
                                + " reach it (--trials 7)\n"),
                r::toString);
    }

    @Test
    void aKneeNoStepCouldMoveIsNamedBeforeTheRunWithTheTrialsItNeeds() throws Exception {
        // ten rows of six columns: each column can reach alpha across its 10 rows (0.0022 x 10), but a step of the
        // knee must also hold across the row's 5 steps (0.0022 x 50 = 0.11)
        CliRun ten = CliRun.of("run", kneeSuite("ten", 10).toString(), "--dry-run");
        assertEquals(0, ten.code(), ten::toString);
        assertTrue(
                ten.out()
                        .contains("warning: table 'Sleeps on pools of 1 to 6 threads · 6 trials (ms)' cannot place its"
                                + " knee: with 6+6 trials the smallest possible Mann-Whitney p is 0.0022, and Holm across"
                                + " 10 row(s) and then the row's 5 steps asks for one below 0.0010; 7 trials per side"
                                + " would reach it (--trials 7)\n"),
                ten::toString);
        assertFalse(ten.out().contains("cannot reach significance"), ten::toString);

        CliRun one = CliRun.of("run", kneeSuite("one", 1).toString(), "--dry-run");
        assertEquals(0, one.code(), one::toString);
        assertFalse(one.out().contains("knee"), "one row of five steps can place its knee:\n" + one);
    }

    /** A suite with one chain table ({@code knee: true}) of six thread pools over {@code rows} sleep durations. */
    private Path kneeSuite(String name, int rows) throws Exception {
        String durations =
                IntStream.rangeClosed(1, rows).mapToObj(i -> i + "ms").collect(Collectors.joining(", "));
        return Files.writeString(tmp.resolve(name + ".yaml"), """
                suite: knee-%s
                title: "A chain of six thread pools"
                source: |
                  A test of what the plan's knee could detect.
                warmup: 0
                trials: 6
                experiments:
                  - name: chain
                    title: "Sleeps on pools of 1 to 6 threads"
                    workload: io
                    params: {duration: [%s]}
                    executors: ["fixed:threads=1", "fixed:threads=2", "fixed:threads=3", "fixed:threads=4", "fixed:threads=5", "fixed:threads=6"]
                    tasks: 10
                    tables:
                      - {layout: chain, metric: makespan, knee: true}
                """.formatted(name, durations));
    }
}
