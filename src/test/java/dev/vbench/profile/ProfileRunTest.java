package dev.vbench.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.Profile;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SecondJdk;
import dev.vbench.testing.TestCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code vbench run --profile} end to end, on user classes whose time is known: a monitor held ~1 ms per
 * call, sleeps on saturated carriers, an 80/20 CPU split, a slow path taken by 1 task in 100. Asserts the
 * frames and shares the profiles name, not only that they exist.
 */
@Isolated // async-profiler is one per JVM and samples every thread of it, and it sets a system property
class ProfileRunTest {

    @TempDir
    static Path code;

    @TempDir
    Path tmp;

    @BeforeAll
    static void compile() throws Exception {
        TestCode.classes(
                code,
                Map.of(
                        "acme/Store.java", """
                        package acme;
                        public class Store {
                            private static final Object LOCK = new Object();
                            private static long value;
                            /** Holds the store's monitor about 1 ms per call. */
                            public static long put(long i) throws InterruptedException {
                                synchronized (LOCK) {
                                    Thread.sleep(1);
                                    return value += i;
                                }
                            }
                        }
                        """,
                        "acme/Nap.java", """
                        package acme;
                        public class Nap {
                            /** Sleeps 5 ms, then computes ~1 ms on a carrier. */
                            public static long run(long i) throws InterruptedException {
                                Thread.sleep(5);
                                return Spin.spin(1_000_000);
                            }
                        }
                        """,
                        "acme/Spin.java", """
                        package acme;
                        public class Spin {
                            /** Busy for about {@code nanos}. */
                            public static long spin(long nanos) {
                                long end = System.nanoTime() + nanos;
                                long x = 0;
                                while (System.nanoTime() < end) {
                                    x += x * 31 + 7;
                                }
                                return x;
                            }
                        }
                        """,
                        "acme/Split.java", """
                        package acme;
                        public class Split {
                            /** 80% of the work in heavy, 20% in light: the same loop, 4 to 1 (CPU work, not wall time). */
                            public static long run(long i) {
                                return heavy(i) + light(i);
                            }
                            static long heavy(long seed) {
                                return work(seed, 400_000);
                            }
                            static long light(long seed) {
                                return work(seed, 100_000);
                            }
                            static long work(long seed, int steps) {
                                long x = seed;
                                for (int k = 0; k < steps; k++) {
                                    x = x * 6364136223846793005L + 1442695040888963407L;
                                    x ^= x >>> 29;
                                }
                                return x;
                            }
                        }
                        """,
                        "acme/Tail.java", """
                        package acme;
                        public class Tail {
                            /** One task in 100 takes the slow path (~80x the fast one: far above a loaded machine's jitter). */
                            public static long run(long i) throws InterruptedException {
                                return i % 100 == 7 ? slowPath() : fastPath();
                            }
                            static long fastPath() throws InterruptedException {
                                Thread.sleep(1);
                                return 1;
                            }
                            static long slowPath() throws InterruptedException {
                                Thread.sleep(80);
                                return 2;
                            }
                        }
                        """),
                Map.of());
    }

    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--classpath",
                code.toString(),
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--quiet",
                "--data-dir",
                tmp.resolve("data").toString(),
                "-o",
                tmp.resolve("r.json").toString()));
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    private RunResult result() {
        return ResultCodec.read(tmp.resolve("r.json"));
    }

    /** The share of {@code p}'s samples whose stack matches. */
    static double share(Profile p, Predicate<String> stack) {
        long n = p.stacks().stream()
                .filter(s -> stack.test(s.frames()))
                .mapToLong(Profile.ProfileStack::samples)
                .sum();
        return (double) n / p.totalSamples();
    }

    /** The share of samples with {@code frame} anywhere in the stack (its inclusive share). */
    static double inclusive(Profile p, String frame) {
        return share(p, s -> List.of(s.split(";")).contains(frame));
    }

    @Test
    void theTaskSamplerNamesTheMonitorWhereTasksWaitOnBothExecutors() {
        CliRun r = run(
                "-w",
                "acme.Store::put",
                "-e",
                "virtual",
                "-e",
                "fixed:threads=4",
                "--tasks",
                "150",
                "--profile",
                "tasks,lock");
        assertEquals(0, r.code(), r::toString);
        for (CellResult c : result().cells()) {
            Profile tasks = c.profile("tasks");
            assertNotNull(tasks, c.config().label());
            assertEquals(CellProfiler.TASK_SAMPLER, tasks.profiler());
            double blocked = share(tasks, s -> s.endsWith("acme.Store.put;" + Profile.STATE_BLOCKED));
            assertTrue(
                    blocked > 0.5, c.config().label() + ": blocked on Store.put's monitor " + blocked + " of " + tasks);
            Profile lock = c.profile("lock");
            assertNotNull(lock, c.config().label());
            assertTrue(
                    lock.profiler().startsWith("async-profiler")
                            || lock.profiler().equals("jfr"),
                    lock.profiler());
        }
        // the Why under the table names the monitor where tasks wait, whether or not the executors differ
        CliRun report = CliRun.of("report", tmp.resolve("r.json").toString());
        assertEquals(0, report.code(), report::toString);
        assertTrue(
                report.out()
                        .lines()
                        .anyMatch(l -> l.startsWith("Why virtual vs fixed:threads=4")
                                || l.startsWith("Why fixed:threads=4 vs virtual")),
                report::out);
        assertTrue(
                report.out().lines().anyMatch(l -> l.contains("of tasks samples blocked on monitor in acme.Store.put")),
                report::out);
        // platform threads at least: the JVM's lock events name the method and the monitor's class
        Profile lock = result().cells().get(1).profile("lock");
        double onMonitor = share(lock, s -> s.endsWith("acme.Store.put;" + Profile.monitorFrame("java.lang.Object")));
        assertTrue(onMonitor > 0.3, "fixed pool lock samples on Store.put's monitor: " + onMonitor + " of " + lock);
    }

    @Test
    void sleepsOnSaturatedCarriersShowTheWaitForACarrierApartFromTheSleep() {
        CliRun r = run(
                "-w",
                "acme.Nap::run",
                "-e",
                "virtual",
                "--tasks",
                "300",
                "--profile",
                "tasks",
                "--profile-interval",
                "2ms");
        assertEquals(0, r.code(), r::toString);
        Profile tasks = result().cells().get(0).profile("tasks");
        double sleeping = share(tasks, s -> s.equals("acme.Nap.run;java.lang.Thread.sleep;" + Profile.STATE_SLEEPING));
        double waiting = share(tasks, s -> s.endsWith(";" + Profile.STATE_WAITING_FOR_CARRIER));
        // 300 tasks × 1 ms of CPU on 2 carriers: the 5 ms sleep is a small part of the time after it
        assertTrue(sleeping > 0, "sleeping " + sleeping + " of " + tasks);
        assertTrue(
                share(tasks, s -> s.equals("acme.Nap.run;java.lang.Thread.sleep;" + Profile.STATE_WAITING_FOR_CARRIER))
                        > 0.5,
                "waiting for a carrier after the sleep: " + waiting + " of " + tasks);
        assertTrue(waiting > 10 * sleeping, "waiting " + waiting + " vs sleeping " + sleeping);
        if (Runtime.version().feature()
                >= 24) { // the carrier wakes a sleeping virtual thread: JFR tells the sleep from the wait
            assertTrue(
                    tasks.notes().stream().anyMatch(n -> n.contains("counted as waiting for a carrier")),
                    tasks.notes()::toString);
        }
    }

    @Test
    void cpuSharesMatchTheSplitOnAsyncProfiler() {
        cpuSplit("async");
    }

    @Test
    void cpuSharesMatchTheSplitOnJfr() {
        cpuSplit("jfr");
    }

    private void cpuSplit(String profiler) {
        CliRun r = run(
                "-w",
                "acme.Split::run",
                "-e",
                "sequential",
                "--tasks",
                "600",
                "--profile",
                "cpu",
                "--profiler",
                profiler,
                "--profile-interval",
                "1ms");
        assertEquals(0, r.code(), r::toString);
        Profile cpu = result().cells().get(0).profile("cpu");
        assertTrue(
                profiler.equals("jfr")
                        ? cpu.profiler().equals("jfr")
                        : cpu.profiler().startsWith("async-profiler"),
                cpu.profiler());
        double heavy = inclusive(cpu, "acme.Split.heavy");
        double light = inclusive(cpu, "acme.Split.light");
        assertTrue(cpu.totalSamples() >= 100, "samples: " + cpu.totalSamples());
        assertTrue(Math.abs(heavy - 0.8) <= 0.10, profiler + ": heavy " + heavy + " of " + cpu);
        assertTrue(Math.abs(light - 0.2) <= 0.10, profiler + ": light " + light + " of " + cpu);
    }

    @Test
    void theSlowTailNamesThePathOfTheSlowestTasks() {
        CliRun r = run(
                "-w",
                "acme.Tail::run",
                "-e",
                "fixed:threads=4",
                "--tasks",
                "600",
                "--profile",
                "tasks",
                "--profile-interval",
                "2ms");
        assertEquals(0, r.code(), r::toString);
        Profile tasks = result().cells().get(0).profile("tasks");
        Profile tail = tasks.slowTail();
        assertNotNull(tail, "no slow tail in " + tasks);
        double slowInTail = inclusive(tail, "acme.Tail.slowPath");
        double slowInAll = inclusive(tasks, "acme.Tail.slowPath");
        assertTrue(tail.stacks().get(0).frames().contains("acme.Tail.slowPath"), "the tail's heaviest stack: " + tail);
        assertTrue(slowInTail > 0.6, "slow path in the tail: " + slowInTail + " of " + tail);
        assertTrue(slowInAll < slowInTail, "the tail differs from the whole: " + slowInAll + " vs " + slowInTail);
    }

    @Test
    void everyStackGoesBesideTheResultAndForksProfileToo() throws Exception {
        CliRun r = run(
                "-w",
                "acme.Store::put",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "40",
                "--forks",
                "1",
                "--profile",
                "tasks");
        assertEquals(0, r.code(), r::toString);
        CellResult c = result().cells().get(0);
        Profile tasks = c.profile("tasks");
        assertNotNull(tasks, "a fork's profile comes back to the parent");
        assertTrue(share(tasks, s -> s.endsWith("acme.Store.put;" + Profile.STATE_BLOCKED)) > 0.3, tasks::toString);
        Path beside = tmp.resolve("r.profiles").resolve(c.id() + ".tasks.collapsed");
        assertTrue(Files.isRegularFile(beside), beside::toString);
        String first = Files.readAllLines(beside).get(0);
        assertEquals(
                tasks.stacks().get(0).frames() + " " + tasks.stacks().get(0).samples(), first);
    }

    /**
     * Seed 002's jar reads on JDK 21 and this JDK, lock-profiled in their forks: both name ZipFile's read path
     * where the 4 clients contend for the jar's monitor (1,500 tasks: with 300, a machine busy with other work
     * ran them with no contended read at all).
     */
    @Test
    void theJarReadsLockProfileNamesTheZipFileReadPathOnBothJdks() {
        Path jdk21 = SecondJdk.require();
        // Contention is the machine's to give: on a loaded 2-CPU machine the four readers can run one after
        // another and leave a cell almost no contended monitor to sample (once: one sample, outside the tasks).
        // Such a run says nothing about where contention is attributed, so it runs once more; a wrong
        // attribution fails both.
        for (int attempt = 1; ; attempt++) {
            Path out = tmp.resolve("jar-lock-" + attempt + ".json");
            CliRun r = CliRun.of(
                    "run",
                    "-w",
                    "jar",
                    "-p",
                    "entry=small-stored",
                    "-p",
                    "fanout=4",
                    "-e",
                    "fixed:threads=4",
                    "--concurrency",
                    "4",
                    "--tasks",
                    "1500",
                    "--trials",
                    "1",
                    "--warmup",
                    "0",
                    "--no-progress",
                    "--quiet",
                    "--jvm",
                    "jdk21=" + jdk21,
                    "--jvm",
                    "this=" + System.getProperty("java.home"),
                    "--profile",
                    "lock",
                    "--data-dir",
                    tmp.resolve("data").toString(),
                    "-o",
                    out.toString());
            assertEquals(0, r.code(), r::toString);
            List<CellResult> cells = ResultCodec.read(out).cells();
            boolean fewSamples = cells.stream()
                    .anyMatch(
                            c -> c.profile("lock") == null || c.profile("lock").totalSamples() < 10);
            if (fewSamples && attempt < 2) {
                continue;
            }
            for (CellResult c : cells) {
                Profile lock = c.profile("lock");
                assertNotNull(lock, c.config().label());
                double zip = share(
                        lock,
                        s -> s.contains("java.util.zip.ZipFile") && s.endsWith("[monitor java.util.jar.JarFile]"));
                assertTrue(
                        zip > 0.5,
                        c.config().jvm() + ": ZipFile's read path on the jar's monitor " + zip + " of " + lock);
            }
            return;
        }
    }

    @Test
    void unknownEventIsAUsageErrorListingTheEvents() {
        CliRun.of("run", "-w", "noop", "--profile", "tasks,nosuch")
                .assertUsageError("'nosuch' is not a profile event; use one or more of cpu, wall, lock, alloc, tasks");
    }

    @Test
    void aProfilerThatCannotLoadFallsBackToJfrWithOneLine() {
        String previous = System.getProperty(AsyncProfilerBackend.LIBRARY_PROPERTY);
        System.setProperty(
                AsyncProfilerBackend.LIBRARY_PROPERTY,
                tmp.resolve("no-such-lib.so").toString());
        try {
            List<String> all = List.of(
                    "run",
                    "--classpath",
                    code.toString(),
                    "-w",
                    "acme.Split::run",
                    "-e",
                    "sequential",
                    "--tasks",
                    "50",
                    "--trials",
                    "1",
                    "--warmup",
                    "0",
                    "--no-progress",
                    "--profile",
                    "cpu",
                    "-o",
                    tmp.resolve("r.json").toString());
            CliRun r = CliRun.of(all.toArray(String[]::new));
            assertEquals(0, r.code(), r::toString);
            List<String> warnings = r.err()
                    .lines()
                    .filter(l -> l.contains("async-profiler cannot start"))
                    .toList();
            assertEquals(1, warnings.size(), r::toString);
            assertTrue(warnings.get(0).contains("sampled by JFR instead"), warnings::toString);
            assertEquals("jfr", result().cells().get(0).profile("cpu").profiler());
        } finally {
            if (previous == null) {
                System.clearProperty(AsyncProfilerBackend.LIBRARY_PROPERTY);
            } else {
                System.setProperty(AsyncProfilerBackend.LIBRARY_PROPERTY, previous);
            }
        }
    }

    @Test
    void profilesThatCannotBeWrittenNeverCostTheResult() throws Exception {
        Files.writeString(tmp.resolve("r.profiles"), "a file where the directory would go");
        CliRun r = run("-w", "acme.Store::put", "-e", "fixed:threads=2", "--tasks", "20", "--profile", "tasks");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.err().contains("cannot write the profiles of cell c1"), r::toString);
        Profile tasks = result().cells().get(0).profile("tasks");
        assertNotNull(tasks);
        assertTrue(tasks.stacks().size() <= Profile.MAX_STACKS);
    }
}
