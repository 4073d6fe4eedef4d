package dev.vbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs of the {@link JmhFixture} benchmarks in a test's folder: {@code vbench run} on the fixture jar (writing
 * {@code r.json}), the same with the fixtures' log on (the {@code acme.fixtures} property the fixture classes
 * write each setup and teardown to), and JMH's own run of the jar (writing {@code jmh.json}), for the tests that
 * give JMH's annotations their meaning and compare with JMH.
 *
 * <pre>{@code
 * JmhRuns jmh = new JmhRuns(tmp);
 * CliRun r = jmh.runLogged("-w", "acme.bench.Dag", "-e", "sequential");
 * List<String> log = jmh.fixtureLog();
 * }</pre>
 */
public final class JmhRuns {

    private final Path dir;

    /** @param dir the test's folder: data, results and logs go there */
    public JmhRuns(Path dir) {
        this.dir = dir;
    }

    /** The result file a {@link #run} writes. */
    public Path result() {
        return dir.resolve("r.json");
    }

    /**
     * {@code vbench run} on the fixture jar, 2 trials, 200 tasks and 1 warmup trial unless {@code args} say,
     * writing {@link #result()} and the tables.
     */
    public CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--classpath",
                JmhFixture.benchmarksJar().toString(),
                "--trials",
                "2",
                "--no-progress",
                "--data-dir",
                dir.resolve("data").toString(),
                "-o",
                result().toString()));
        if (!List.of(args).contains("--tasks")) {
            all.addAll(List.of("--tasks", "200"));
        }
        if (!List.of(args).contains("--warmup")) {
            all.addAll(List.of("--warmup", "1"));
        }
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    /** {@link #run} with the fixture classes writing their setups and teardowns to {@link #fixtureLog()}. */
    public CliRun runLogged(String... args) {
        System.setProperty("acme.fixtures", dir.resolve("fixtures.log").toString());
        try {
            return run(args);
        } finally {
            System.clearProperty("acme.fixtures");
        }
    }

    /** What the fixture classes wrote during {@link #runLogged} runs, one line each; none yet: empty. */
    public List<String> fixtureLog() throws IOException {
        Path log = dir.resolve("fixtures.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** How many of {@code lines} start with {@code prefix}. */
    public static long count(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).count();
    }

    /**
     * JMH's own run of the fixture jar in this JVM's java, without forks, writing its JSON result: {@code regex}
     * selects the benchmarks, {@code options} are JMH's (modes, times, iterations).
     *
     * @return the JSON result file
     */
    public Path jmh(String regex, String... options) throws IOException, InterruptedException {
        Path json = dir.resolve("jmh.json");
        List<String> command = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(VbenchProcess.QUICK_START); // its result's rows and units are compared, never its figures
        command.addAll(List.of(
                "-Djmh.ignoreLock=true", // JMH's lock is machine-wide: another build's JMH must not fail the test
                "-jar",
                JmhFixture.benchmarksJar().toString(),
                regex,
                "-f",
                "0"));
        command.addAll(List.of(options));
        command.addAll(List.of("-rf", "json", "-rff", json.toString()));
        Path log = dir.resolve("jmh.log");
        Process jmh = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        assertEquals(0, jmh.waitFor(), () -> read(log));
        return json;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
