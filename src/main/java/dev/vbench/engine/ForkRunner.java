package dev.vbench.engine;

import dev.vbench.config.Defaults;
import dev.vbench.jvm.JavaCommand;
import dev.vbench.jvm.JavaProcess;
import dev.vbench.jvm.JvmTarget;
import dev.vbench.jvm.ScratchDir;
import dev.vbench.loader.JmhJit;
import dev.vbench.loader.JmhWorkload;
import dev.vbench.measure.TrialProbes;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Profile;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.result.RunSettings;
import dev.vbench.result.TableDefaults;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.WorkloadException;
import dev.vbench.stats.Summaries;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Runs the trials of one cell in fresh JVMs ({@code --forks N}), so the JIT profile, class loading and
 * heap of one cell cannot leak into the next (JMH forks for the same reason). Each fork is the same
 * java executable ({@link ProcessHandle.Info#command()}), with the same JVM options
 * ({@code RuntimeMXBean.getInputArguments()}, debugger agents left out) and the same class path,
 * running the hidden subcommand {@value #COMMAND} with three arguments: {@value #PLAN_ON_STDIN} (its
 * {@link ForkPlan}, the cell with its trials, seed, data directory and probe settings, secrets included,
 * comes as one line on its stdin, never in a file), the file to write its result to, and its fork number.
 * The fork's stdin stays open while this JVM lives: a fork whose parent is gone, even killed with
 * {@code kill -9}, sees its end and exits ({@link dev.vbench.jvm.ParentWatch}). The result, log and state
 * files are in this JVM's {@link ScratchDir}. Each fork records the same telemetry as the parent's probes. A calibration fork
 * ({@link #runCalibrationFork}) is the same child with the same plan file, which then also names its rounds. The
 * {@link Engine} runs a cell's forks and merges the trials in fork order, numbering forks from 1 (0 means "in the vbench JVM itself").
 *
 * <p>The measured trials of a cell are split across the forks (fork f of N runs ⌊T/N⌋ trials, one
 * more for the first T mod N forks); each fork runs all the warmup trials first, since each JVM
 * starts cold.
 *
 * <pre>{@code
 * ForkRunner.Fork fork = new ForkRunner(probeSettings).runFork(cellPlan, settings, dataRoot, 1, trials);
 * }</pre>
 */
public final class ForkRunner {

    /** The hidden subcommand a fork runs (see {@code app.ForkUseCase}, behind {@code cli.ForkCellCommand}). */
    public static final String COMMAND = "fork-cell";
    /** The plan argument of {@value #COMMAND} that means: the plan is the first line of stdin. */
    public static final String PLAN_ON_STDIN = "-";
    /** The class every fork starts. */
    public static final String MAIN_CLASS = "dev.vbench.Main";

    /**
     * What one fork produced.
     *
     * @param notes what the fork's workload said about its cell (its own notes, not those of the trials' summary)
     * @param status the fork's cell status: ok, or stuck, exited or failed (the cell ends with it)
     * @param ended why the cell ended early (the first note of a stuck cell, or how the fork's JVM ended); null when ok
     * @param profiles what the fork profiled of its measured trials, every stack kept; empty when not profiled
     */
    record Fork(
            long pid,
            List<TrialResult> trials,
            List<String> notes,
            CellStatus status,
            String ended,
            List<Profile> profiles,
            Map<String, String> attributes) {

        Fork(
                long pid,
                List<TrialResult> trials,
                List<String> notes,
                CellStatus status,
                String ended,
                List<Profile> profiles) {
            this(pid, trials, notes, status, ended, profiles, Map.of());
        }
    }

    /** Exit codes of vbench's own failures in a fork, which it explains in its last line ({@code vbench: …}). */
    private static final Set<Integer> VBENCH_FAILURES =
            Set.of(WorkloadException.USAGE, WorkloadException.ENVIRONMENT, 4, 130);

    private final TrialProbes.Settings probes;
    private final Duration taskTimeout;
    private final ProfileRequest profile;
    private final Path scratchDir;

    /** Forks that record what {@link TrialProbes#defaults()} records. */
    public ForkRunner() {
        this(TrialProbes.Settings.DEFAULTS);
    }

    /** @param probes what each fork records around its trials (--pinning, --pinning-threshold of the run) */
    public ForkRunner(TrialProbes.Settings probes) {
        this(probes, Defaults.TASK_TIMEOUT, ProfileRequest.OFF);
    }

    /**
     * @param taskTimeout each fork's {@code --task-timeout} (zero: off)
     * @param profile what each fork profiles of its measured trials (--profile)
     */
    public ForkRunner(TrialProbes.Settings probes, Duration taskTimeout, ProfileRequest profile) {
        this(probes, taskTimeout, profile, null);
    }

    /** @param scratchDir where the result, log and state files of a fork are made; null: this JVM's {@link ScratchDir} */
    ForkRunner(TrialProbes.Settings probes, Duration taskTimeout, ProfileRequest profile, Path scratchDir) {
        this.probes = probes;
        this.taskTimeout = taskTimeout;
        this.profile = profile;
        this.scratchDir = scratchDir;
    }

    /** Measured trials of fork {@code f} (from 1) of {@code forks}: ⌊T/N⌋, one more for the first T mod N forks. */
    static int share(int measuredTrials, int forks, int f) {
        return measuredTrials / forks + (f <= measuredTrials % forks ? 1 : 0);
    }

    /**
     * Starts one fork, waits for it, and reads the trials it wrote. The fork first writes its cell with
     * status {@code exited} ({@code fork-cell}, before any user code runs), then its real result: a fork
     * that ends with that first file still there ended inside user code (System.exit, Runtime.halt, a
     * crash), and its cell ends as {@code exited} with the fork's exit code; the run goes on.
     */
    Fork runFork(CellPlan cell, RunSettings settings, Path dataRoot, int fork, int trials)
            throws IOException, InterruptedException {
        return runFork(cell, settings, dataRoot, fork, trials, List.of());
    }

    /** {@link #runFork(CellPlan, RunSettings, Path, int, int)} with the fork's command after {@code prefix} ({@code taskset -c CPUS}). */
    Fork runFork(CellPlan cell, RunSettings settings, Path dataRoot, int fork, int trials, List<String> prefix)
            throws IOException, InterruptedException {
        String plan = ForkPlan.of(cell, settings, dataRoot, probes, trials, taskTimeout, profile)
                .toLine();
        Path resultFile = scratchFile(".json");
        Path logFile = scratchFile(".log");
        Path stateFile = scratchFile(".state");
        try {
            List<String> command = new ArrayList<>(prefix);
            command.addAll(javaCommand(cell));
            command.addAll(childArguments(resultFile, fork));
            long timeout = taskTimeout.toNanos();
            JavaProcess.Ended ended = JavaProcess.run(
                    command,
                    logFile,
                    stateFile,
                    timeout <= 0 ? null : new ForkWatch(stateFile, timeout, System::nanoTime, () -> saidWhere(logFile)),
                    TimeUnit.NANOSECONDS.toMillis(Math.max(
                            TimeUnit.MILLISECONDS.toNanos(50), Math.min(TimeUnit.SECONDS.toNanos(1), timeout / 4))),
                    plan);
            int code = ended.exitCode();
            CellResult forked = Files.size(resultFile) == 0 ? null : cellOf(ResultCodec.read(resultFile), ended);
            if (ended.killed() != null) {
                // the trials it wrote before it hung on its way out are kept; a placeholder ("exited") holds none
                boolean wrote = forked != null && forked.status() != CellStatus.EXITED;
                String where = stillRunning(ended);
                return new Fork(
                        ended.pid(),
                        wrote ? forked.trials() : List.of(),
                        List.of(),
                        CellStatus.STUCK,
                        "stuck: fork " + fork + "'s JVM " + ended.killed() + ", and was killed"
                                + (where == null ? "; last output: " + ended.lastLine() : "; " + where),
                        wrote ? forked.profiles() : List.of());
            }
            boolean inUserCode = forked != null && forked.status() == CellStatus.EXITED;
            if (inUserCode
                    && !(VBENCH_FAILURES.contains(code) && ended.lastLine().startsWith("vbench: "))) {
                return new Fork(
                        ended.pid(),
                        List.of(),
                        List.of(),
                        CellStatus.EXITED,
                        "exited: fork " + fork
                                + "'s JVM ended with exit code " + code + " while running the cell's code (System.exit,"
                                + " Runtime.halt or a crash); last output: " + ended.lastLine(),
                        List.of());
            }
            if (forked != null && forked.status() == CellStatus.FAILED) { // its code failed before its tasks ran
                return new Fork(
                        ended.pid(),
                        List.of(),
                        List.of(),
                        CellStatus.FAILED,
                        forked.notes().isEmpty()
                                ? "fork " + fork + "'s workload code failed"
                                : forked.notes().get(0),
                        List.of());
            }
            if (forked != null && forked.status() == CellStatus.STUCK) {
                return new Fork(
                        ended.pid(),
                        forked.trials(),
                        List.of(),
                        CellStatus.STUCK,
                        forked.notes().get(0),
                        forked.profiles());
            }
            if (code != 0) {
                throw new WorkloadException(
                        code == WorkloadException.USAGE ? code : WorkloadException.ENVIRONMENT,
                        "fork " + fork + " of cell " + cell.config().label() + " failed with exit code " + code + ": "
                                + ended.lastLine());
            }
            if (forked == null) {
                throw new WorkloadException(
                        WorkloadException.ENVIRONMENT,
                        "fork " + fork + " of cell " + cell.config().label() + " wrote no cell: " + ended.lastLine());
            }
            List<String> own = new ArrayList<>(forked.notes());
            own.removeAll(Summaries.notes(
                    forked.trials(),
                    TableDefaults.metric(
                            forked.config()))); // the summary's notes are recomputed over every fork's trials
            return new Fork(
                    ended.pid(), forked.trials(), own, CellStatus.OK, null, forked.profiles(), forked.attributes());
        } finally {
            Files.deleteIfExists(resultFile);
            Files.deleteIfExists(logFile);
            Files.deleteIfExists(stateFile);
        }
    }

    /** What a killed fork said of its threads with user code ({@link Watchdog#sayWhereIfStillRunning}), or null. */
    private static String stillRunning(JavaProcess.Ended ended) {
        try {
            String where = stillRunning(ended.lines());
            return where == null ? null : "threads with user code: " + where;
        } catch (IOException e) {
            return null; // the last output is quoted instead
        }
    }

    /** The last line of where a fork's threads are, after {@link Watchdog#STILL_RUNNING}, or null. */
    private static String stillRunning(List<String> lines) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            int at = lines.get(i).indexOf(Watchdog.STILL_RUNNING);
            if (lines.get(i).startsWith("vbench: ") && at >= 0) {
                return lines.get(i).substring(at + Watchdog.STILL_RUNNING.length());
            }
        }
        return null;
    }

    /** Whether the fork's output so far holds its line of where its threads are (read only once it is late). */
    private static boolean saidWhere(Path log) {
        try {
            return stillRunning(Files.readAllLines(log, StandardCharsets.UTF_8)) != null;
        } catch (IOException | UncheckedIOException e) {
            return false; // unreadable now: the extra half timeout stands
        }
    }

    /**
     * The parent's watch over a fork, from the state file the fork writes ({@link JavaProcess#STATE_FILE}):
     * while it says {@code running}, every piece of user code in the fork runs under the fork's own watchdog,
     * which ends what is stuck, and the fork is left alone. Before it (the JVM starting, vbench loading the
     * user's classes) the fork gets the task timeout and {@value #START_SECONDS} s more; once it says
     * {@code done} (its cell is written) the JVM must exit within the task timeout: a shutdown hook of the
     * workload's code that never returns, or a JVM that never got to its cell, has the fork killed. The fork
     * says where its threads are at half that timeout ({@link Watchdog#sayWhereIfStillRunning}); on a loaded
     * machine that line can come late, so a fork that has not said it yet gets half a timeout more, for the
     * cell's note to name the user's frame rather than the fork's last output.
     */
    static final class ForkWatch implements JavaProcess.Watch {

        /** What a JVM start and vbench's own loading are given on top of the task timeout. */
        static final int START_SECONDS = 30;

        private final Path stateFile;
        private final long timeoutNanos;
        private final LongSupplier clock;
        private final BooleanSupplier saidWhere;
        private String state = "";
        private long since;

        /** @param saidWhere whether the fork's output holds its line of where its threads are */
        ForkWatch(Path stateFile, long timeoutNanos, LongSupplier clock, BooleanSupplier saidWhere) {
            this.stateFile = stateFile;
            this.timeoutNanos = timeoutNanos;
            this.clock = clock;
            this.saidWhere = saidWhere;
            this.since = clock.getAsLong();
        }

        @Override
        public String verdict() {
            String now = state;
            try (BufferedReader in = Files.newBufferedReader(stateFile)) {
                String line = in.readLine();
                now = line == null ? "" : line;
            } catch (IOException e) {
                // between two writes: the state of the last poll stands
            }
            long t = clock.getAsLong();
            if (!now.equals(state)) {
                state = now;
                since = t;
            }
            long in = t - since;
            String limit = Watchdog.seconds(timeoutNanos) + ", --task-timeout";
            return switch (state) {
                case JavaProcess.RUNNING -> null;
                case JavaProcess.DONE ->
                    in >= timeoutNanos && (in >= timeoutNanos + timeoutNanos / 2 || saidWhere.getAsBoolean())
                            ? "did not exit within the task timeout (" + limit + ") after its cell ended"
                            : null;
                default ->
                    in >= timeoutNanos + TimeUnit.SECONDS.toNanos(START_SECONDS)
                            ? "did not start its cell within the task timeout (" + limit + ") and " + START_SECONDS
                                    + " s"
                            : null;
            };
        }
    }

    /**
     * Starts one calibration fork ({@code vbench calibrate --forks}) of {@code cell}: the same child and plan
     * file as a run's fork, its plan {@linkplain ForkPlan#calibrating calibrating}, and reads the rounds it
     * wrote ({@link Calibration.Rounds}). A fork that fails explains itself in its last line: a usage error
     * (the workload's tasks fail) stays one, anything else is the environment's.
     */
    List<Calibration.Round> runCalibrationFork(CellPlan cell, Path dataRoot, int fork, ForkPlan.Rounds rounds)
            throws IOException, InterruptedException {
        RunSettings settings = RunSettings.trials(0, 0).withSeed(Calibration.SEED);
        String plan = ForkPlan.of(cell, settings, dataRoot, probes, 0, taskTimeout, profile)
                .calibrating(rounds)
                .toLine();
        Path resultFile = scratchFile(".json");
        Path logFile = scratchFile(".log");
        try {
            List<String> command = new ArrayList<>(javaCommand(cell.jvm()));
            command.addAll(childArguments(resultFile, fork));
            JavaProcess.Ended ended = JavaProcess.run(command, logFile, plan);
            String last = ended.lastLine().replaceFirst("^vbench: ", "");
            if (ended.exitCode() == WorkloadException.USAGE) {
                throw WorkloadException.usage(last); // the fork's own one line (e.g. the workload's tasks fail)
            }
            List<Calibration.Round> measured = ended.exitCode() != 0 || Files.size(resultFile) == 0
                    ? List.of()
                    : ResultCodec.readRecord(
                                    Files.readString(resultFile), Calibration.Rounds.class, resultFile.toString())
                            .rounds();
            if (ended.exitCode() != 0 || measured.size() != rounds.rounds()) {
                throw new WorkloadException(
                        WorkloadException.ENVIRONMENT,
                        "a calibrate fork for " + cell.executor().spec() + " exited " + ended.exitCode() + ": " + last);
            }
            return measured;
        } finally {
            Files.deleteIfExists(resultFile);
            Files.deleteIfExists(logFile);
        }
    }

    /** The one cell of a fork's result. */
    private static CellResult cellOf(RunResult result, JavaProcess.Ended ended) {
        if (result.cells().isEmpty()) {
            throw new WorkloadException(WorkloadException.ENVIRONMENT, "a fork wrote no cell: " + ended.lastLine());
        }
        CellResult cell = result.cells().get(0);
        return cell.status() == CellStatus.STUCK && cell.notes().isEmpty()
                ? new CellResult(
                        cell.id(), cell.config(), cell.status(), cell.trials(), cell.summary(), List.of("stuck"))
                : cell;
    }

    private Path scratchFile(String suffix) throws IOException {
        return scratchDir == null
                ? ScratchDir.createTempFile("vbench-fork-", suffix)
                : Files.createTempFile(scratchDir, "vbench-fork-", suffix);
    }

    /** The arguments of {@value #COMMAND}: the plan from stdin ({@value #PLAN_ON_STDIN}), the result file and the fork number. */
    static List<String> childArguments(Path resultFile, int fork) {
        return List.of(COMMAND, PLAN_ON_STDIN, resultFile.toString(), String.valueOf(fork));
    }

    /** {@code java [the JVM options of this JVM] -cp [this class path] dev.vbench.Main}. */
    static List<String> javaCommand() {
        return javaCommand((JvmTarget) null);
    }

    /**
     * The fork's command up to the subcommand: this JVM's {@code java}, or the target's {@code java}
     * with its option set after this JVM's options ({@link JavaCommand}), then vbench's class path and main class.
     */
    static List<String> javaCommand(JvmTarget target) {
        return target == null
                ? JavaCommand.of(JavaCommand.thisJava(), List.of(), MAIN_CLASS)
                : JavaCommand.of(target.java(), target.options(), MAIN_CLASS);
    }

    /**
     * The fork's command for {@code cell}: {@link #javaCommand(JvmTarget)}, and for a JMH benchmark the options JMH
     * gives its forks ({@link JmhWorkload#forkJvmOptions()}: the Blackhole's compile commands and the benchmark's
     * compiler hints) before the target's own, on a JVM that takes HotSpot's compile commands.
     */
    static List<String> javaCommand(CellPlan cell) {
        JvmTarget target = cell.jvm();
        boolean hotSpot = JmhJit.takesCompileCommands(
                target == null || target.info() == null
                        ? System.getProperty("java.vm.name")
                        : target.info().vmName());
        if (!(cell.workload() instanceof JmhWorkload jmh) || !hotSpot) {
            return javaCommand(target);
        }
        List<String> options = new ArrayList<>(jmh.forkJvmOptions());
        if (target != null) {
            options.addAll(target.options());
        }
        return JavaCommand.of(target == null ? JavaCommand.thisJava() : target.java(), options, MAIN_CLASS);
    }
}
