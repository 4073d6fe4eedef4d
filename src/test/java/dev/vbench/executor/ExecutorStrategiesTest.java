package dev.vbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Task;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ExecutorStrategiesTest {

    @Test
    void parsesSpecsWithParameters() {
        ConfiguredExecutor fixed = ExecutorStrategies.parse("fixed:threads=200");
        assertEquals("fixed:threads=200", fixed.spec());
        assertEquals(200, fixed.info().poolSize());
        assertEquals("platform", fixed.info().threadKind());
        ConfiguredExecutor bounded = ExecutorStrategies.parse("bounded-virtual:permits=10");
        assertEquals(10, bounded.info().permits());
        assertEquals("virtual", ExecutorStrategies.parse("virtual").spec());
    }

    @Test
    void badSpecsSayWhatIsValid() {
        IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("pool"));
        assertEquals(
                "unknown executor 'pool'; valid executors: fixed, virtual, bounded-virtual, structured, sequential,"
                        + " cached, forkjoin, platform",
                unknown.getMessage());
        IllegalArgumentException zero =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("fixed:threads=0"));
        assertEquals(
                "parameter 'threads' of executor 'fixed': '0' is out of range; use a whole number in 1..100000",
                zero.getMessage());
        IllegalArgumentException form =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("fixed:200"));
        assertTrue(form.getMessage().contains("is not key=value"), form.getMessage());
    }

    @Test
    void schedulerParametersStayOutOfTheSpecUntilSetAndNameTheirProperties() {
        ConfiguredExecutor plain = ExecutorStrategies.parse("virtual");
        assertEquals("virtual", plain.spec());
        assertEquals(Map.of(), plain.info().params());
        assertFalse(plain.jvmNeeds().any());
        ConfiguredExecutor two = ExecutorStrategies.parse("virtual:parallelism=2,maxPoolSize=8,minRunnable=1");
        assertEquals("virtual:parallelism=2,maxPoolSize=8,minRunnable=1", two.spec());
        assertEquals(2, two.info().carrierParallelism());
        assertEquals(
                List.of(
                        "-Djdk.virtualThreadScheduler.parallelism=2",
                        "-Djdk.virtualThreadScheduler.maxPoolSize=8",
                        "-Djdk.virtualThreadScheduler.minRunnable=1"),
                two.jvmNeeds().options());
        assertEquals(
                List.of("-Djdk.pollerMode=2"),
                ExecutorStrategies.parse("virtual:pollerMode=2").jvmNeeds().options());
        // a custom scheduler implements a preview interface of the Loom builds
        assertEquals(
                List.of("--enable-preview", "-Djdk.virtualThreadScheduler.implClass=com.acme.Sched$Inner"),
                ExecutorStrategies.parse("virtual:scheduler=com.acme.Sched$Inner")
                        .jvmNeeds()
                        .options());
        ConfiguredExecutor bounded = ExecutorStrategies.parse("bounded-virtual:permits=10,parallelism=4");
        assertEquals("bounded-virtual:permits=10,parallelism=4", bounded.spec());
        assertEquals(4, bounded.info().carrierParallelism());
        assertEquals(10, bounded.info().permits());
        assertEquals(
                List.of("--enable-preview"),
                ExecutorStrategies.parse("structured").jvmNeeds().options());
        assertTrue(ExecutorStrategies.parse("structured").jvmNeeds().structuredScope());
        assertEquals(
                "structured:joiner=all-successful",
                ExecutorStrategies.parse("structured").spec());
        assertFalse(ExecutorStrategies.parse("fixed:threads=2").jvmNeeds().any());
    }

    @Test
    void aListOfValuesSweepsAParameterAndTwoListsCross() {
        List<ConfiguredExecutor> sweep =
                ExecutorStrategies.parseSweep("virtual:parallelism=1,2,4", ExecutorStrategies.all());
        assertEquals(
                List.of("virtual:parallelism=1", "virtual:parallelism=2", "virtual:parallelism=4"),
                sweep.stream().map(ConfiguredExecutor::spec).toList());
        List<ConfiguredExecutor> crossed = ExecutorStrategies.parseSweep(
                "bounded-virtual:permits=10,20,parallelism=1,2", ExecutorStrategies.all());
        assertEquals(
                List.of(
                        "bounded-virtual:permits=10,parallelism=1",
                        "bounded-virtual:permits=10,parallelism=2",
                        "bounded-virtual:permits=20,parallelism=1",
                        "bounded-virtual:permits=20,parallelism=2"),
                crossed.stream().map(ConfiguredExecutor::spec).toList());
        IllegalArgumentException one =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("virtual:parallelism=1,2"));
        assertEquals(
                "executor spec 'virtual:parallelism=1,2' names 2 executors (a list of values sweeps); give one"
                        + " value per parameter",
                one.getMessage());
        IllegalArgumentException twice = assertThrows(
                IllegalArgumentException.class, () -> ExecutorStrategies.parse("virtual:parallelism=1,parallelism=2"));
        assertEquals(
                "executor spec 'virtual:parallelism=1,parallelism=2': 'parallelism' is given twice; list its values"
                        + " after one parallelism=, e.g. parallelism=1,2",
                twice.getMessage());
    }

    @Test
    void schedulerValuesTheJdkWouldNotHonourAreRefused() {
        IllegalArgumentException capped = assertThrows(
                IllegalArgumentException.class, () -> ExecutorStrategies.parse("virtual:parallelism=8,maxPoolSize=4"));
        assertEquals(
                "executor 'virtual': parallelism 8 is above maxPoolSize 4, and the JDK would run 4 carriers without"
                        + " a word; raise maxPoolSize or lower parallelism",
                capped.getMessage());
        IllegalArgumentException zero =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("virtual:parallelism=0"));
        assertEquals(
                "parameter 'parallelism' of executor 'virtual': '0' is out of range; use a whole number in 1..32767",
                zero.getMessage());
        IllegalArgumentException mode =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("virtual:pollerMode=9"));
        assertEquals(
                "parameter 'pollerMode' of executor 'virtual': '9' is out of range; use a whole number in 1..3",
                mode.getMessage());
        IllegalArgumentException cls = assertThrows(
                IllegalArgumentException.class, () -> ExecutorStrategies.parse("virtual:scheduler=not a class"));
        assertEquals(
                "parameter 'scheduler' of executor 'virtual': 'not a class' is not a class name; write e.g."
                        + " com.acme.MyScheduler",
                cls.getMessage());
        IllegalArgumentException joiner =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("structured:joiner=first"));
        assertEquals(
                "parameter 'joiner' of executor 'structured': 'first' is not one of all-successful, any-successful,"
                        + " await-all-successful, await-all",
                joiner.getMessage());
        IllegalArgumentException fixed =
                assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("fixed:fanout=2"));
        assertEquals("executor 'fixed' has no parameter 'fanout'; its parameters are threads", fixed.getMessage());
    }

    /** Subtasks of one task run at once, each on a virtual thread of its own, with indexes i × n + k. */
    @Test
    void fanoutRunsTheSubtasksAtOnceOnVirtualThreads() throws Exception {
        for (String spec : structuredWhereAvailable(
                "virtual:fanout=4",
                "bounded-virtual:fanout=4",
                "structured:fanout=4",
                "structured:fanout=4,joiner=await-all-successful",
                "structured:fanout=4,joiner=await-all")) {
            CountDownLatch allStarted = new CountDownLatch(4);
            Set<Long> indexes = ConcurrentHashMap.newKeySet();
            Set<Boolean> virtual = ConcurrentHashMap.newKeySet();
            Task operation = i -> {
                indexes.add(i);
                virtual.add(Thread.currentThread().isVirtual());
                allStarted.countDown();
                assertTrue(allStarted.await(10, TimeUnit.SECONDS), "the four subtasks did not run at once");
                return i;
            };
            Task task = ExecutorStrategies.parse(spec).task(operation);
            assertEquals(8 + 9 + 10 + 11, task.run(2), spec);
            assertEquals(Set.of(8L, 9L, 10L, 11L), indexes, spec);
            assertEquals(Set.of(true), virtual, spec);
        }
        Task same = i -> i;
        assertSame(same, ExecutorStrategies.parse("virtual").task(same));
    }

    @Test
    void aFailedSubtaskFailsItsTaskWithTheSubtasksException() {
        for (String spec : structuredWhereAvailable(
                "virtual:fanout=3", "structured:fanout=3", "structured:fanout=3,joiner=await-all")) {
            Task task = ExecutorStrategies.parse(spec).task(i -> {
                if (i % 3 == 1) {
                    throw new IOException("subtask " + i);
                }
                return i;
            });
            IOException e = assertThrows(IOException.class, () -> task.run(0), spec);
            assertEquals("subtask 1", e.getMessage(), spec);
        }
    }

    /** any-successful: the first success is the task's value, and the scope cancels the other subtasks. */
    @Test
    void anySuccessfulEndsAtTheFirstSuccess() throws Exception {
        Assumptions.assumeTrue(
                ExecutorStrategies.structuredScopeUnavailable() == null, "skipped: no StructuredTaskScope");
        AtomicInteger slowEnded = new AtomicInteger();
        Task task = ExecutorStrategies.parse("structured:fanout=3,joiner=any-successful")
                .task(i -> {
                    if (i == 0) {
                        return 42;
                    }
                    Thread.sleep(60_000); // cancelled: interrupted, or never started
                    slowEnded.incrementAndGet();
                    return i;
                });
        long start = System.nanoTime();
        assertEquals(42, task.run(0));
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(30), "the slow subtasks were not cancelled");
        assertEquals(0, slowEnded.get());
    }

    private static List<String> structuredWhereAvailable(String... specs) {
        boolean available = ExecutorStrategies.structuredScopeUnavailable() == null;
        return Arrays.stream(specs)
                .filter(s -> available || !s.startsWith("structured"))
                .toList();
    }
}
