package dev.vbench.cli;

import dev.vbench.engine.TrialRunner;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.measure.NanoClock;
import dev.vbench.measure.TrialProbes;
import dev.vbench.plan.Planner;
import dev.vbench.report.ConsoleRenderer;
import dev.vbench.report.Numbers;
import dev.vbench.report.Table;
import dev.vbench.result.CellConfig;
import dev.vbench.result.TrialResult;
import dev.vbench.stats.Descriptive;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code vbench calibrate}: the harness's own overhead. In one JVM, runs empty tasks through
 * vbench's full recording path and through a bare submit-then-await loop on the same executor, and
 * reports both throughputs and their ratio (goal: at least 0.90 at 1,000,000 tasks).
 */
@Command(name = "calibrate", showDefaultValues = true,
        description = {"Measure vbench's own per-task overhead: empty tasks through the full recording path vs a bare",
            "submit/await loop on the same executor. Ratio = vbench throughput / bare throughput (goal >= 0.90)."})
public final class CalibrateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Option(names = "--tasks", defaultValue = "1000000", description = "Tasks per round.")
    String tasks;

    @Option(names = "--rounds", defaultValue = "7", description = "Alternating rounds per executor; the median is reported.")
    int rounds;

    @Option(names = {"-e", "--executor"}, paramLabel = "SPEC", description = "Executors to calibrate. Default: virtual and fixed.")
    List<String> executors = new ArrayList<>();

    @Option(names = "--pinning", paramLabel = "on|off", defaultValue = "on",
            description = "Include the JFR pinning probe in the vbench path, as 'vbench run' does (GC and scheduler probes always).")
    RunCommand.Pinning pinning;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        int n = (int) Counts.parse("--tasks", tasks, 1, TrialRunner.MAX_TASKS);
        if (rounds < 1) {
            throw new UsageException("--rounds " + rounds + " must be at least 1");
        }
        List<ConfiguredExecutor> configured = Planner.executors(executors.isEmpty()
                ? List.of("virtual", "fixed:threads=" + Runtime.getRuntime().availableProcessors()) : executors);
        Table.Builder table = new Table.Builder("noop × " + n + " tasks, median of " + rounds + " rounds (after 1 warmup round)")
                .text("executor").number("bare loop").number("vbench").number("ratio");
        for (ConfiguredExecutor e : configured) {
            double[] ratios = measure(e, n);
            table.row(List.of(e.spec(), Numbers.rate(ratios[0], "tasks/s"), Numbers.rate(ratios[1], "tasks/s"),
                    Numbers.fixed(ratios[1] / ratios[0], 3)));
        }
        table.footnote("bare loop: submit n empty Runnables, shutdown, awaitTermination; vbench: the same through TrialRunner"
                + " (timestamps, histograms built after the trial) inside the telemetry probes of 'vbench run'"
                + (pinning == RunCommand.Pinning.on ? " (JFR pinning on for virtual threads)" : " (--pinning off)"));
        out.print(ConsoleRenderer.render(table.build()));
        out.println(EnvironmentLine.text());
        out.flush();
        return ExitCodes.OK;
    }

    /** {median bare throughput, median vbench throughput}. */
    private double[] measure(ConfiguredExecutor executor, int n) throws Exception {
        TrialRunner runner = new TrialRunner(NanoClock.SYSTEM);
        TrialProbes probes = TrialProbes.standard(pinning == RunCommand.Pinning.on, Duration.ZERO,
                message -> spec.commandLine().getErr().println("vbench: warning: " + message));
        CellConfig cell = new CellConfig("noop", Map.of(), executor.info(), n, 0);
        double[] bare = new double[rounds];
        double[] full = new double[rounds];
        for (int r = -1; r < rounds; r++) {
            double b = bare(executor, n);
            ExecutorService ex = executor.create();
            TrialResult t = probes.around(cell, () -> runner.run(i -> i, ex, n, 0, 0));
            ex.shutdownNow();
            if (r >= 0) {
                bare[r] = b;
                full[r] = t.throughputPerSecond();
            }
        }
        return new double[] {Descriptive.median(bare), Descriptive.median(full)};
    }

    private static double bare(ConfiguredExecutor executor, int n) throws InterruptedException {
        ExecutorService ex = executor.create();
        long start = System.nanoTime();
        for (int i = 0; i < n; i++) {
            ex.execute(new BareTask(i));
        }
        ex.shutdown();
        ex.awaitTermination(1, TimeUnit.HOURS);
        long elapsed = System.nanoTime() - start;
        return n / (elapsed / 1e9);
    }

    /** An empty task that, like vbench's own wrapper, is one object per task and writes only its own field. */
    private static final class BareTask implements Runnable {
        private final int index;
        @SuppressWarnings("unused")
        private long sink;

        BareTask(int index) {
            this.index = index;
        }

        @Override
        public void run() {
            sink = index;
        }
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
