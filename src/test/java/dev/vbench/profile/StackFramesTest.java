package dev.vbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.vbench.result.Profile;
import java.util.List;
import org.junit.jupiter.api.Test;

class StackFramesTest {

    @Test
    void aTaskStackStartsAtTheTasksOwnCode() {
        List<String> frames = List.of(
                "java.lang.Thread.run",
                "java.util.concurrent.ThreadPoolExecutor.runWorker",
                "dev.vbench.engine.TaskRun$Plain.run",
                "dev.vbench.loader.MethodWorkloadProvider$1.run",
                "java.lang.invoke.LambdaForm$MH.invoke",
                "acme.Store.put",
                "java.lang.Thread.sleep");
        assertEquals(List.of("acme.Store.put", "java.lang.Thread.sleep"), StackFrames.cut(frames));
    }

    /** The runner of tasks with fixtures per call (JMH's {@code Level.Invocation}) is a task boundary as well. */
    @Test
    void aTaskWithFixturesPerCallStartsAtItsOwnCodeToo() {
        List<String> frames = List.of(
                "java.lang.VirtualThread.run",
                "dev.vbench.engine.TaskRun$WithFixtures.run",
                "dev.vbench.loader.JmhWorkloadProvider$Instance$InvocationTask.run",
                "acme.Bench.measure",
                "java.lang.Thread.sleep");
        assertEquals(List.of("acme.Bench.measure", "java.lang.Thread.sleep"), StackFrames.cut(frames));
    }

    @Test
    void aWorkerOutsideTasksShowsWhatItDoesAboveItsLoop() {
        List<String> frames = List.of(
                "java.lang.Thread.run",
                "java.util.concurrent.ThreadPoolExecutor.runWorker",
                "java.util.concurrent.CompletableFuture$AsyncSupply.run",
                "acme.Fanout.read",
                "java.util.zip.ZipFile.getEntry");
        assertEquals(
                List.of(
                        Profile.OUTSIDE_TASKS,
                        "java.util.concurrent.CompletableFuture$AsyncSupply.run",
                        "acme.Fanout.read",
                        "java.util.zip.ZipFile.getEntry"),
                StackFrames.cut(frames));
    }

    @Test
    void otherThreadsAreDropped() {
        assertNull(
                StackFrames.cut(List.of("jdk.internal.misc.InnocuousThread.run", "jdk.internal.ref.CleanerImpl.run")));
        // the submitter waiting for a free slot, on the trial's own pool thread: vbench's work, not a task's
        assertNull(StackFrames.cut(List.of(
                "java.lang.Thread.run",
                "java.util.concurrent.ThreadPoolExecutor.runWorker",
                "java.util.concurrent.FutureTask.run",
                "dev.vbench.engine.Watchdog.lambda$run$0",
                "dev.vbench.engine.TrialRunner.run",
                "java.util.concurrent.Semaphore.acquire")));
    }

    @Test
    void aWaitEndsAtTheCallThatWaitsOnEveryKindOfThread() {
        List<String> virtual = List.of(
                "acme.Nap.run",
                "java.lang.Thread.sleep",
                "java.lang.VirtualThread.sleepNanos",
                "java.lang.VirtualThread.parkNanos");
        List<String> platform = List.of(
                "acme.Nap.run",
                "java.lang.Thread.sleep",
                "java.lang.Thread.sleepNanos",
                "java.lang.Thread.sleepNanos0");
        assertEquals(List.of("acme.Nap.run", "java.lang.Thread.sleep"), StackFrames.trimWaitMachinery(virtual));
        assertEquals(List.of("acme.Nap.run", "java.lang.Thread.sleep"), StackFrames.trimWaitMachinery(platform));
    }

    @Test
    void hiddenClassesAndTypeDescriptorsAreNormalised() {
        assertEquals("acme.A$$Lambda", StackFrames.className("acme.A$$Lambda/0x000000004d16c210"));
        assertEquals("byte[]", JfrStacks.typeName("[B"));
        assertEquals(
                "java.lang.String[][]",
                JfrStacks.typeName("[[Ljava/lang/String;").replace('/', '.'));
    }

    @Test
    void unknownEventsAreRefusedWithTheList() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ProfileEvent.parse("cpu,heap"));
        assertEquals(
                "'heap' is not a profile event; use one or more of cpu, wall, lock, alloc, tasks, comma-separated"
                        + " (e.g. --profile tasks,lock)",
                e.getMessage());
        assertEquals(List.of(ProfileEvent.TASKS, ProfileEvent.CPU), ProfileEvent.parse("tasks,cpu,tasks"));
    }
}
