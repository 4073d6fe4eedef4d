package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.ExitCodes;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Profile;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.TestCode;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A JMH benchmark with fixtures per call ({@code @Setup(Level.Invocation)}) runs on the engine's runner of such
 * tasks; the task boundary is the same for it as for every other task: {@code --profile tasks} counts its
 * samples from the benchmark's own frame on, and a stuck cell of it names the benchmark's frame.
 *
 * <p>Isolated: the task sampler and a stuck trial's report see every task thread of the JVM, so another
 * class's tasks running in this JVM at that moment would be counted.
 */
@Isolated
class JmhPerInvocationTest {

    private static final String BENCH = """
            import org.openjdk.jmh.annotations.*;

            @State(Scope.Thread)
            public class PerCallNap {
                /** -p hang=true: measure() never returns. */
                @Param({"false"})
                public boolean hang;
                public long prepared;

                @Setup(Level.Invocation)
                public void before() {
                    prepared++;
                }

                @Benchmark
                public long measure() throws InterruptedException {
                    if (hang) {
                        Thread.sleep(Long.MAX_VALUE);
                    }
                    return nap() + prepared;
                }

                static long nap() throws InterruptedException {
                    Thread.sleep(2);
                    return 1;
                }
            }
            """;

    @TempDir
    static Path shared;

    static String classPath;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        Path classes = TestCode.classes(
                shared.resolve("classes"), Map.of("PerCallNap.java", BENCH), Map.of(), List.of(JmhFixture.jmhCore()));
        classPath = classes + File.pathSeparator + JmhFixture.jmhCore();
    }

    private CliRun run(String... more) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--classpath",
                classPath,
                "-w",
                "PerCallNap::measure",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--quiet",
                "-o",
                tmp.resolve("r.json").toString()));
        all.addAll(List.of(more));
        return CliRun.of(all.toArray(String[]::new));
    }

    @Test
    void theTaskSamplerCountsTheBenchmarksFramesOnEveryExecutor() {
        CliRun r = run(
                "-e",
                "virtual",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "200",
                "--concurrency",
                "2",
                "--profile",
                "tasks",
                "--profile-interval",
                "2ms");
        assertEquals(0, r.code(), r::toString);
        for (CellResult c : ResultCodec.read(tmp.resolve("r.json")).cells()) {
            Profile tasks = c.profile("tasks");
            assertNotNull(tasks, c.config().label());
            long inTasks = tasks.stacks().stream()
                    .filter(s -> s.frames().startsWith("PerCallNap.measure;PerCallNap.nap;"))
                    .mapToLong(Profile.ProfileStack::samples)
                    .sum();
            // 2 ms asleep per task, two at a time: nearly every sample of a task thread is in nap()
            assertTrue(
                    inTasks > 0.5 * tasks.totalSamples(),
                    c.config().label() + ": " + inTasks + " in PerCallNap.nap of " + tasks);
        }
    }

    @Test
    void aStuckCellNamesTheBenchmarksFrame() {
        CliRun r = run(
                "-p",
                "hang=true,false",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "10",
                "--concurrency",
                "2",
                "--task-timeout",
                "1s");
        assertEquals(ExitCodes.STUCK, r.code(), r::toString);
        List<CellResult> cells = ResultCodec.read(tmp.resolve("r.json")).cells();
        assertEquals(
                List.of(CellStatus.STUCK, CellStatus.OK),
                cells.stream().map(CellResult::status).toList(),
                r::toString);
        String note = cells.get(0).notes().get(0);
        assertTrue(
                note.startsWith("stuck: 2 tasks did not end within the task timeout (1 s, --task-timeout): 2 at"
                        + " PerCallNap.measure(PerCallNap.java:"),
                note);
        assertTrue(note.endsWith(" in java.lang.Thread.sleep"), note);
    }
}
