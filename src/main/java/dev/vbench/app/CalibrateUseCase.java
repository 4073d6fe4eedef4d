package dev.vbench.app;

import dev.vbench.config.Defaults;
import dev.vbench.config.Limits;
import dev.vbench.engine.Calibration;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.DataDirs;
import dev.vbench.engine.LoadShape;
import dev.vbench.loader.UserCode;
import dev.vbench.plan.Planner;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Table;
import dev.vbench.spi.Params;
import dev.vbench.text.Numbers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The {@code vbench calibrate} use case: the harness's own overhead. One cell per executor is planned as
 * {@code vbench run} plans it; {@link Calibration} (in the engine) measures its rounds, in this JVM or in
 * {@code fork-cell} children, and estimates the ratio of vbench's throughput to a bare submit loop's; the outcome
 * holds each executor's estimate and the table that shows them.
 *
 * <pre>{@code
 * CalibrateUseCase.Outcome o = CalibrateUseCase.calibrate(new CalibrateUseCase.Request("noop", List.of(), 1_000_000, 0, 7, 3, 0,
 *         List.of("virtual"), true, List.of()), message -> err.println("vbench: warning: " + message));
 * out.print(o.text());
 * }</pre>
 */
public final class CalibrateUseCase {

    private CalibrateUseCase() {}

    /**
     * @param workload the workload whose task is run (a built-in's name)
     * @param params {@code NAME=VALUE} options, one value each
     * @param tasks tasks per round
     * @param concurrency at most this many tasks in flight, 0 = unlimited
     * @param rounds measured rounds per executor (per fork with forks)
     * @param warmup rounds before the measured ones (in each fork)
     * @param forks fresh JVMs per executor; 0 = every round in this JVM
     * @param executors executor specs; empty = virtual and a fixed pool of one thread per CPU
     * @param pinning include the JFR pinning probe in the vbench path
     * @param profileEvents what the vbench side profiles; empty = nothing
     */
    public record Request(
            String workload,
            List<String> params,
            long tasks,
            long concurrency,
            int rounds,
            int warmup,
            int forks,
            List<String> executors,
            boolean pinning,
            List<ProfileEvent> profileEvents) {
        public Request {
            params = List.copyOf(params);
            executors = List.copyOf(executors);
            profileEvents = List.copyOf(profileEvents);
        }
    }

    /**
     * One executor's figures.
     *
     * @param executor the executor spec
     * @param estimate the ratio, its CI and the medians ({@link Calibration#estimate})
     */
    public record ExecutorEstimate(String executor, Calibration.Estimate estimate) {}

    /**
     * @param rows each executor's figures, in the order calibrated
     * @param tasks tasks per round
     * @param text the table with its footnote, and one line naming the machine
     */
    public record Outcome(List<ExecutorEstimate> rows, int tasks, String text) {
        public Outcome {
            rows = List.copyOf(rows);
        }
    }

    /**
     * @param warn where warnings of the probes, the profiler and the workload's preparation go
     * @throws UsageException for an option out of range, a sweep, or a workload whose tasks fail
     * @throws EnvironmentException when a fork fails for another reason
     */
    public static Outcome calibrate(Request request, Consumer<String> warn) throws Exception {
        LoadShape.Closed load = Planner.closed(request.tasks(), request.concurrency());
        int n = (int) load.tasks();
        int rounds = request.rounds();
        int warmup = request.warmup();
        int forks = request.forks();
        if (rounds < 1) {
            throw new UsageException("--rounds " + rounds + " must be at least 1");
        }
        if (warmup < 0 || warmup > Limits.CALIBRATE_MAX_WARMUP) {
            throw new UsageException(
                    "--warmup " + warmup + " is out of range; use 0 to " + Limits.CALIBRATE_MAX_WARMUP);
        }
        if (forks < 0 || forks > Limits.CALIBRATE_MAX_FORKS) {
            throw new UsageException(
                    "--forks " + forks + " is out of range; use 0 (this JVM) to " + Limits.CALIBRATE_MAX_FORKS);
        }
        Map<String, String> given = new LinkedHashMap<>();
        Planner.sweeps(request.params()).forEach((name, values) -> {
            if (values.size() != 1) {
                throw new UsageException(
                        "calibrate runs one parameter set; give one value per -p (e.g. -p iterations=500)");
            }
            given.put(name, values.get(0));
        });
        List<CellPlan> cells = new ArrayList<>();
        for (String e : request.executors().isEmpty()
                ? List.of("virtual", "fixed:threads=" + Runtime.getRuntime().availableProcessors())
                : request.executors()) {
            CellPlan cell = Planner.cell(UserCode.builtIn(), "calibrate", request.workload(), given, e, load);
            if (cell.executor().jvmNeeds().any() && forks == 0) {
                throw new UsageException("-e " + cell.executor().spec() + " needs a JVM started with "
                        + String.join(" ", cell.executor().jvmNeeds().options())
                        + ", and calibrate measures in this one;"
                        + " add --forks N (e.g. --forks 2) to measure it in forks started with them");
            }
            cells.add(Planner.onTheJvmItNeeds(cell));
        }
        Calibration calibration = new Calibration(
                new Calibration.Settings(
                        warmup,
                        rounds,
                        Calibration.probes(request.pinning()),
                        new ProfileRequest(
                                request.profileEvents(),
                                ProfileRequest.Profiler.AUTO,
                                Defaults.PROFILE_INTERVAL_NANOS)),
                warn);
        Path dataRoot = DataDirs.defaultRoot();
        List<ExecutorEstimate> rows = new ArrayList<>();
        if (forks == 0) {
            List<List<Calibration.Round>> byCell = calibration.measure(cells, dataRoot);
            for (int c = 0; c < cells.size(); c++) {
                rows.add(new ExecutorEstimate(
                        cells.get(c).executor().spec(), Calibration.estimate(List.of(byCell.get(c)), n)));
            }
        } else {
            for (CellPlan cell : cells) {
                rows.add(new ExecutorEstimate(
                        cell.executor().spec(),
                        Calibration.estimate(calibration.measureInForks(cell, forks, dataRoot), n)));
            }
        }
        Params resolved = cells.get(0).params();
        StringBuilder what = new StringBuilder(cells.get(0).workload().name());
        given.keySet()
                .forEach(k -> what.append(' ')
                        .append(k)
                        .append('=')
                        .append(resolved.asText().get(k)));
        return new Outcome(
                rows, n, ConsoleRenderer.render(table(request, what.toString(), load, rows)) + machine() + "\n");
    }

    private static Table table(Request request, String what, LoadShape.Closed load, List<ExecutorEstimate> rows) {
        int n = (int) load.tasks();
        int warmup = request.warmup();
        int forks = request.forks();
        String inFlight = load.concurrency() > 0 ? ", at most " + load.concurrency() + " in flight" : "";
        boolean byFork = forks >= 2;
        String warming = warmup + (warmup == 1 ? " warmup round" : " warmup rounds");
        String rounding = byFork
                ? forks + " forks (each the median of " + request.rounds() + " rounds after " + warming + ")"
                : request.rounds() + " rounds " + (forks == 1 ? "in 1 fork " : "") + "(after " + warming + ")";
        Table.Builder table = new Table.Builder(what + " × " + n + " tasks" + inFlight + ", median of " + rounding)
                .text("executor")
                .number("bare loop")
                .number("vbench")
                .number("ratio")
                .number("95% CI")
                .number("overhead/task")
                .number("service")
                .text("latencies");
        for (ExecutorEstimate row : rows) {
            Calibration.Estimate e = row.estimate();
            table.row(List.of(
                    row.executor(),
                    Numbers.rate(n / (e.bareNanos() / 1e9), "tasks/s"),
                    Numbers.rate(n / (e.vbenchNanos() / 1e9), "tasks/s"),
                    Numbers.fixed(e.ratio(), 3),
                    Double.isNaN(e.ciLow()) ? "—" : Numbers.fixed(e.ciLow(), 3) + "–" + Numbers.fixed(e.ciHigh(), 3),
                    Numbers.fixed(e.addedNanosPerTask(), 1) + " ns",
                    Numbers.fixed(e.serviceNanos(), 0) + " ns",
                    e.sampledOneInMin() == 0
                            ? (e.sampledOneInMax() == 0 ? "every task" : "some: 1 in " + e.sampledOneInMax())
                            : "1 in " + e.sampledOneInMin()
                                    + (e.sampledOneInMax() > e.sampledOneInMin() ? "–" + e.sampledOneInMax() : "")));
        }
        List<ProfileEvent> profiled = request.profileEvents();
        table.footnote("both sides timed first submit -> last task end (vbench run's makespan); ratio: "
                + (byFork
                        ? "median over the forks of each fork's median over its rounds of bare makespan / vbench makespan"
                                + " (a JVM keeps its JIT decisions for life: the forks, not the rounds, are the independent"
                                + " samples), with the 95% CI of that median (— below 6 forks)"
                        : "median over the rounds of bare makespan / vbench makespan, with the 95% CI of that median"
                                + " (— below 6 rounds; one JVM: --forks 6 or more samples JIT decisions too)")
                + "; each round runs the two back to back, in alternating order; bare loop, vbench, overhead/task, service:"
                + " medians of all rounds;"
                + " bare loop: n task objects submitted in a loop, each runs the task and stores its end time in its own"
                + " slot"
                + (load.concurrency() > 0
                        ? " (a semaphore of " + load.concurrency() + " permits acquired before each"
                                + " submit and released at the task's end, as vbench does)"
                        : "")
                + "; vbench: the same tasks through TrialRunner inside the telemetry probes of 'vbench run'"
                + (profiled.isEmpty()
                        ? ""
                        : ", profiled (--profile "
                                + String.join(
                                        ",",
                                        profiled.stream().map(ProfileEvent::key).toList()) + ")")
                + (request.pinning() ? " (JFR pinning on for virtual threads)" : " (--pinning off)")
                + "; overhead/task: difference of the makespans / tasks; service: vbench's mean service time per task");
        return table.build();
    }

    /** One line naming the machine, for the README. */
    static String machine() {
        return "JVM " + Runtime.version() + " (" + System.getProperty("java.vendor") + "), "
                + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                + System.getProperty("os.arch");
    }
}
