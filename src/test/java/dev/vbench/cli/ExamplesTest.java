package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CodeEntry;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.TestCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples under {@code examples/} work as the README says: the Maven example's sources and
 * services files, packed into a jar (here by javac, in CI by Maven: .ci/run), run through
 * {@code --classpath} in this JVM and in a fork, with its own executor; {@code Fib.java} runs as a
 * single source file.
 */
@Tag(SlowFirst.SLOW)
class ExamplesTest {

    static final Path MAVEN_EXAMPLE = Path.of("examples/workload-maven/src/main");

    @TempDir
    Path tmp;

    private Path exampleJar() throws Exception {
        Map<String, String> sources = new LinkedHashMap<>();
        Map<String, String> resources = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(MAVEN_EXAMPLE)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String rel = MAVEN_EXAMPLE.relativize(f).toString();
                if (rel.startsWith("java/")) {
                    sources.put(rel.substring("java/".length()), Files.readString(f));
                } else {
                    resources.put(rel.substring("resources/".length()), Files.readString(f));
                }
            }
        }
        return TestCode.jar(tmp.resolve("workload-maven-example.jar"), sources, resources);
    }

    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--tasks",
                "50",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--data-dir",
                tmp.resolve("data").toString(),
                "-o",
                tmp.resolve("r.json").toString(),
                "--quiet"));
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    @Test
    void mavenExampleRunsInProcessAndForkedWithItsExecutor() throws Exception {
        String jar = exampleJar().toString();
        // in this JVM the sweep of two sizes; in forks (a JVM start per cell) one size, with both executors
        for (String forks : List.of("0", "1")) {
            String sizes = forks.equals("0") ? "1,2" : "2";
            CliRun r = run(
                    "--classpath",
                    jar,
                    "-w",
                    "digest",
                    "-p",
                    "bytes=" + sizes,
                    "-e",
                    "virtual",
                    "-e",
                    "stealing:parallelism=2",
                    "--forks",
                    forks);
            assertEquals(0, r.code(), r::toString);
            RunResult result = ResultCodec.read(tmp.resolve("r.json"));
            List<String> bytes = forks.equals("0") ? List.of("1", "1", "2", "2") : List.of("2", "2");
            assertEquals(bytes.size(), result.cells().size());
            for (CellResult c : result.cells()) {
                assertEquals("digest", c.config().workload());
                assertEquals(0, c.failures());
                assertEquals(50, c.trials().get(0).completed());
                assertEquals(Integer.parseInt(forks), c.trials().get(0).fork());
            }
            assertEquals(
                    bytes,
                    result.cells().stream()
                            .map(c -> c.config().params().get("bytes"))
                            .toList());
            assertEquals(
                    "stealing:parallelism=2",
                    result.cells().get(1).config().executor().spec());
            assertEquals(CodeEntry.JAR, result.settings().code().get(0).kind());
        }
        CliRun list = CliRun.of("list", "-cp", jar);
        assertTrue(list.out().contains("  digest — SHA-256"), list::toString);
        assertTrue(list.out().contains("  stealing — Executors.newWorkStealingPool"), list::toString);
    }

    @Test
    void singleFileFib() {
        CliRun r = run("-w", "examples/single-file/Fib.java", "-p", "n=5", "-e", "virtual", "-e", "fixed:threads=2");
        assertEquals(0, r.code(), r::toString);
        RunResult result = ResultCodec.read(tmp.resolve("r.json"));
        assertEquals(2, result.cells().size());
        assertEquals("5", result.cells().get(0).config().params().get("n"));
        assertEquals(
                new CodeEntry(
                        "examples/single-file/Fib.java",
                        CodeEntry.SOURCE,
                        result.settings().code().get(0).sha256()),
                result.settings().code().get(0));
    }
}
