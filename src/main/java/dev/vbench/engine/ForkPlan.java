package dev.vbench.engine;

import dev.vbench.config.Defaults;
import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.CodeEntry;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.ResultFormatException;
import dev.vbench.result.RunSettings;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fork protocol: everything a fork ({@code vbench run --forks N}) runs, written by the parent
 * ({@link ForkRunner}) as one line of JSON to the fork's stdin — parameters may hold a password, so
 * the plan is never written to a file. The child command needs only this line, the file to write its
 * result to and its fork number; it rebuilds the cell through the planner, so a fork runs exactly
 * what the parent planned and no option list is kept in step by hand on two sides. A new fact a fork
 * needs (a class path, a JVM) is a new component here.
 *
 * <pre>{@code
 * String line = ForkPlan.of(cell, settings, dataRoot, probes, 3).toLine();
 * ForkPlan plan = ForkPlan.fromLine(line);
 * }</pre>
 *
 * @param cell the cell, parameters unredacted
 * @param warmupTrials warmup trials the fork runs first (each fork starts cold)
 * @param measuredTrials this fork's share of the cell's measured trials
 * @param seed seed for generated inputs
 * @param dataRoot absolute root of the input cache
 * @param pinning whether JFR pinning events are recorded ({@code --pinning})
 * @param pinningThresholdNanos shortest pinned park counted ({@code --pinning-threshold})
 * @param classPath the user's code ({@code --classpath}): absolute class path entries, each checked
 *     by its SHA-256 in the parent's result ({@link RunSettings#code()}); empty for built-ins only
 * @param taskTimeoutNanos the parent's {@code --task-timeout}, 0 = off
 * @param profile what the fork profiles of its measured trials ({@code --profile}); off when absent
 * @param calibrate present when the fork calibrates ({@code vbench calibrate --forks}) instead of running
 *     trials: its rounds, measured by {@link Calibration} and written as {@link Calibration.Rounds}; null for a run's fork
 */
public record ForkPlan(
        Cell cell,
        int warmupTrials,
        int measuredTrials,
        long seed,
        String dataRoot,
        boolean pinning,
        long pinningThresholdNanos,
        List<String> classPath,
        long taskTimeoutNanos,
        ProfileRequest profile,
        Rounds calibrate) {

    public ForkPlan {
        if (cell == null || dataRoot == null) {
            throw new IllegalArgumentException("a fork plan needs a cell and a data root");
        }
        classPath = classPath == null ? List.of() : List.copyOf(classPath);
        profile = profile == null ? ProfileRequest.OFF : profile;
    }

    /**
     * The rounds of a calibration fork.
     *
     * @param warmupRounds rounds before the measured ones
     * @param rounds measured rounds
     */
    public record Rounds(int warmupRounds, int rounds) {}

    /** This plan as a calibration fork's: it measures {@code rounds} of its cell instead of running trials. */
    public ForkPlan calibrating(Rounds rounds) {
        return new ForkPlan(
                cell,
                warmupTrials,
                measuredTrials,
                seed,
                dataRoot,
                pinning,
                pinningThresholdNanos,
                classPath,
                taskTimeoutNanos,
                profile,
                rounds);
    }

    /** What a calibration fork measures: its rounds, its probes and what it profiles. */
    public Calibration.Settings calibration() {
        return new Calibration.Settings(calibrate.warmupRounds(), calibrate.rounds(), probes(), profile);
    }

    /**
     * One cell's facts: what {@code CellConfig} records, with the parameters as given (secrets included).
     *
     * @param id the cell's id in the parent's run
     * @param workload workload name
     * @param params every parameter as given, unredacted
     * @param executor executor spec {@code NAME[:key=value,…]}
     * @param tasks tasks per trial (0 for a window)
     * @param concurrency maximum tasks in flight, 0 = unlimited
     * @param durationNanos trial window, 0 when a count ends the trial
     * @param ratePerSecond open-model rate, 0 for the closed model
     * @param timeoutNanos open-model deadline, 0 = none
     * @param batch calls per task ({@code --batch}); 0 or 1 = one
     */
    public record Cell(
            String id,
            String workload,
            Map<String, String> params,
            String executor,
            long tasks,
            int concurrency,
            long durationNanos,
            double ratePerSecond,
            long timeoutNanos,
            int batch) {

        /** The load shape these facts describe. */
        public LoadShape load() {
            return LoadShape.of(tasks, concurrency, durationNanos, ratePerSecond, timeoutNanos);
        }
    }

    /** The plan of one fork of {@code cell} that runs {@code trials} measured trials. */
    public static ForkPlan of(
            CellPlan cell, RunSettings settings, Path dataRoot, TrialProbes.Settings probes, int trials) {
        return of(cell, settings, dataRoot, probes, trials, Defaults.TASK_TIMEOUT, ProfileRequest.OFF);
    }

    /** As above, with the run's {@code --task-timeout} (zero: off) and what each fork profiles ({@code --profile}). */
    public static ForkPlan of(
            CellPlan cell,
            RunSettings settings,
            Path dataRoot,
            TrialProbes.Settings probes,
            int trials,
            Duration taskTimeout,
            ProfileRequest profile) {
        LoadShape load = cell.load();
        Cell c = new Cell(
                cell.id(),
                cell.workload().name(),
                new TreeMap<>(cell.params().unredactedText()),
                cell.executor().spec(),
                load.tasks(),
                load.concurrency(),
                load.durationNanos(),
                load.ratePerSecond(),
                load.timeoutNanos(),
                cell.batch());
        // The user's code: the same class path entries, resolved against the same working directory; a
        // compiled source file (-w Bench.java) is found again by the workload reference itself.
        List<String> classPath = cell.build() != null && cell.build().forks()
                ? cell.build().classPath()
                : settings.code().stream()
                        .filter(e -> !CodeEntry.SOURCE.equals(e.kind()))
                        .map(e -> Path.of(e.path()).toAbsolutePath().toString())
                        .toList();
        return new ForkPlan(
                c,
                settings.warmupTrials(),
                trials,
                settings.seed(),
                dataRoot.toAbsolutePath().toString(),
                probes.pinning(),
                probes.pinningThreshold().toNanos(),
                classPath,
                taskTimeout.toNanos(),
                profile,
                null);
    }

    /** The parent's {@code --task-timeout}. */
    public Duration taskTimeout() {
        return Duration.ofNanos(taskTimeoutNanos);
    }

    /** The probes the parent records with. */
    public TrialProbes.Settings probes() {
        return new TrialProbes.Settings(pinning, Duration.ofNanos(pinningThresholdNanos));
    }

    /** The run settings of the fork: its warmup and its share of trials, in this JVM (no further forks). */
    public RunSettings settings() {
        return RunSettings.trials(warmupTrials, measuredTrials).withSeed(seed);
    }

    /** {@link #classPath} as {@code --classpath} takes it. */
    public String classPathText() {
        return String.join(File.pathSeparator, classPath);
    }

    /**
     * This plan as one line of JSON: what the parent writes to the fork's stdin ({@link ForkRunner}), so that
     * no file holds its secrets.
     */
    public String toLine() {
        return ResultCodec.write(this, false);
    }

    /**
     * Reads a plan written by {@link #toLine()}.
     *
     * @throws ResultFormatException when {@code line} is not one
     */
    public static ForkPlan fromLine(String line) {
        return ResultCodec.readRecord(line, ForkPlan.class, "the fork plan");
    }
}
