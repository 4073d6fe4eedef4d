package dev.vbench.app;

import dev.vbench.compare.Slo;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.Duet;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunPlan;
import dev.vbench.engine.TrialOrder;
import dev.vbench.engine.TrialRunner;
import dev.vbench.jvm.JvmException;
import dev.vbench.jvm.JvmOptionSet;
import dev.vbench.jvm.JvmSpec;
import dev.vbench.jvm.JvmTarget;
import dev.vbench.jvm.ScratchDir;
import dev.vbench.loader.UserCode;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.plan.MatrixRequest;
import dev.vbench.plan.Plan;
import dev.vbench.plan.PlanRequest;
import dev.vbench.plan.Planner;
import dev.vbench.plan.Shards;
import dev.vbench.plan.TrialOptions;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.report.Format;
import dev.vbench.report.ReportOptions;
import dev.vbench.report.ci.GitHubMarkdown;
import dev.vbench.result.CellResult;
import dev.vbench.result.CellStatus;
import dev.vbench.result.Environment;
import dev.vbench.result.FailureCauses;
import dev.vbench.result.RunResult;
import dev.vbench.result.Sharding;
import dev.vbench.spi.Redactor;
import dev.vbench.suite.SuiteSpec;
import dev.vbench.text.Numbers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The {@code vbench run} use case: request → plan (this shard's slice) → checks → run ({@link RunSession}:
 * engine, progress, Ctrl-C and user exits) → files and stdout → the exit code, then the history. The
 * one header line, notes and warnings go to {@code err}; tables and {@code -o -} to {@code out}.
 *
 * <pre>{@code
 * RunOutcome o = RunUseCase.run(RunRequest.of(RunRequest.Matrix.of("noop", List.of("virtual"))), out, err);
 * double median = o.result().cells().get(0).summary(Metric.MAKESPAN).median();
 * }</pre>
 */
public final class RunUseCase {

    /** Distinct causes of failed tasks shown on stderr; the JSON result keeps up to five per trial. */
    private static final int FAILURE_CAUSES_SHOWN = 3;

    private final RunRequest request;
    private final PrintWriter out;
    private final PrintWriter err;

    private RunUseCase(RunRequest request, PrintWriter out, PrintWriter err) {
        this.request = request;
        this.out = out;
        this.err = err;
    }

    /**
     * Runs {@code request}.
     *
     * @throws UsageException for a request the planner or the checks refuse (one line naming the fix)
     * @throws EnvironmentException when a cell cannot fit the heap, or a file cannot be written
     */
    public static RunOutcome run(RunRequest request, PrintWriter out, PrintWriter err) throws Exception {
        return new RunUseCase(request, out, err).call();
    }

    private RunOutcome call() throws Exception {
        checkOptions();
        try {
            ScratchDir.get(); // made now, removing what killed runs left in the temporary directory
        } catch (IOException e) {
            // made when a file is first needed, which then says why it cannot be
        }
        Thread thread = Thread.currentThread();
        ClassLoader previous = thread.getContextClassLoader();
        RunRequest.Trials t = request.trials();
        // the guard from the first line of user code on: a provider's constructor may call System.exit too
        try (RunSession.InterruptGuard guard = RunSession.InterruptGuard.install();
                UserCode code = openCode(t.dataDir() != null ? t.dataDir() : DataDirs.defaultRoot())) {
            thread.setContextClassLoader(code.loader()); // JDBC drivers, ServiceLoader.load(X) in workload code
            return run(code, guard);
        } finally {
            thread.setContextClassLoader(previous);
        }
    }

    /** The user's code: {@link RunRequest#classPath()}, compiled sources cached under {@code cacheRoot}. */
    private UserCode openCode(Path cacheRoot) {
        try {
            return UserCode.open(request.classPath(), Path.of(""), cacheRoot, this::note, note -> {
                if (request.outputs().verbose()) {
                    note(note);
                }
            });
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    private void note(String note) {
        if (!request.outputs().quiet()) {
            err.println("vbench: " + note);
            err.flush();
        }
    }

    /** Request → plan (this shard's slice) → run → outputs. */
    private RunOutcome run(UserCode code, RunSession.InterruptGuard guard) throws Exception {
        RunRequest.Outputs o = request.outputs();
        ShardOption sharded = request.shard() == null ? null : ShardOption.resolve(request.shard(), System.getenv());
        Plan whole;
        try (Builds builds = Builds.open(request.matrix().builds(), request.classPath(), this::note)) {
            whole = Planner.plan(planRequest(), code, builds.codes());
        }
        Plan plan = sharded == null ? whole : Shards.slice(whole, sharded.shard());
        checkDuet(whole);
        if (request.dryRun()) {
            PlanPrinter.print(out, whole, sharded);
            PlannedPower.warnings(
                            whole, EnvironmentProbe.capture(request.version(), request.commandLine()), reportOptions())
                    .forEach(w -> out.println("warning: " + w));
            out.flush();
            return new RunOutcome(null, ExitCodes.OK);
        }
        checkHeap(plan, Runtime.getRuntime().maxMemory());
        request.history().validate(sharded != null, System.getenv());
        try (RunOutputs files = RunOutputs.parse(o.files(), o.format(), o.quiet())) {
            files.checkSpace(plan.runs().stream()
                    .mapToLong(r -> (long) r.cells().size() * r.settings().measuredTrials())
                    .sum());
            o.ci().checkWritable();
            ReportOptions reportOptions = reportOptions();
            Environment environment = EnvironmentProbe.capture(request.version(), request.commandLine());
            if (sharded != null && !o.quiet()) {
                err.println("vbench: shard " + sharded.shard() + " from " + sharded.source() + ": "
                        + plan.cells().size() + " of " + whole.cells().size() + " cell(s) of plan "
                        + whole.fingerprint());
            }
            header(plan);
            if (!o.quiet() && noiseBand().note() != null) {
                err.println("vbench: " + noiseBand().note());
            }
            if (!o.quiet()) {
                PlannedPower.warnings(plan, environment, reportOptions)
                        .forEach(w -> err.println("vbench: warning: " + w));
                err.flush();
            }
            RunRequest.Probes p = request.probes();
            RunSession session = new RunSession(
                    err,
                    o.quiet(),
                    o.noProgress(),
                    p.pinning(),
                    p.pinningThreshold(),
                    p.taskTimeout(),
                    profileRequest());
            RunResult result = session.run(
                    plan,
                    environment,
                    files,
                    reportOptions,
                    sharded == null ? null : sharding(whole, plan, sharded, environment),
                    guard,
                    out);
            int exit = finish(plan.suite(), files, result, reportOptions);
            publish(result, reportOptions);
            if (!o.quiet() && !"1".equals(System.getenv(RunConditions.OFF))) {
                RunConditions.warnings(result, reportOptions).forEach(w -> err.println("vbench: warning: " + w));
                err.flush();
            }
            exit = request.history()
                    .storeRun(result, exit, err, o.quiet()); // after the files: they never wait on the store
            return new RunOutcome(result, exit);
        }
    }

    /** {@code --duet}: every row of the plan two forked columns, on CPUs that split in two, with taskset; else one line. */
    private static void checkDuet(Plan plan) {
        for (RunPlan run : plan.runs()) {
            if (!"duet".equals(run.settings().order())) {
                continue;
            }
            try {
                Duet.of(run.cells(), run.settings().forks(), Duet.allowedCpus(), Duet::onPath);
            } catch (Duet.Refused e) {
                throw e.environment()
                        ? new EnvironmentException(e.getMessage(), e)
                        : new UsageException(e.getMessage(), e);
            }
        }
    }

    /** What a shard's result records: the whole plan's fingerprint and cells, and this shard's. */
    private static Sharding sharding(Plan whole, Plan slice, ShardOption sharded, Environment environment) {
        return new Sharding(
                whole.fingerprint(),
                sharded.shard().count(),
                whole.cells().stream().map(CellPlan::id).toList(),
                List.of(new Sharding.Shard(
                        sharded.shard().index(),
                        environment.hostName(),
                        environment.startTime(),
                        slice.cells().stream().map(CellPlan::id).toList())));
    }

    /** The request as the planner takes it. */
    public static PlanRequest planRequest(RunRequest request) {
        RunRequest.Matrix m = request.matrix();
        MatrixRequest matrix = new MatrixRequest(
                m.workload(),
                Planner.sweeps(m.params()),
                m.executors(),
                m.tasks(),
                m.concurrency(),
                m.duration(),
                m.rates(),
                m.timeout());
        try {
            matrix = matrix.withJvms(
                    m.jvms().stream().map(JvmSpec::parse).toList(),
                    m.jvmArgs().stream().map(JvmOptionSet::parse).toList());
        } catch (JvmException e) {
            throw new UsageException(e.getMessage(), e);
        }
        RunRequest.Trials t = request.trials();
        TrialOrder trialOrder = t.order() == null ? null : TrialOrder.parse(t.order());
        if (t.order() != null && trialOrder == null) {
            throw new UsageException(
                    "--order " + t.order() + " is not an order; use interleaved, grouped, random or duet");
        }
        return new PlanRequest(
                request.suiteFile(),
                request.scale(),
                matrix,
                new TrialOptions(
                                t.warmup(),
                                t.measured(),
                                t.forks(),
                                t.seed(),
                                t.dataDir(),
                                trialOrder,
                                (int) t.batch(),
                                t.auto())
                        .withFanout(t.fanout()));
    }

    private PlanRequest planRequest() {
        return planRequest(request);
    }

    /** What the planner does not see: the options of the outputs and of the exit code. */
    private void checkOptions() {
        String slo = request.outputs().slo();
        if (slo != null && request.suiteFile() != null) {
            throw new UsageException(
                    "--slo picks the best level of a --concurrency sweep in run tables, and a suite prints"
                            + " its own tables; drop --slo or run one experiment with -w/-e/-p and --concurrency");
        }
        parseSlo();
        if (slo != null && request.matrix().concurrency().size() < 2) {
            throw new UsageException("--slo picks the best level of a concurrency sweep; add a list such as"
                    + " --concurrency 1,4,16,64");
        }
    }

    /**
     * Refuses, before anything runs, a cell whose task slots alone are more than the max heap of the
     * JVM it runs on (this one, which forks inherit, or its {@code --jvm}/{@code --jvm-args} target):
     * it could only end in an out-of-memory error after the cells before it. Timed trials grow their
     * slots as they go; a heap that is tight rather than too small is caught when it runs out.
     *
     * @throws EnvironmentException naming the cell, the sizes and the fix
     */
    public static void checkHeap(Plan plan, long maxHeapBytes) {
        for (CellPlan cell : plan.cells()) {
            boolean here = cell.jvm() == null || cell.jvm().info() == null; // this JVM, or forks of it
            long heap = here ? maxHeapBytes : cell.jvm().info().maxHeapBytes();
            long slots = cell.tasks() * TrialRunner.slotBytesPerTask();
            if (heap > 0 && slots > heap) {
                throw new EnvironmentException(
                        "cell " + cell.config().label() + " preallocates " + Numbers.bytes(slots)
                                + " of task slots per trial, more than the " + Numbers.bytes(heap)
                                + " max heap of "
                                + (here
                                        ? "this JVM; give it more with VBENCH_JAVA_OPTS="
                                        : "JVM " + cell.jvm().label() + "; give it more with ")
                                + Heap.option(2 * slots)
                                + (here ? "" : " in its --jvm-args") + ", or run fewer tasks and more --trials",
                        null);
            }
        }
    }

    /** Without --metric, the tables show the default of the cells' load shape ({@link dev.vbench.result.TableDefaults}). */
    private ReportOptions reportOptions() {
        RunRequest.Outputs o = request.outputs();
        return new ReportOptions(
                o.metric(), o.verbose(), o.metric(), parseSlo(), noiseBand().fraction());
    }

    private NoiseBands.Band band;

    /** {@code --noise-band}: a percentage, or the floor {@code vbench noise} measured on this testbed; resolved once. */
    private NoiseBands.Band noiseBand() {
        if (band == null) {
            band = NoiseBands.resolve(
                    "--noise-band",
                    request.outputs().noiseBand(),
                    request.history().url(),
                    request.history().testbed(),
                    NoiseBands.hostName());
        }
        return band;
    }

    /** What {@code --profile}, {@code --profiler} and {@code --profile-interval} ask for. */
    private ProfileRequest profileRequest() {
        RunRequest.Probes p = request.probes();
        if (p.profileEvents().isEmpty()) {
            return ProfileRequest.OFF;
        }
        return new ProfileRequest(
                p.profileEvents(),
                ProfileRequest.Profiler.valueOf(p.profiler().toUpperCase(Locale.ROOT)),
                p.profileInterval().toNanos());
    }

    /** The one header line on stderr: what runs, how often, and how to stop it. */
    private void header(Plan plan) {
        if (request.outputs().quiet()) {
            return;
        }
        RunPlan first = plan.first();
        err.println("vbench: "
                + (plan.suite() == null
                        ? ""
                        : "suite " + plan.suite().suite() + " ("
                                + plan.scale().name().toLowerCase(Locale.ROOT) + "): ")
                + plan.cells().size() + " cell(s) × ("
                + first.settings().warmupTrials() + " warmup + "
                + first.settings().measuredTrials() + " measured trials)"
                + (first.settings().forks() > 0 ? " in " + first.settings().forks() + " fork(s) each" : "")
                + (plan.suite() == null ? loadHeader(first) : "")
                + jvmHeader(plan)
                + estimateHeader(plan)
                + (Terminals.interactive() ? "; Ctrl-C stops and keeps finished cells" : ""));
        plan.notes().forEach(note -> err.println("vbench: " + note));
        ProfileRequest profile = profileRequest();
        if (profile.on()) {
            err.println("vbench: profiling "
                    + String.join(
                            ",",
                            profile.events().stream().map(ProfileEvent::key).toList())
                    + " in the measured trials"
                    + (profile.has(ProfileEvent.TASKS) ? "; tasks: vbench's task sampler" : "")
                    + (profile.jvmEvents().isEmpty()
                            ? ""
                            : "; "
                                    + String.join(
                                            ",",
                                            profile.jvmEvents().stream()
                                                    .map(ProfileEvent::key)
                                                    .toList()) + ": "
                                    + switch (profile.profiler()) {
                                        case AUTO -> "async-profiler, or JFR where it cannot load";
                                        case ASYNC -> "async-profiler (--profiler async), or JFR where it cannot load";
                                        case JFR -> "JFR (--profiler jfr)";
                                    }));
        }
        err.flush();
    }

    /**
     * "; estimate 12 s" where every cell's time can be told before it runs (a window, a rate, a duration parameter:
     * {@link RunEta}), else "" (the progress bar's ETA follows the first trials).
     */
    private static String estimateHeader(Plan plan) {
        OptionalDouble total = RunEta.of(plan).totalNanos();
        return total.isPresent() ? "; estimate " + Numbers.elapsed(total.getAsDouble() / 1e9) : "";
    }

    /**
     * "; JVMs j21 (21.0.8 /opt/jdk-21), j25 (…); order interleaved" for a run with JVMs as an axis;
     * "; order grouped" for a run in another order than the default; else "".
     */
    private static String jvmHeader(Plan plan) {
        Map<String, JvmTarget> targets = new LinkedHashMap<>();
        plan.cells().stream()
                .filter(c -> c.jvm() != null && c.jvm().label() != null)
                .forEach(c -> targets.putIfAbsent(c.jvm().label(), c.jvm()));
        String order = Objects.requireNonNullElse(plan.first().settings().order(), TrialOrder.DEFAULT.key());
        String own = executorJvms(plan);
        if (targets.isEmpty()) {
            return own + (order.equals(TrialOrder.DEFAULT.key()) ? "" : "; order " + order);
        }
        List<String> parts = new ArrayList<>();
        targets.values()
                .forEach(t -> parts.add(
                        t.label() + " (" + t.info().version() + " " + t.info().javaHome()
                                + (t.info().options().isEmpty()
                                        ? ""
                                        : " " + String.join(" ", t.info().options())) + ")"));
        return "; JVMs " + String.join(", ", parts) + own + "; order " + order;
    }

    /**
     * "; in forks with the JVM options their executor needs: virtual:parallelism=1 (-Djdk…=1), …" for the
     * cells whose executor needs a JVM started for it, else "".
     */
    private static String executorJvms(Plan plan) {
        Map<String, String> needs = new LinkedHashMap<>();
        plan.cells().stream()
                .filter(c -> c.executor().jvmNeeds().any())
                .forEach(c -> needs.putIfAbsent(
                        c.executor().spec(),
                        String.join(" ", c.executor().jvmNeeds().options())));
        if (needs.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        needs.forEach((spec, options) -> parts.add(spec + " (" + options + ")"));
        return "; in forks with the JVM options their executor needs: " + String.join(", ", parts);
    }

    /** The report as the job summary ({@code --ci github}) and the comment file ({@code --comment-file}). */
    private void publish(RunResult result, ReportOptions reportOptions) {
        Ci ci = request.outputs().ci();
        if (!ci.github() && ci.commentFile() == null) {
            return;
        }
        String markdown = Format.MARKDOWN.exporter(reportOptions).render(result);
        Ci.Published published = ci.publishMarkdown(
                budget -> GitHubMarkdown.runSummary(markdown, budget), GitHubMarkdown.runComment(markdown));
        published.warnings().forEach(w -> err.println("vbench: warning: " + w));
        err.flush();
    }

    /** Writes the files a last time, prints stdout and returns the exit code. */
    private int finish(SuiteSpec suite, RunOutputs files, RunResult result, ReportOptions reportOptions) {
        Format chosen = request.outputs().format();
        if (suite != null && (chosen == null || chosen == Format.CONSOLE || chosen == Format.MARKDOWN)) {
            files.writeFiles(result, reportOptions);
            if (!(request.outputs().quiet() && files.anyFile())) {
                // the result carries the suite's tables (RunResult.suite), as vbench report reads them
                out.print((chosen == Format.MARKDOWN ? Format.MARKDOWN : Format.CONSOLE)
                        .exporter(reportOptions)
                        .render(result));
                out.flush();
            }
            return exitCode(result);
        }
        files.finish(out, result, reportOptions);
        return exitCode(result);
    }

    private int exitCode(RunResult result) {
        long failures = result.cells().stream().mapToLong(CellResult::failures).sum();
        boolean interrupted = result.cells().stream().anyMatch(c -> c.status() == CellStatus.INTERRUPTED);
        if (interrupted) {
            err.println("vbench: interrupted; finished cells were kept");
            return ExitCodes.INTERRUPTED;
        }
        List<CellResult> exited = result.cells().stream()
                .filter(c -> c.status() == CellStatus.EXITED)
                .toList();
        if (!exited.isEmpty()) {
            CellResult c = exited.get(0);
            err.println("vbench: workload " + c.config().workload() + " ended the JVM in cell " + c.id() + ": "
                    + firstNote(c).replaceFirst("^exited: ", "")
                    + (exited.size() > 1 ? " (" + exited.size() + " cells exited; see their notes)" : "")
                    + "; the other cells were kept");
            return ExitCodes.USER_EXIT;
        }
        List<CellResult> stuck = result.cells().stream()
                .filter(c -> c.status() == CellStatus.STUCK)
                .toList();
        if (!stuck.isEmpty()) {
            CellResult c = stuck.get(0);
            err.println("vbench: cell " + c.id() + " of workload " + c.config().workload() + " got stuck: "
                    + firstNote(c).replaceFirst("^stuck: ", "")
                    + (stuck.size() > 1 ? " (" + stuck.size() + " cells stuck; see their notes)" : "")
                    + (stuck.size() < result.cells().size() ? "; the other cells ran" : ""));
            return ExitCodes.STUCK;
        }
        CellResult failed = result.cells().stream()
                .filter(c -> c.status() == CellStatus.FAILED)
                .findFirst()
                .orElse(null);
        if (failed != null) {
            long count = result.cells().stream()
                    .filter(c -> c.status() == CellStatus.FAILED)
                    .count();
            err.println("vbench: "
                    + (failed.notes().isEmpty()
                            ? "cell " + failed.id() + " failed"
                            : failed.notes().get(0))
                    + (count == result.cells().size()
                            ? (count > 1 ? " (all " + count + " cells failed)" : "")
                            : count > 1 ? " (" + count + " cells failed; the others ran and were kept)" : ""));
            return ExitCodes.FAILED; // the code under test failed outside its tasks: WorkloadException.codeFailed
        }
        String closeFailed = result.cells().stream()
                .flatMap(c -> c.notes().stream())
                .filter(n -> n.startsWith(Engine.CLOSE_FAILED))
                .findFirst()
                .orElse(null);
        if (closeFailed != null) {
            err.println("vbench: " + closeFailed.substring(Engine.CLOSE_FAILED.length()) + " (the trials were kept)");
            return ExitCodes.FAILED; // the workload's close failed after its trials
        }
        long maxFailures = request.trials().maxFailures();
        if (failures > maxFailures) {
            err.println("vbench: " + failures + " task(s) failed (more than --max-failures " + maxFailures + "):");
            printFailureCauses(result);
            return ExitCodes.FAILED;
        }
        return ExitCodes.OK;
    }

    /** The first distinct causes of the failed tasks, counted, one line each (secrets redacted, as every shown text). */
    private void printFailureCauses(RunResult result) {
        FailureCauses.ofCells(result.cells())
                .lines(FAILURE_CAUSES_SHOWN)
                .forEach(line -> err.println("vbench:   " + Redactor.redact(line)));
    }

    private static String firstNote(CellResult c) {
        return c.notes().isEmpty() ? c.status().key() : c.notes().get(0);
    }

    private Slo parseSlo() {
        return slo(request.outputs().slo());
    }

    /**
     * {@code --slo}'s text as an {@link Slo}, null when not given; of {@code run} and {@code report}.
     *
     * @throws UsageException naming the fix, for text that is no objective
     */
    static Slo slo(String text) {
        try {
            return text == null ? null : Slo.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** What ends a trial, for the header line: the default task count, a window, a rate. */
    private String loadHeader(RunPlan plan) {
        if (plan.cells().isEmpty()) {
            return ""; // a shard with no cells of this part
        }
        CellPlan first = plan.cells().get(0);
        if (first.load().durationNanos() > 0 || first.load().ratePerSecond() > 0) {
            return ", " + first.config().loadText().replaceAll(" ?concurrency=\\d+", "")
                    + (plan.cells().stream()
                                    .anyMatch(c -> c.load().ratePerSecond()
                                            != first.load().ratePerSecond())
                            ? " (rate swept)"
                            : "");
        }
        return request.matrix().tasks().isEmpty() ? ", tasks " + first.tasks() + " (default)" : "";
    }
}
