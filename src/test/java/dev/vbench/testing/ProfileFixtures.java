package dev.vbench.testing;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.JvmInfo;
import dev.vbench.result.Metric;
import dev.vbench.result.Profile;
import dev.vbench.result.Profile.ProfileStack;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Summaries;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Hand-built profiles for the Why lines and flame graphs: a user workload {@code store} whose tasks
 * call a {@code synchronized} {@code com.acme.Store.put}, run on {@code fixed:threads=8} and on
 * {@code virtual}. On virtual threads 41% of the task samples are blocked on the store's monitor, on
 * the pool 3%; the pool instead spends its samples encoding and keeps all 8 cores busy.
 */
public final class ProfileFixtures {

    private ProfileFixtures() {}

    /** The task sampler's profile of the virtual cell: 10,000 samples, 41% blocked on monitor in Store.put. */
    public static Profile virtualTasks() {
        return Profile.of("tasks", "vbench", 10_000_000)
                .withThreads("task threads: virtual threads")
                .withStacks(
                        10_000,
                        List.of(
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;[blocked on monitor]", 4100),
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Codec.encode;[running]", 2000),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;java.util.HashMap.put;[running]",
                                        1500),
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Store.put;[running]", 1200),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Codec.encode;java.util.zip.Deflater.deflate;[running]",
                                        600),
                                new ProfileStack("com.acme.StoreTask.run;[waiting for a carrier]", 400),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;java.util.concurrent.locks.ReentrantLock.lock;"
                                                + "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire;java.util.concurrent.locks.LockSupport.park;"
                                                + "jdk.internal.misc.Unsafe.park;[parked]",
                                        100),
                                new ProfileStack(
                                        "[outside tasks];java.util.concurrent.ForkJoinPool.awaitWork;[parked]", 100)))
                .withSlowTail(slowTail());
    }

    /** What the virtual cell's slowest 1% of tasks did: waiting for a carrier far more than the median task. */
    static Profile slowTail() {
        return Profile.of("tasks", "vbench", 10_000_000)
                .withThreads("task threads: virtual threads")
                .withStacks(
                        200,
                        List.of(
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Store.put;[blocked on monitor]", 90),
                                new ProfileStack("com.acme.StoreTask.run;[waiting for a carrier]", 80),
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Codec.encode;[running]", 30)));
    }

    /** The task sampler's profile of the pool: 12,000 samples, 3% blocked on monitor in Store.put. */
    public static Profile fixedTasks() {
        return Profile.of("tasks", "vbench", 10_000_000)
                .withThreads("task threads: pool workers")
                .withStacks(
                        12_000,
                        List.of(
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Codec.encode;[running]", 4000),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;java.util.HashMap.put;[running]",
                                        2400),
                                new ProfileStack(
                                        "[outside tasks];java.util.concurrent.ThreadPoolExecutor.getTask;"
                                                + "java.util.concurrent.LinkedBlockingQueue.take;[parked]",
                                        1840),
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Store.put;[running]", 2000),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Codec.encode;java.util.zip.Deflater.deflate;[running]",
                                        1200),
                                new ProfileStack("com.acme.StoreTask.run;com.acme.Store.put;[blocked on monitor]", 360),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;java.util.concurrent.locks.ReentrantLock.lock;"
                                                + "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire;java.util.concurrent.locks.LockSupport.park;"
                                                + "jdk.internal.misc.Unsafe.park;[parked]",
                                        200)));
    }

    /** async-profiler's lock profile of each cell: the monitor of Store.put, java.lang.Object. */
    public static Profile lock(boolean virtual) {
        return Profile.of("lock", "async-profiler", 10_000)
                .withThreads("task threads: " + (virtual ? "carriers" : "pool workers"))
                .withStacks(
                        virtual ? 900 : 400,
                        List.of(
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;"
                                                + Profile.monitorFrame("java.lang.Object"),
                                        virtual ? 850 : 60),
                                new ProfileStack(
                                        "com.acme.StoreTask.run;com.acme.Store.put;java.util.concurrent.locks.ReentrantLock.lock;"
                                                + "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire",
                                        virtual ? 50 : 340)))
                .withNotes(List.of("lock: threshold 10 us of contention"));
    }

    /**
     * The store run: fixed:threads=8 (makespan ≈ 800 ms, CPU busy 7.9 of 8 cores) vs virtual
     * (≈ 2,400 ms, 4 of 8 cores), both profiled for {@code tasks} and {@code lock}.
     */
    public static RunResult storeRun() {
        CellConfig fixed = CellConfig.closed("store", Map.of("entries", "1000"), Fixtures.fixed(8), 20000, 0);
        CellConfig virtual = CellConfig.closed("store", Map.of("entries", "1000"), Fixtures.virtual(), 20000, 0);
        List<CellResult> cells = List.of(
                withCpu(Fixtures.cell("c1", fixed, 6, 800, 0.01, 0.32, 31), 7.9)
                        .withProfiles(List.of(fixedTasks(), lock(false))),
                withCpu(Fixtures.cell("c2", virtual, 6, 2400, 0.01, 0.96, 32), 4.0)
                        .withProfiles(List.of(virtualTasks(), lock(true))));
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }

    /** {@code cell} with process CPU time of {@code busyCores} × makespan in every trial. */
    static CellResult withCpu(CellResult cell, double busyCores) {
        List<TrialResult> trials = new ArrayList<>();
        for (TrialResult t : cell.trials()) {
            Telemetry tel = t.telemetry();
            trials.add(t.withTelemetry(new Telemetry(
                    Math.round(t.makespanNanos() * busyCores),
                    tel.gcCount(),
                    tel.gcTimeMillis(),
                    tel.allocatedBytes(),
                    tel.peakThreads(),
                    tel.pinnedEvents())));
        }
        return new CellResult(
                cell.id(),
                cell.config(),
                cell.status(),
                trials,
                Summaries.summarize(trials),
                Summaries.notes(trials, Metric.MAKESPAN),
                cell.jvm(),
                cell.profiles());
    }

    /**
     * A jar-reading workload on two JVMs ({@code --jvm j21=… --jvm j25=…}, virtual threads on both):
     * on j21 62% of the lock samples wait for the monitor of {@code ZipFile$Source} under
     * {@code ZipFile.getEntry}, on j25 5%; j25 is 3x faster.
     */
    public static RunResult jvmRun() {
        List<CellResult> cells = new ArrayList<>();
        String[] labels = {"j21", "j25"};
        double[] makespans = {900, 300};
        for (int j = 0; j < 2; j++) {
            JvmInfo jvm = new JvmInfo(
                    labels[j],
                    "/opt/jdk-" + labels[j].substring(1),
                    List.of(),
                    j == 0 ? "21.0.8" : "25.0.3",
                    "TestVendor",
                    "Test VM",
                    "x",
                    4,
                    "G1",
                    1L << 30);
            CellConfig config = CellConfig.closed("jar", Map.of("entries", "500"), Fixtures.virtual(), 5000, 0)
                    .withJvm(labels[j]);
            long blocked = j == 0 ? 620 : 50;
            Profile lock = Profile.of("lock", "async-profiler", 10_000)
                    .withThreads("task threads: carriers")
                    .withStacks(
                            1000,
                            List.of(
                                    new ProfileStack(
                                            "com.acme.JarTask.run;java.util.zip.ZipFile.getEntry;"
                                                    + Profile.monitorFrame("java.util.zip.ZipFile$Source"),
                                            blocked),
                                    new ProfileStack(
                                            "com.acme.JarTask.run;java.util.zip.ZipFile.getInputStream;"
                                                    + Profile.monitorFrame("java.util.zip.ZipFile$Source"),
                                            1000 - blocked)));
            cells.add(Fixtures.cell("c" + (j + 1), config, 6, makespans[j], 0.01, 0.2, 51 + j)
                    .withJvm(jvm)
                    .withProfiles(List.of(lock)));
        }
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                cells);
    }

    /**
     * Before and after for {@code vbench compare}: the same virtual cell, where the after file's
     * {@code Store.put} became {@code synchronized} (41% blocked on its monitor instead of 3%) and the
     * makespan tripled.
     */
    public static RunResult before() {
        CellConfig virtual = CellConfig.closed("store", Map.of("entries", "1000"), Fixtures.virtual(), 20000, 0);
        Profile tasks = Profile.of("tasks", "vbench", 10_000_000)
                .withThreads("task threads: virtual threads")
                .withStacks(12_000, fixedTasks().stacks());
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                List.of(Fixtures.cell("c1", virtual, 6, 800, 0.01, 0.32, 41).withProfiles(List.of(tasks))));
    }

    /** See {@link #before()}. */
    public static RunResult after() {
        CellConfig virtual = CellConfig.closed("store", Map.of("entries", "1000"), Fixtures.virtual(), 20000, 0);
        Profile tasks = virtualTasks();
        return new RunResult(
                RunResult.SCHEMA,
                Fixtures.environment(),
                RunSettings.trials(1, 6).withSeed(42),
                List.of(Fixtures.cell("c1", virtual, 6, 2400, 0.01, 0.96, 42)
                        .withProfiles(List.of(new Profile(
                                tasks.event(),
                                tasks.profiler(),
                                tasks.intervalNanos(),
                                tasks.threads(),
                                tasks.totalSamples(),
                                tasks.stacks(),
                                null,
                                tasks.notes())))));
    }
}
