package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where stuck tasks are: the user's frames of each task thread, grouped, most shared first. */
class StuckTasksTest {

    private static final String BOUNDARY = "dev.vbench.engine.TaskRun$Plain.run(TaskRun.java:140)";
    /** The runner of tasks with fixtures per call (JMH's Level.Invocation). */
    private static final String FIXTURE_BOUNDARY = "dev.vbench.engine.TaskRun$WithFixtures.run(TaskRun.java:190)";

    private static List<String> sleeping(String userFrame) {
        return List.of(
                "java.base/java.lang.Thread.sleepNanos0(Native Method)",
                "java.base/java.lang.Thread.sleepNanos(Thread.java:509)",
                "java.base/java.lang.Thread.sleep(Thread.java:540)",
                userFrame,
                "java.base/java.lang.invoke.LambdaForm$DMH/0x1.invokeStatic(LambdaForm$DMH)",
                "dev.vbench.loader.MethodWorkloadProvider$1.run(MethodWorkloadProvider.java:200)",
                BOUNDARY,
                "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1095)");
    }

    @Test
    void userFramesWithTheCallTheyWaitInAndHowManyShareThem() {
        StuckTasks stuck = StuckTasks.of(List.of(
                sleeping("app//Bad.forever(Bad.java:4)"),
                sleeping("app//Bad.forever(Bad.java:4)"),
                sleeping("com.acme.Lock.take(Lock.java:9)"),
                List.of(
                        "java.base/java.lang.Object.wait0(Native Method)",
                        "java.base/java.lang.Thread.run(Thread.java:1474)")));
        assertEquals(3, stuck.count(), "the thread without the task boundary is not a task");
        assertEquals(
                "2 at Bad.forever(Bad.java:4) in java.lang.Thread.sleep; 1 at com.acme.Lock.take(Lock.java:9) in java.lang.Thread.sleep",
                stuck.describe());
    }

    @Test
    void aTaskWithFixturesPerCallIsATaskToo() {
        assertEquals(
                "acme.Bench.measure(Bench.java:12) in java.lang.Thread.sleep",
                StuckTasks.where(List.of(
                        "java.base/java.lang.Thread.sleep(Thread.java:540)",
                        "app//acme.Bench.measure(Bench.java:12)",
                        "dev.vbench.loader.JmhWorkloadProvider$Instance$InvocationTask.run(JmhWorkloadProvider.java:300)",
                        FIXTURE_BOUNDARY,
                        "java.base/java.lang.VirtualThread.run(VirtualThread.java:466)")));
    }

    @Test
    void aSpinningTaskIsItsOwnTopFrameAndNotATaskIsNull() {
        assertEquals("Bad.spin(Bad.java:12)", StuckTasks.where(List.of("Bad.spin(Bad.java:12)", BOUNDARY)));
        assertNull(StuckTasks.where(List.of("java.base/java.lang.Thread.run(Thread.java:1474)")));
    }

    /** A thread running the workload's code outside a task (its prepare): the whole stack, vbench's frames left out. */
    @Test
    void outsideATaskTheTopUserFramesOfTheWholeStackAndNoneWhenAllAreVbenchs() {
        assertEquals(
                "Slow.setStall(Slow.java:4) in java.lang.Thread.sleep",
                StuckTasks.whereIn(List.of(
                        "java.base/java.lang.Thread.sleep(Thread.java:540)",
                        "app//Slow.setStall(Slow.java:4)",
                        "java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(DirectMethodHandleAccessor.java:103)",
                        "dev.vbench.loader.Bindings.apply(Bindings.java:80)",
                        "dev.vbench.engine.Engine.prepare(Engine.java:450)",
                        "dev.vbench.engine.Watchdog.lambda$watch$2(Watchdog.java:140)",
                        "java.base/java.lang.Thread.run(Thread.java:1474)")));
        assertNull(
                StuckTasks.whereIn(List.of(
                        "java.base/java.lang.Shutdown.exit(Shutdown.java:170)", "dev.vbench.Main.main(Main.java:17)")),
                "vbench's own frames, in any package, are not the user's");
        assertEquals(
                "dev.vbench.workload.IoWorkload.prepare(IoWorkload.java:40)",
                StuckTasks.whereIn(List.of(
                        "dev.vbench.workload.IoWorkload.prepare(IoWorkload.java:40)",
                        "dev.vbench.engine.Engine.prepare(Engine.java:450)")),
                "a built-in workload is the code under test");
    }

    @Test
    void atMostFourStacksThenTheRestCounted() {
        List<List<String>> threads = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            threads.add(List.of("A.m" + i + "(A.java:1)", BOUNDARY));
        }
        assertEquals(6, StuckTasks.of(threads).count());
        assertEquals(true, StuckTasks.of(threads).describe().endsWith("; 2 elsewhere"));
    }
}
