package dev.vbench.app;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunListener;
import dev.vbench.engine.RunPlan;
import dev.vbench.jvm.ScratchDir;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.PinningProbe;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Plan;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.report.ReportOptions;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.result.Sharding;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs a {@link Plan} for {@code vbench run}: the parts in order through the {@link Engine}, with
 * progress on stderr, the {@code -o} files rewritten as cells finish, and Ctrl-C handled so that
 * finished cells are never lost. Stops after a part that was interrupted or did not finish.
 */
final class RunSession {

    private final PrintWriter err;
    private final boolean quiet;
    private final boolean noProgress;
    private final boolean pinning;
    private final Duration pinningThreshold;
    private final Duration taskTimeout;
    private final ProfileRequest profile;

    RunSession(
            PrintWriter err,
            boolean quiet,
            boolean noProgress,
            boolean pinning,
            Duration pinningThreshold,
            Duration taskTimeout,
            ProfileRequest profile) {
        this.taskTimeout = taskTimeout;
        this.profile = profile;
        this.err = err;
        this.quiet = quiet;
        this.noProgress = noProgress;
        this.pinning = pinning;
        this.pinningThreshold = pinningThreshold;
    }

    /**
     * Runs every part; returns every finished cell (and the one interrupted, if any). When user code ends
     * the JVM ({@code System.exit}) while it runs, {@code guard} writes the finished cells and the one in
     * progress (status {@code exited}) to {@code files} and {@code -o -} to {@code out}, prints one line and
     * ends the JVM with {@link ExitCodes#USER_EXIT}.
     *
     * @param sharding what the result records of the shard this plan is ({@code --shard}), or null
     */
    RunResult run(
            Plan plan,
            Environment environment,
            RunOutputs files,
            ReportOptions reportOptions,
            Sharding sharding,
            InterruptGuard guard,
            PrintWriter out)
            throws Exception {
        RunPlan first = plan.first();
        RunListener progress = TerminalProgress.create(
                err,
                quiet,
                noProgress,
                first.settings().warmupTrials() + first.settings().measuredTrials(),
                RunEta.of(plan));
        if (pinning) {
            PinningProbe.synchronizedPinningWarning(
                            Runtime.version().feature(),
                            plan.cells().stream().map(CellPlan::config).toList())
                    .ifPresent(progress::warning);
        }
        TrialProbes probes = TrialProbes.standard(pinning, pinningThreshold, progress::warning);
        RunResult empty = new RunResult(RunResult.SCHEMA, environment, first.settings(), List.of())
                .withSuite(
                        plan.suite() == null ? null : plan.suite().layout()) // report prints a suite's tables from it
                .withSharding(sharding);
        CellCollector collector = new CellCollector(empty, progress, files, reportOptions, plan.cells());
        guard.onUserExit(how -> {
            if (progress instanceof TerminalProgress bar) {
                bar.close();
            }
            CellCollector.Sealed sealed = collector.sealExited(how);
            files.finishPartial(out, sealed.result(), reportOptions);
            err.println("vbench: " + sealed.ended() + ": user code called " + how + "; finished cells were kept"
                    + (files.anyFile() ? " in " + files.names() : "") + ", exit code " + ExitCodes.USER_EXIT);
            err.flush();
        });
        try (UserOutput printed = UserOutput.capture()) {
            for (RunPlan part : plan.runs()) {
                if (part.cells().isEmpty()) {
                    continue; // another shard's part
                }
                RunResult done = runPart(part, probes, environment, collector, progress);
                boolean stopped = done.cells().size() < part.cells().size()
                        || done.cells().stream().anyMatch(c -> c.status() == CellStatus.INTERRUPTED);
                if (stopped) {
                    break;
                }
            }
            printed.summary().ifPresent(progress::warning);
        } catch (Exception | Error e) {
            try {
                collector.flush(); // the cells that waited for a rewrite, before the error ends the command
            } catch (RuntimeException | Error suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        return collector.result();
    }

    private RunResult runPart(
            RunPlan part, TrialProbes probes, Environment environment, RunListener listener, RunListener progress)
            throws Exception {
        try {
            return new Engine(NanoClock.SYSTEM, probes, taskTimeout, profile).run(part, environment, listener);
        } finally {
            if (progress instanceof TerminalProgress bar) {
                bar.close(); // a failed run leaves no half-drawn bar before the error line
            }
        }
    }

    /**
     * Ctrl-C interrupts the thread that opened the guard; user code that calls {@code System.exit} instead
     * runs {@link #onUserExit} (the files are written, one line printed) and the JVM ends with
     * {@link ExitCodes#USER_EXIT}, whatever status it was given; the JVM then waits (up to 30 s) until the
     * guard is closed — after the command has written its files and printed its tables — so what
     * finished is never lost. A task that ignores the interrupt past that gets one line on stderr.
     *
     * <pre>{@code
     * try (RunSession.InterruptGuard guard = RunSession.InterruptGuard.install()) {
     *     result = session.run(…);
     *     return finish(result);
     * }
     * }</pre>
     */
    static final class InterruptGuard implements AutoCloseable {

        private static final int GRACE_SECONDS = 30;

        private final CountDownLatch commandDone = new CountDownLatch(1);
        private final Thread hook;
        /** What a user exit does: says so (before the run starts), then the session's (files, one line). */
        private volatile Consumer<String> onUserExit;

        private InterruptGuard() {
            Thread runner = Thread.currentThread();
            PrintStream stderr = System.err; // the real one: user code's is captured while the run lasts
            onUserExit = how -> stderr.println("vbench: user code called " + how + " while vbench loaded it, before any"
                    + " cell ran; exit code " + ExitCodes.USER_EXIT);
            LauncherState.running(
                    "user code ended the JVM while vbench loaded it, before any cell ran", "no cell had run");
            hook = new Thread(
                    () -> {
                        String how = UserExit.how(Thread.getAllStackTraces());
                        Consumer<String> userExit = onUserExit;
                        if (how != null && userExit != null) {
                            try {
                                userExit.accept(how);
                            } finally {
                                LauncherState.done(); // this hook told of it
                                Runtime.getRuntime()
                                        .halt(ExitCodes.USER_EXIT); // the status System.exit gave is not ours to keep
                            }
                        }
                        LauncherState.done(); // a signal ends the JVM: its status is the launcher's
                        runner.interrupt();
                        try {
                            if (!commandDone.await(GRACE_SECONDS, TimeUnit.SECONDS)) {
                                stderr.println(
                                        "vbench: a task did not return within " + GRACE_SECONDS
                                                + " s of the interrupt; stopping without the tables (the files hold every cell finished before)");
                                stderr.flush();
                            }
                            ScratchDir.removeIfEmpty(); // the run is over: its forks' files are gone with it
                        } catch (InterruptedException ignored) {
                            Thread.currentThread().interrupt();
                        }
                    },
                    "vbench-interrupt");
            Runtime.getRuntime().addShutdownHook(hook);
        }

        static InterruptGuard install() {
            return new InterruptGuard();
        }

        /** What to do, on the hook's thread, when user code (not a signal) ends the JVM: given how it did. */
        void onUserExit(Consumer<String> action) {
            this.onUserExit = action;
        }

        @Override
        public void close() {
            LauncherState.done();
            commandDone.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException ignored) {
                // the JVM is already shutting down (Ctrl-C): the hook is running
            }
        }
    }
}
