package dev.vbench.cli;

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
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vbench calibrate}: the harness's own overhead, measured by {@link Calibration} (the bare loop, the
 * rounds and the estimator live in the engine; forks are {@code fork-cell} children with a {@code ForkPlan}, as
 * {@code vbench run}'s). This command parses the options, plans one cell per executor and prints the table.
 */
@Command(name = "calibrate", showDefaultValues = true,
        description = {"Measure vbench's own per-task overhead: a workload's tasks (empty ones by default) through the full",
            "recording path vs a bare submit loop on the same executor, both timed first submit -> last task end.",
            "Ratio = vbench throughput / bare throughput (goal >= 0.90 on noop, >= 0.97 on a 1 us task)."})
public final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(names = {"-w", "--workload"}, paramLabel = "NAME", defaultValue = "noop",
            description = "Workload whose task is run (see 'vbench list'), e.g. noop, hello, cpu.")
    String workload;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE", description = "Workload parameter (one value each), e.g. -p iterations=500.")
    List<String> params = new ArrayList<>();

    @Option(names = "--tasks", paramLabel = "N", defaultValue = "1000000", converter = OptionTypes.TasksConverter.class,
            description = "Tasks per round; accepts 300k, 1M.")
    long tasks;

    @Option(names = "--concurrency", paramLabel = "C", defaultValue = "0", converter = OptionTypes.ConcurrencyOrUnlimitedConverter.class,
            description = "At most C tasks in flight, as 'vbench run --concurrency' (closed-loop clients); the bare loop"
                    + " then holds a semaphore the same way. 0: unlimited.")
    long concurrency;

    @Option(names = "--rounds", defaultValue = "7", description = "Rounds per executor (per fork with --forks), each a bare"
            + " loop and a vbench trial in alternating order (ABBA); the median round is reported.")
    int rounds;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "3",
            description = "Warmup rounds before the measured ones (in each fork with --forks), each a bare loop and a"
                    + " vbench trial. The first rounds of a JVM still run code the JIT is compiling: on 'sequential'"
                    + " a ratio climbs from ~0.85 to its level over the first four rounds.")
    int warmup;

    @Option(names = "--forks", paramLabel = "N", defaultValue = "0",
            description = "Run each executor's rounds in N fresh JVMs (same java, JVM options and class path; --warmup"
                    + " rounds in each), as 'vbench run --forks' does. A JVM keeps its JIT decisions for life, so from 2"
                    + " forks on the forks are the samples: the ratio is the median of each fork's median round, its CI"
                    + " over the forks (6 or more). 0: every round in this JVM.")
    int forks;

    @Option(names = {"-e", "--executor"}, paramLabel = "SPEC", description = "Executors to calibrate. Default: virtual and fixed.")
    List<String> executors = new ArrayList<>();

    @Option(names = "--pinning", paramLabel = "on|off", defaultValue = "on",
            description = "Include the JFR pinning probe in the vbench path, as 'vbench run' does (GC and scheduler probes always).")
    RunCommand.Pinning pinning;

    @Option(names = "--profile", paramLabel = "EVENT[,EVENT…]", converter = OptionTypes.ProfileEventsConverter.class,
            description = "Profile the vbench side as 'vbench run --profile' does (tasks, cpu, wall, lock, alloc):"
                    + " the ratio is then vbench with profiling vs the bare loop, what profiling costs.")
    List<ProfileEvent> profileEvents = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        LoadShape.Closed load = Planner.closed(tasks, concurrency);
        int n = (int) load.tasks();
        if (rounds < 1) {
            throw new UsageException("--rounds " + rounds + " must be at least 1");
        }
        if (warmup < 0 || warmup > MAX_WARMUP) {
            throw new UsageException("--warmup " + warmup + " is out of range; use 0 to " + MAX_WARMUP);
        }
        if (forks < 0 || forks > MAX_FORKS) {
            throw new UsageException("--forks " + forks + " is out of range; use 0 (this JVM) to " + MAX_FORKS);
        }
        Map<String, String> given = new LinkedHashMap<>();
        Planner.sweeps(params).forEach((name, values) -> {
            if (values.size() != 1) {
                throw new UsageException("calibrate runs one parameter set; give one value per -p (e.g. -p iterations=500)");
            }
            given.put(name, values.get(0));
        });
        List<CellPlan> cells = new ArrayList<>();
        for (String e : executors.isEmpty()
                ? List.of("virtual", "fixed:threads=" + Runtime.getRuntime().availableProcessors()) : executors) {
            cells.add(Planner.cell(UserCode.builtIn(), "calibrate", workload, given, e, load));
        }
        Params resolved = cells.get(0).params();
        StringBuilder what = new StringBuilder(cells.get(0).workload().name());
        given.keySet().forEach(k -> what.append(' ').append(k).append('=').append(resolved.asText().get(k)));
        String inFlight = load.concurrency() > 0 ? ", at most " + load.concurrency() + " in flight" : "";
        boolean byFork = forks >= 2;
        String warming = warmup + (warmup == 1 ? " warmup round" : " warmup rounds");
        String rounding = byFork ? forks + " forks (each the median of " + rounds + " rounds after " + warming + ")"
                : rounds + " rounds " + (forks == 1 ? "in 1 fork " : "") + "(after " + warming + ")";
        Table.Builder table = new Table.Builder(what + " × " + n + " tasks" + inFlight + ", median of " + rounding)
                .text("executor").number("bare loop").number("vbench").number("ratio").number("95% CI")
                .number("overhead/task").number("service").text("latencies");
        Calibration calibration = new Calibration(new Calibration.Settings(warmup, rounds,
                Calibration.probes(pinning == RunCommand.Pinning.on), new ProfileRequest(profileEvents,
                        ProfileRequest.Profiler.AUTO, ProfileRequest.DEFAULT_INTERVAL_NANOS)),
                message -> spec.commandLine().getErr().println("vbench: warning: " + message));
        if (forks == 0) {
            List<List<Calibration.Round>> byCell = calibration.measure(cells, DataDirs.defaultRoot());
            for (int c = 0; c < cells.size(); c++) {
                addRow(table, cells.get(c).executor().spec(), Calibration.estimate(List.of(byCell.get(c)), n), n);
            }
        } else {
            for (CellPlan cell : cells) {
                addRow(table, cell.executor().spec(),
                        Calibration.estimate(calibration.measureInForks(cell, forks, DataDirs.defaultRoot()), n), n);
            }
        }
        table.footnote("both sides timed first submit -> last task end (vbench run's makespan); ratio: "
                + (byFork ? "median over the forks of each fork's median over its rounds of bare makespan / vbench makespan"
                        + " (a JVM keeps its JIT decisions for life: the forks, not the rounds, are the independent"
                        + " samples), with the 95% CI of that median (— below 6 forks)"
                        : "median over the rounds of bare makespan / vbench makespan, with the 95% CI of that median"
                        + " (— below 6 rounds; one JVM: --forks 6 or more samples JIT decisions too)")
                + "; each round runs the two back to back, in alternating order; bare loop, vbench, overhead/task, service:"
                + " medians of all rounds;"
                + " bare loop: n task objects submitted in a loop, each runs the task and stores its end time in its own"
                + " slot" + (load.concurrency() > 0 ? " (a semaphore of " + load.concurrency() + " permits acquired before each"
                + " submit and released at the task's end, as vbench does)" : "") + "; vbench: the same tasks through TrialRunner inside the telemetry probes of 'vbench run'"
                + (profileEvents.isEmpty() ? "" : ", profiled (--profile " + String.join(",", profileEvents.stream().map(ProfileEvent::key).toList()) + ")")
                + (pinning == RunCommand.Pinning.on ? " (JFR pinning on for virtual threads)" : " (--pinning off)")
                + "; overhead/task: difference of the makespans / tasks; service: vbench's mean service time per task");
        out.print(ConsoleRenderer.render(table.build()));
        out.println(EnvironmentLine.text());
        out.flush();
        return ExitCodes.OK;
    }

    static final int MAX_FORKS = 100;
    static final int MAX_WARMUP = 1000;

    /** The executor's row of figures ({@link Calibration#estimate}). */
    private static void addRow(Table.Builder table, String executor, Calibration.Estimate e, int n) {
        table.row(List.of(executor, Numbers.rate(n / (e.bareNanos() / 1e9), "tasks/s"),
                Numbers.rate(n / (e.vbenchNanos() / 1e9), "tasks/s"), Numbers.fixed(e.ratio(), 3),
                Double.isNaN(e.ciLow()) ? "—" : Numbers.fixed(e.ciLow(), 3) + "–" + Numbers.fixed(e.ciHigh(), 3),
                Numbers.fixed(e.addedNanosPerTask(), 1) + " ns", Numbers.fixed(e.serviceNanos(), 0) + " ns",
                e.sampledOneInMin() == 0 ? (e.sampledOneInMax() == 0 ? "every task" : "some: 1 in " + e.sampledOneInMax())
                        : "1 in " + e.sampledOneInMin()
                                + (e.sampledOneInMax() > e.sampledOneInMin() ? "–" + e.sampledOneInMax() : "")));
    }

    /** One line naming the machine, for the README. */
    static final class EnvironmentLine {
        static String text() {
            return "JVM " + Runtime.version() + " (" + System.getProperty("java.vendor") + "), "
                    + Runtime.getRuntime().availableProcessors() + " CPUs, " + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch");
        }
    }
}
