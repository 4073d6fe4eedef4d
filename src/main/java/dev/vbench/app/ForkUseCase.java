package dev.vbench.app;

import dev.vbench.engine.Calibration;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.ForkPlan;
import dev.vbench.engine.ForkRunner;
import dev.vbench.engine.RunPlan;
import dev.vbench.engine.Watchdog;
import dev.vbench.jvm.ParentWatch;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Planner;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.ResultFormatException;
import dev.vbench.result.RunResult;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The child side of {@code vbench run --forks N}: reads the {@link ForkPlan} the parent
 * ({@link ForkRunner}) sent on its stdin, runs that cell's warmup and measured trials in this JVM and writes
 * them as a vbench result file; a calibration fork ({@code vbench calibrate --forks}) measures the rounds its
 * plan names instead ({@link Calibration}) and writes them. The plan is the whole protocol.
 *
 * <pre>{@code
 * int code = ForkUseCase.runCell("-", Path.of(resultFile), 1, version, err); // the plan on stdin
 * }</pre>
 */
public final class ForkUseCase {

    private final Path out;
    private final int fork;
    private final String version;
    private final PrintWriter err;

    private ForkUseCase(Path out, int fork, String version, PrintWriter err) {
        this.out = out;
        this.fork = fork;
        this.version = version;
        this.err = err;
    }

    /**
     * Runs the cell of the plan in {@code plan} and writes its trials to {@code out}.
     *
     * @param plan {@value ForkRunner#PLAN_ON_STDIN}: the first line of stdin, as the parent sends it (this JVM
     *     then exits when the rest of stdin ends: the parent is gone); else a plan file written by hand
     * @param fork this fork's number, from 1
     * @return the exit code the parent reads: 0, {@link ExitCodes#STUCK} or {@link ExitCodes#INTERRUPTED}
     */
    public static int runCell(String plan, Path out, int fork, String version, PrintWriter err) throws Exception {
        return new ForkUseCase(out, fork, version, err).call(plan);
    }

    /**
     * The command line the parent starts a fork with: {@code fork-cell - RESULT FORK} (the plan on stdin).
     *
     * @param result where the trials go
     * @param fork this fork's number, from 1
     */
    public record ParentCall(Path result, int fork) {

        /** The call {@code args} make when they have exactly the parent's shape ({@link ForkRunner}); else null. */
        public static ParentCall of(String... args) {
            if (args.length != 4
                    || !args[0].equals(ForkRunner.COMMAND)
                    || !args[1].equals(ForkRunner.PLAN_ON_STDIN)
                    || args[2].isEmpty()
                    || args[2].startsWith("-")
                    || !args[3].matches("[1-9][0-9]{0,8}")) {
                return null;
            }
            return new ParentCall(Path.of(args[2]), Integer.parseInt(args[3]));
        }

        /** {@link #runCell} with the plan on stdin. */
        public int run(String version, PrintWriter err) throws Exception {
            return runCell(ForkRunner.PLAN_ON_STDIN, result, fork, version, err);
        }
    }

    private int call(String planArgument) throws Exception {
        ForkPlan plan = ForkRunner.PLAN_ON_STDIN.equals(planArgument) ? fromParent() : read(Path.of(planArgument));
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        UserCode code;
        try {
            code = UserCode.open(plan.classPathText(), Path.of(""), Path.of(plan.dataRoot()), note -> {}, note -> {});
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        try (code) {
            thread.setContextClassLoader(code.loader()); // as the parent: JDBC drivers, ServiceLoader in user code
            return runCell(plan, code);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    private int runCell(ForkPlan plan, UserCode code) throws Exception {
        ForkPlan.Cell c = plan.cell();
        CellPlan cell =
                Planner.cell(code, c.id(), c.workload(), c.params(), c.executor(), c.load(), Math.max(1, c.batch()));
        StderrWarnings warnings = new StderrWarnings(err);
        if (plan.calibrate() != null) { // a calibration fork: its rounds instead of trials
            List<Calibration.Round> rounds = new Calibration(plan.calibration(), warnings::warning)
                    .measure(List.of(cell), Path.of(plan.dataRoot()))
                    .get(0);
            OutputFiles.writeAtomically(out, ResultCodec.write(new Calibration.Rounds(rounds), true));
            return ExitCodes.OK;
        }
        TrialProbes.Settings probes = plan.probes();
        TrialProbes trialProbes = TrialProbes.standard(probes.pinning(), probes.pinningThreshold(), warnings::warning);
        Environment environment =
                EnvironmentProbe.capture(version, "vbench " + ForkRunner.COMMAND + " (fork " + fork + ")");
        RunPlan run = new RunPlan(List.of(cell), plan.settings(), Path.of(plan.dataRoot()));
        // First the cell as "exited": what the parent finds if user code ends this JVM before the real result
        OutputFiles.writeAtomically(
                out,
                ResultCodec.toJson(new RunResult(
                        RunResult.SCHEMA,
                        environment,
                        plan.settings(),
                        List.of(new CellResult(
                                cell.id(), cell.config(), CellStatus.EXITED, List.of(), Map.of(), List.of())))));
        // From here every piece of user code runs under this JVM's watchdog; the parent kills it when it does not
        // exit within the task timeout once done
        LauncherState.running("fork " + fork, "");
        RunResult result = new Engine(NanoClock.SYSTEM, trialProbes, plan.taskTimeout(), plan.profile())
                .run(run, environment, warnings);
        OutputFiles.writeAtomically(out, ResultCodec.toJson(result));
        LauncherState.done();
        Watchdog.sayWhereIfStillRunning(plan.taskTimeout(), line -> {
            err.println("vbench: " + line);
            err.flush();
        });
        if (result.cells().stream().anyMatch(r -> r.status() == CellStatus.STUCK)) {
            return ExitCodes.STUCK; // the parent reads the cell; this JVM ends, and with it any abandoned task
        }
        if (result.cells().stream().anyMatch(r -> r.status() == CellStatus.FAILED)) {
            return ExitCodes.USAGE; // the parent reads the failed cell and its note, and runs the other cells
        }
        boolean interrupted = result.cells().stream().anyMatch(r -> r.status() != CellStatus.OK);
        return interrupted ? ExitCodes.INTERRUPTED : ExitCodes.OK;
    }

    private static ForkPlan read(Path file) {
        try {
            return ForkPlan.fromLine(Files.readString(file));
        } catch (IOException | ResultFormatException e) {
            throw new UsageException(file + " is not a fork plan ("
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                    + "); this command is run by 'vbench run --forks', not by hand");
        }
    }

    /**
     * The plan the parent sent as the first line of stdin. The parent holds the pipe open while it lives: its
     * end (the parent exited, or was killed) ends this JVM as a signal would ({@link ParentWatch}). User code
     * gets an empty stdin.
     */
    private static ForkPlan fromParent() throws IOException {
        InputStream in = new BufferedInputStream(new FileInputStream(FileDescriptor.in));
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b >= 0 && b != '\n'; b = in.read()) {
            line.write(b);
        }
        System.setIn(InputStream.nullInputStream());
        ParentWatch.untilEndOf(in, () -> ParentWatch.exit(ExitCodes.INTERRUPTED, ParentWatch.FORK_EXIT_GRACE));
        try {
            return ForkPlan.fromLine(line.toString(StandardCharsets.UTF_8));
        } catch (ResultFormatException e) {
            throw new UsageException("stdin holds no fork plan ("
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse("")
                    + "); this command is run by 'vbench run --forks', not by hand");
        }
    }
}
