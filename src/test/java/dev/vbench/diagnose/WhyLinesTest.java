package dev.vbench.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.compare.CellComparison;
import dev.vbench.compare.CellComparison.DisplayUnit;
import dev.vbench.compare.CellDimension;
import dev.vbench.compare.Layout;
import dev.vbench.diagnose.ComparedPair.View;
import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.InFlight;
import dev.vbench.result.Metric;
import dev.vbench.result.Profile;
import dev.vbench.result.Profile.ProfileStack;
import dev.vbench.result.RunResult;
import dev.vbench.result.SchedulerInfo;
import dev.vbench.result.SchedulerLoad;
import dev.vbench.result.Telemetry;
import dev.vbench.result.TrialResult;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.ProfileFixtures;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class WhyLinesTest {

    private static List<ComparedPair> pairs(RunResult run) {
        CellComparison c = CellComparison.of(
                run.cells(),
                CellDimension.EXECUTOR,
                CellDimension.varying(run.cells()),
                Metric.MAKESPAN,
                DisplayUnit.of(Metric.MAKESPAN, null),
                Layout.SPEEDUP,
                0.01);
        return ComparedPairs.of(c, run.environment().availableProcessors());
    }

    @Test
    void executorPairIsLeafFirstAndSignificant() {
        List<ComparedPair> pairs = pairs(ProfileFixtures.storeRun());
        assertEquals(1, pairs.size());
        ComparedPair p = pairs.get(0);
        assertEquals("fixed:threads=8", p.from().label());
        assertEquals("virtual", p.to().label());
        assertEquals(View.LEAF_FIRST, p.view(), "executors differ: only the leaves line up");
        assertTrue(p.significant());
        assertEquals(List.of("tasks", "lock"), p.commonEvents());
        assertEquals(8, p.to().cpus());
    }

    @Test
    void whyNamesTheMonitorVirtualThreadsBlockOnFirst() {
        WhyLines.Explanation e = WhyLines.of(pairs(ProfileFixtures.storeRun())).get(0);
        assertEquals(
                "virtual: 41% of tasks samples blocked on monitor in com.acme.Store.put, fixed:threads=8: 3%",
                e.lines().get(0));
        assertTrue(
                e.lines()
                        .contains("virtual: 94% of lock samples entering a monitor of java.lang.Object in"
                                + " com.acme.Store.put, fixed:threads=8: 15%"),
                e.lines()::toString);
        assertTrue(
                e.lines()
                        .contains("virtual slowest 1%: 40% of tasks samples waiting for a carrier in"
                                + " com.acme.StoreTask.run, virtual all tasks: 4%"),
                e.lines()::toString);
        assertTrue(
                e.lines()
                        .contains("virtual: CPU busy 4.0 of 8 cores (50%), fixed:threads=8: 7.9 of 8 cores (99%,"
                                + " saturated) (process CPU time per makespan, median per trial)"),
                e.lines()::toString);
        long taskLines = e.lines().stream()
                .filter(l -> l.startsWith("virtual: ") && l.contains(" of tasks samples "))
                .count();
        assertTrue(taskLines >= 3 && taskLines <= WhyLines.MAX_FRAMES, e.lines()::toString);
    }

    @Test
    void internalsAreFoldedAwayAndJdkFramesNamedWithTheirCaller() {
        Profile before = profile(
                1000,
                new ProfileStack(
                        "dev.vbench.engine.TaskSlots.run;com.acme.Jar.read;"
                                + "java.util.zip.ZipFile.getEntry;java.util.zip.ZipFile$Source.getEntryPos;[running]",
                        100),
                new ProfileStack("[outside tasks];java.util.concurrent.ForkJoinPool.runWorker;[running]", 800));
        Profile after = profile(
                1000,
                new ProfileStack(
                        "dev.vbench.engine.TaskSlots.run;com.acme.Jar.read;"
                                + "java.util.zip.ZipFile.getEntry;java.util.zip.ZipFile$Source.getEntryPos;[running]",
                        600),
                new ProfileStack(
                        "com.acme.Jar.read;java.util.concurrent.locks.ReentrantLock.lock;"
                                + "java.util.concurrent.locks.AbstractQueuedSynchronizer.acquire;jdk.internal.misc.Unsafe.park;[parked]",
                        300),
                new ProfileStack("dev.vbench.engine.TaskSlots.run;java.lang.VirtualThread.run;[running]", 100),
                new ProfileStack(
                        "com.acme.Jar.read;java.util.zip.Inflater.inflateBytesBytes;Java_java_util_zip_Inflater_inflateBytesBytes;"
                                + "inflate;[unknown]",
                        50));
        List<String> lines = WhyLines.profileLines("j25", after, "j21", before, 5, WhyLines.MIN_CHANGE, true);
        assertEquals(
                List.of(
                        "j25: 60% of tasks samples running in java.util.zip.ZipFile$Source.getEntryPos (called from com.acme.Jar.read),"
                                + " j21: 10%",
                        "j25: 30% of tasks samples parked in java.util.concurrent.locks.ReentrantLock.lock (called from"
                                + " com.acme.Jar.read), j21: 0%",
                        "j25: 5% of tasks samples in java.util.zip.Inflater.inflateBytesBytes (called from com.acme.Jar.read), j21: 0%"),
                lines,
                "vbench, VirtualThread, AQS, Unsafe and native frames and the 80% outside tasks are folded away");
        assertTrue(Frames.internal("java.util.concurrent.ThreadPoolExecutor$Worker.run"));
        assertTrue(Frames.nativeFrame("JavaThread::run()")
                && Frames.nativeFrame("do_syscall_64_[k]")
                && Frames.nativeFrame("[unknown]")
                && Frames.nativeFrame("inflate"));
        assertFalse(Frames.nativeFrame(Profile.STATE_BLOCKED)
                || Frames.nativeFrame(Profile.monitorFrame("java.lang.Object"))
                || Frames.nativeFrame("java.util.zip.Inflater.inflateBytesBytes"));
        assertFalse(Frames.internal("java.util.zip.ZipFile.getEntry"));
    }

    @Test
    void aMonitorBothSidesWaitOnIsNamedOnceWhenNothingChanged() {
        Profile a = Profile.of("lock", "async-profiler", 10_000)
                .withStacks(
                        1312,
                        List.of(new ProfileStack(
                                "Store.run;Store.put;" + Profile.monitorFrame("java.lang.Object"), 1312)));
        Profile b = Profile.of("lock", "async-profiler", 10_000)
                .withStacks(
                        657,
                        List.of(
                                new ProfileStack(
                                        "Store.run;Store.put;" + Profile.monitorFrame("java.lang.Object"), 656),
                                new ProfileStack(
                                        "[outside tasks];java.util.concurrent.ThreadPoolExecutor.getTask", 1)));
        assertEquals(
                List.of("fixed:threads=4: 100% of lock samples entering a monitor of java.lang.Object in Store.put,"
                        + " virtual: 100% (on both)"),
                WhyLines.profileLines("fixed:threads=4", b, "virtual", a, 5, WhyLines.MIN_CHANGE, true));
    }

    @Test
    void withinVarianceOnlyThePlaceBothSpendTheirTimeIn() {
        RunResult run = ProfileFixtures.storeRun();
        List<CellResult> same = List.of(run.cells().get(0), relabel(run.cells().get(0), Fixtures.virtual()));
        List<ComparedPair> pairs = pairs(run.withCells(same));
        assertFalse(pairs.get(0).significant(), "the same trials on both sides");
        List<WhyLines.Explanation> why = WhyLines.of(pairs);
        assertEquals(1, why.size(), why::toString);
        // no change is claimed: each event names only where both spend at least 25%, marked as common
        assertTrue(why.get(0).lines().stream().allMatch(l -> l.endsWith("(on both)")), why::toString);
        assertTrue(why.get(0).lines().size() <= pairs.get(0).commonEvents().size(), why::toString);
    }

    @Test
    void noWhyWithinVarianceWithoutProfiles() {
        RunResult run = Fixtures.ioRun();
        List<CellResult> same = List.of(run.cells().get(0), relabel(run.cells().get(0), Fixtures.virtual()));
        List<ComparedPair> pairs = pairs(run.withCells(same));
        assertFalse(pairs.get(0).significant(), "the same trials on both sides");
        assertEquals(List.of(), WhyLines.of(pairs));
    }

    @Test
    void telemetryLinesOnlyPastTheirThresholds() {
        List<ComparedPair> io = pairs(Fixtures.ioRun());
        assertTrue(io.stream().allMatch(ComparedPair::significant));
        assertEquals(List.of(), WhyLines.of(io), "half a core of 8 busy, 0.04% GC, no queue: nothing to say");
        List<ComparedPair> pinned = pairs(Fixtures.pinnedIoRun());
        assertEquals(
                List.of(
                        "virtual: 435 pinned parks in 6 trials (JFR jdk.VirtualThreadPinned), top stack"
                                + " java.lang.Thread.sleep:540 ← com.example.Dao.query:42 (375 parks), fixed:threads=200: pinning not recorded"),
                WhyLines.of(pinned).get(0).lines());
    }

    /** The in-flight ceiling against the concurrency asked for, and the carriers' load, past their thresholds. */
    @Test
    void inFlightAndCarrierLinesNameWhatTheExecutorLetRun() {
        CellConfig pool = CellConfig.closed("io", Map.of("duration", "10ms"), Fixtures.fixed(4), 1000, 100);
        CellConfig threads = CellConfig.closed("io", Map.of("duration", "10ms"), Fixtures.virtual(), 1000, 100);
        CellResult fixed = withTelemetry(
                Fixtures.cell("c1", pool, 6, 2500, 0.01, 10, 1), t -> t.withInFlight(new InFlight(4, 3.9)));
        CellResult virtual = withTelemetry(
                Fixtures.cell("c2", threads, 6, 110, 0.01, 10, 2),
                t -> t.withInFlight(new InFlight(100, 91))
                        .withScheduler(new SchedulerInfo(
                                2,
                                256,
                                1,
                                2,
                                Map.of(),
                                "mxbean",
                                new SchedulerLoad(50, 1.9, 2, 3.5, 9, List.of(), "mxbean"))));
        RunResult run = Fixtures.ioRun().withCells(List.of(fixed, virtual));
        List<String> lines = WhyLines.of(pairs(run)).get(0).lines();
        assertTrue(
                lines.contains("virtual: 100 of 100 asked, fixed:threads=4: 4 of 100 asked"
                        + " (most tasks in service at once, median per trial)"),
                lines::toString);
        assertTrue(
                lines.contains(
                        "virtual: carriers 95% busy (1.9 of 2 mounted), 3.5 virtual threads queued for a carrier,"
                                + " fixed:threads=4: no virtual-thread scheduler sampled (the scheduler's estimates, mean per trial; queued"
                                + " is carrier wait)"),
                lines::toString);
    }

    private static CellResult withTelemetry(CellResult c, UnaryOperator<Telemetry> change) {
        List<TrialResult> trials = c.trials().stream()
                .map(t -> t.withTelemetry(change.apply(t.telemetry())))
                .toList();
        return new CellResult(c.id(), c.config(), c.status(), trials, c.summary(), c.notes());
    }

    private static Profile profile(long total, ProfileStack... stacks) {
        return Profile.of("tasks", "vbench", 10_000_000).withStacks(total, List.of(stacks));
    }

    private static CellResult relabel(CellResult c, ExecutorInfo executor) {
        return new CellResult(
                "c9",
                CellConfig.closed(
                        c.config().workload(),
                        Map.copyOf(c.config().params()),
                        executor,
                        c.config().tasks(),
                        0),
                c.status(),
                c.trials(),
                c.summary(),
                c.notes(),
                null,
                c.profiles());
    }
}
