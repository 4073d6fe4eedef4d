package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.measure.NanoClock;
import dev.vbench.profile.StackFrames;
import dev.vbench.spi.FixtureTask;
import dev.vbench.spi.Task;
import example.code.OwnStack;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The task boundary is one fact: every runner of {@link TaskRun} is a boundary for the profiles' cut
 * ({@link StackFrames#cut}) and for a stuck cell's report ({@link StuckTasks#where}), on the stacks the runners
 * really run on, and nothing else is.
 */
class TaskRunTest {

    @Test
    void everyRunnerIsTheBoundaryAndNothingElseIs() {
        assertEquals(TaskRun.class.getName() + "$", StackFrames.TASK_RUNNERS);
        Class<?>[] runners = TaskRun.class.getPermittedSubclasses();
        assertEquals(Set.of(TaskRun.Plain.class, TaskRun.WithFixtures.class), Set.of(runners));
        assertEquals(
                Set.of(runners),
                Set.of(TaskRun.class.getDeclaredClasses()),
                "every class nested in TaskRun is a runner");
        for (Class<?> runner : runners) {
            assertTrue(StackFrames.isTaskBoundary(StackFrames.frame(runner.getName(), "run")), runner::getName);
            assertFalse(StackFrames.isTaskBoundary(StackFrames.frame(runner.getName(), "ended")), runner::getName);
        }
        for (String other : List.of(
                TaskRun.class.getName() + ".run",
                TrialRunner.class.getName() + ".run",
                "dev.vbench.engine.TaskRun$$Lambda.run",
                "dev.vbench.engine.TaskRun$Plain$1.run",
                "dev.vbench.engine.TaskRun$.run",
                "acme.TaskRun$Plain.run")) {
            assertFalse(StackFrames.isTaskBoundary(other), other);
        }
    }

    /** A task on each runner looks at its own stack: both readers start at the user's frame, past vbench's adapters. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void bothReadersStartAtTheUsersFrameOnEveryRunner(boolean fixtures) throws Exception {
        AtomicReference<StackTraceElement[]> seen = new AtomicReference<>();
        Task plain = i -> OwnStack.look(seen, i);
        Task task = !fixtures
                ? plain
                : new FixtureTask() {
                    @Override
                    public int before(long i) {
                        return 7;
                    }

                    @Override
                    public long run(long i, int claim) {
                        return OwnStack.look(seen, i);
                    }

                    @Override
                    public void after(long i, int claim) {}
                };
        new TrialRunner(NanoClock.SYSTEM).run(task, Executors.newFixedThreadPool(2), 4, 0, 0);
        StackTraceElement[] trace = seen.get();
        assertNotNull(trace);
        String runner = fixtures ? TaskRun.WithFixtures.class.getName() : TaskRun.Plain.class.getName();
        assertTrue(Arrays.stream(trace).anyMatch(e -> e.getClassName().equals(runner)), () -> Arrays.toString(trace));

        List<String> cut = StackFrames.cut(StackFrames.rootFirst(trace));
        assertNotNull(cut, () -> "the profiles drop the task's stack: " + Arrays.toString(trace));
        assertEquals(List.of("example.code.OwnStack.look", "java.lang.Thread.getStackTrace"), cut.subList(0, 2));

        List<String> dumped =
                Arrays.stream(trace).map(StackTraceElement::toString).toList();
        String where = StuckTasks.where(dumped);
        assertNotNull(where, () -> "a stuck cell cannot say where: " + dumped);
        assertTrue(
                where.startsWith("example.code.OwnStack.look(OwnStack.java:")
                        && where.endsWith(" in java.lang.Thread.getStackTrace"),
                where);
    }
}
