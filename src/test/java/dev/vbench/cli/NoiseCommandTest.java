package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vbench noise}: the configuration against itself, the false-positive rate, noise floor and MDE per row. */
class NoiseCommandTest {

    @TempDir
    Path tmp;

    @Test
    void printsTheFalsePositiveRateTheNoiseFloorAndTheMdeOfEachRow() {
        CliRun r = CliRun.of(
                "noise",
                "-w",
                "cpu",
                "-p",
                "iterations=2000",
                "-e",
                "fixed:threads=1",
                "--tasks",
                "20",
                "--concurrency",
                "1",
                "--warmup",
                "0",
                "--trials",
                "6",
                "--repeat",
                "3",
                "--data-dir",
                tmp.toString());
        assertEquals(0, r.code(), r::toString);
        List<String> lines = r.out().lines().toList();
        assertEquals("A/A: cpu iterations=2000 · 6 trials — makespan (ms) · 3 repeats", lines.get(0), r::toString);
        assertEquals(
                List.of("row", "false", "positives", "95%", "CI", "noise", "floor", "MDE", "(80%)"),
                List.of(lines.get(1).split("\\s+")),
                r::toString);
        assertTrue(
                lines.get(3).matches("tasks=20 +[0-3]/3 \\(\\d+%\\) +\\d+–\\d+% +±\\d+\\.\\d% +±(\\d+\\.\\d%|∞)"),
                r::toString);
        assertTrue(r.out().contains("α = 0.05 promises 5%; 95% CI: exact (Clopper-Pearson)"), r::toString);
        assertEquals(
                3,
                r.err()
                        .lines()
                        .filter(l -> l.matches(
                                "vbench: noise: A/A comparison \\d of 3: [01] of 1 row\\(s\\)" + " called different"))
                        .count(),
                r::toString);
    }

    @Test
    void aStoredFloorIsTheNoiseBandOfRunAndCompareWithAuto() {
        String store = "jdbc:h2:file:" + tmp.resolve("store").toAbsolutePath();
        String[] measure = {
            "-w",
            "cpu",
            "-p",
            "iterations=2000",
            "-e",
            "fixed:threads=1",
            "--tasks",
            "20",
            "--concurrency",
            "1",
            "--warmup",
            "0",
            "--trials",
            "4"
        };
        CliRun noise = CliRun.of(concat(
                new String[] {
                    "noise", "--repeat", "2", "--history", store, "--testbed", "tb1", "--data-dir", tmp.toString()
                },
                measure));
        assertEquals(0, noise.code(), noise::toString);
        assertTrue(
                noise.err().contains("vbench: noise of testbed tb1 stored in the history " + store), noise::toString);
        String floor = noise.out().lines().skip(3).findFirst().orElseThrow().replaceAll(".* (±\\d+\\.\\d%) .*", "$1");

        Path result = tmp.resolve("r.json");
        CliRun run = CliRun.of(concat(
                new String[] {
                    "run",
                    "--noise-band",
                    "auto",
                    "--history",
                    store,
                    "--testbed",
                    "tb1",
                    "-o",
                    result.toString(),
                    "--data-dir",
                    tmp.toString(),
                    "-e",
                    "fixed:threads=2"
                },
                measure));
        assertEquals(0, run.code(), run::toString);
        assertTrue(run.out().contains("exceeds the " + floor.substring(1) + " noise band"), floor + "\n" + run);

        CliRun compare = CliRun.of(
                "compare",
                result.toString(),
                result.toString(),
                "--noise",
                "auto",
                "--history",
                store,
                "--testbed",
                "tb1");
        assertEquals(0, compare.code(), compare::toString);
        assertTrue(
                compare.out()
                        .contains("noise band " + floor + " (--noise auto): the largest floor vbench noise measured on"
                                + " testbed tb1 on "),
                floor + "\n" + compare);

        CliRun.of(
                        "compare",
                        result.toString(),
                        result.toString(),
                        "--noise",
                        "auto",
                        "--history",
                        store,
                        "--testbed",
                        "other")
                .assertUsageError("--noise auto: no noise measurement of testbed other in " + store
                        + "; measure it first with vbench noise -w … --history " + store
                        + " --testbed other, or give a percentage");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    @Test
    void dryRunPlansOneComparisonAndRunsNothing() {
        CliRun r = CliRun.of(
                "noise",
                "-w",
                "io",
                "-p",
                "duration=1ms",
                "-e",
                "virtual",
                "--tasks",
                "100",
                "--trials",
                "6",
                "--repeat",
                "10",
                "--dry-run",
                "--data-dir",
                tmp.toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("estimate "), r::toString);
        assertTrue(r.out().contains("noise: 10 A/A comparisons of this plan (--repeat)"), r::toString);
        assertTrue(r.err().lines().noneMatch(l -> l.startsWith("vbench: noise: A/A comparison")), r::toString);
    }

    @Test
    void whatCannotBeMeasuredIsRefusedInOneLine() {
        CliRun.of("noise", "-w", "noop", "--repeat", "1").assertUsageError("--repeat 1 must be at least 2");
        CliRun.of("noise", "-w", "noop", "-o", "r.json")
                .assertUsageError(
                        "vbench noise prints its table and writes no result files; drop -o (--history stores the noise floor)");
        CliRun.of("noise", "-w", "noop", "--build", "a=x")
                .assertUsageError("vbench noise compares the configuration with itself; drop --build");
        CliRun.of("noise", "workloads/seed-004-virtual-vs-platform.yaml")
                .assertUsageError("vbench noise measures one configuration; give it with -w/-e/-p");
    }
}
