package dev.vbench.app;

import dev.vbench.config.Defaults;
import dev.vbench.engine.ForkRunner;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.report.Format;
import dev.vbench.result.AutoTrials;
import dev.vbench.result.Metric;
import dev.vbench.spi.Redactor;
import dev.vbench.suite.Scale;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Everything {@code vbench run} is asked, typed (durations, rates and counts already parsed by the one
 * grammar, {@code spi/Quantities}), for {@link RunUseCase#run}. Texts the planner or the JVM axis parse
 * themselves (an executor spec, {@code NAME=V1,V2}, {@code LABEL=PATH}) stay texts.
 *
 * <pre>{@code
 * RunRequest request = RunRequest.of(new RunRequest.Matrix("noop", List.of("virtual", "fixed:threads=2"), …))
 *         .withTrials(RunRequest.Trials.DEFAULTS.withWarmup(0).withMeasured(2));
 * RunOutcome outcome = RunUseCase.run(request, out, err);
 * }</pre>
 *
 * @param suiteFile a suite file to run instead of the matrix, or null
 * @param scale the suite's scale, or null for its default
 * @param matrix what runs: workload, executors, parameters, load shape, JVMs
 * @param trials how often and in which order
 * @param probes what is measured beside time: pinning, stuck tasks, profiles
 * @param outputs where results go and what the tables show
 * @param classPath the user's code ({@code --classpath}, else {@code $VBENCH_CLASSPATH}), or null
 * @param history where the run is stored ({@link HistoryTarget#NONE}: nowhere)
 * @param shard {@code K/N} or {@code auto}, or null for the whole plan
 * @param dryRun print the plan, run nothing
 * @param version vbench's version, recorded in the result's environment
 * @param commandLine the command line as typed, recorded in the result's environment
 */
public record RunRequest(
        Path suiteFile,
        Scale scale,
        Matrix matrix,
        Trials trials,
        Probes probes,
        Outputs outputs,
        String classPath,
        HistoryTarget history,
        String shard,
        boolean dryRun,
        String version,
        String commandLine) {

    /**
     * The command line a result records: {@code vbench} and the arguments as typed, each with its secrets
     * masked ({@link dev.vbench.spi.Redactor}) on its own, so that a password with a blank (H2's
     * {@code PASSWORD=filepw userpw}) is masked whole and the arguments after it are kept.
     */
    public static String commandLine(List<String> args) {
        return "vbench " + String.join(" ", args.stream().map(Redactor::redact).toList());
    }

    /** The hidden command a fork runs ({@link ForkRunner#COMMAND}). */
    public static final String FORK_COMMAND = ForkRunner.COMMAND;

    /**
     * The matrix of cells: every combination of the lists is a cell.
     *
     * @param workload NAME, provider CLASS, {@code CLASS::METHOD} or FILE.java; null with a suite file
     * @param executors executor specs ({@code NAME[:key=value,…]}); empty for the default
     * @param params {@code NAME=V1[,V2…]}, one sweep each
     * @param tasks tasks per trial (a list sweeps); empty for the workload's default
     * @param concurrency tasks in flight (a list sweeps); empty for unlimited
     * @param duration a trial's time window, or null
     * @param rates open-model rates per second (a list sweeps); empty for the closed model
     * @param timeout with rates: the start deadline of a task, or null
     * @param jvms {@code LABEL=PATH} JVMs as columns
     * @param jvmArgs {@code LABEL='OPTIONS'} JVM option sets as columns
     * @param builds {@code LABEL=CLASSPATH} builds of the user's code as columns, each in forks of its own
     */
    public record Matrix(
            String workload,
            List<String> executors,
            List<String> params,
            List<Long> tasks,
            List<Long> concurrency,
            Duration duration,
            List<Double> rates,
            Duration timeout,
            List<String> jvms,
            List<String> jvmArgs,
            List<String> builds) {

        public Matrix {
            executors = List.copyOf(executors);
            params = List.copyOf(params);
            tasks = List.copyOf(tasks);
            concurrency = List.copyOf(concurrency);
            rates = List.copyOf(rates);
            jvms = List.copyOf(jvms);
            jvmArgs = List.copyOf(jvmArgs);
            builds = List.copyOf(builds);
        }

        /** A matrix without builds. */
        public Matrix(
                String workload,
                List<String> executors,
                List<String> params,
                List<Long> tasks,
                List<Long> concurrency,
                Duration duration,
                List<Double> rates,
                Duration timeout,
                List<String> jvms,
                List<String> jvmArgs) {
            this(workload, executors, params, tasks, concurrency, duration, rates, timeout, jvms, jvmArgs, List.of());
        }

        /** One workload on these executors, every other choice its default; the {@code withX} methods set the rest. */
        public static Matrix of(String workload, List<String> executors) {
            return new Matrix(
                    workload, executors, List.of(), List.of(), List.of(), null, List.of(), null, List.of(), List.of());
        }

        /** This matrix with these task counts ({@code --tasks}). */
        public Matrix withTasks(List<Long> counts) {
            return new Matrix(
                    workload, executors, params, counts, concurrency, duration, rates, timeout, jvms, jvmArgs, builds);
        }

        /** This matrix with these concurrency levels ({@code --concurrency}). */
        public Matrix withConcurrency(List<Long> levels) {
            return new Matrix(
                    workload, executors, params, tasks, levels, duration, rates, timeout, jvms, jvmArgs, builds);
        }

        /** This matrix with a time window per trial ({@code --duration}). */
        public Matrix withDuration(Duration window) {
            return new Matrix(
                    workload, executors, params, tasks, concurrency, window, rates, timeout, jvms, jvmArgs, builds);
        }
    }

    /**
     * @param warmup warmup trials per cell, or null for the default (a suite's own)
     * @param measured measured trials per cell, or null for the default (a suite's own)
     * @param forks fresh JVMs per cell (0: every trial in this JVM)
     * @param seed seed of generated inputs
     * @param dataDir where generated inputs are cached, or null for the default root
     * @param order {@code interleaved}, {@code grouped} or {@code random}, or null for the default
     * @param batch calls of the operation per task
     * @param maxFailures failed tasks tolerated before the exit code is 1
     * @param auto {@code --trials auto}: rounds added until every compared median is precise enough; null = none
     * @param fanout subtasks per task ({@code --fanout}), set on every executor; 0 = not given
     */
    public record Trials(
            Integer warmup,
            Integer measured,
            int forks,
            long seed,
            Path dataDir,
            String order,
            long batch,
            long maxFailures,
            AutoTrials auto,
            int fanout) {

        /** Without {@code --fanout}. */
        public Trials(
                Integer warmup,
                Integer measured,
                int forks,
                long seed,
                Path dataDir,
                String order,
                long batch,
                long maxFailures,
                AutoTrials auto) {
            this(warmup, measured, forks, seed, dataDir, order, batch, maxFailures, auto, 0);
        }

        /**
         * {@code --order} with {@code --duet}: {@code duet} (its rounds are interleaved ones), refused beside another
         * order.
         */
        public static String order(String order, boolean duet) {
            if (!duet) {
                return order;
            }
            if (order != null
                    && !order.strip().equalsIgnoreCase("interleaved")
                    && !order.strip().equalsIgnoreCase("duet")) {
                throw new UsageException("--duet runs interleaved rounds, two units at a time; drop --order " + order);
            }
            return "duet";
        }

        /** The defaults of {@code vbench run}; the {@code withX} methods set what was given. */
        public static final Trials DEFAULTS = new Trials(null, null, 0, Defaults.SEED, null, null, Defaults.BATCH, 0);

        /** These trials with {@code --warmup}. */
        public Trials withWarmup(Integer n) {
            return new Trials(n, measured, forks, seed, dataDir, order, batch, maxFailures, auto, fanout);
        }

        /** These trials with {@code --trials}. */
        public Trials withMeasured(Integer n) {
            return new Trials(warmup, n, forks, seed, dataDir, order, batch, maxFailures, auto, fanout);
        }

        /** These trials with {@code --order}. */
        public Trials withOrder(String newOrder) {
            return new Trials(warmup, measured, forks, seed, dataDir, newOrder, batch, maxFailures, auto, fanout);
        }

        /** A fixed number of trials. */
        public Trials(
                Integer warmup,
                Integer measured,
                int forks,
                long seed,
                Path dataDir,
                String order,
                long batch,
                long maxFailures) {
            this(warmup, measured, forks, seed, dataDir, order, batch, maxFailures, null);
        }

        /**
         * {@code --trials auto} with {@code --precision} and {@code --max-trials} (each null when not given), or
         * null when {@code trials} is not {@code auto}.
         *
         * @throws UsageException for {@code --precision} or {@code --max-trials} without {@code --trials auto}
         */
        public static AutoTrials auto(String trials, String precision, Integer maxTrials) {
            boolean auto = trials != null && trials.strip().equalsIgnoreCase("auto");
            if (!auto) {
                if (precision != null || maxTrials != null) {
                    throw new UsageException((precision != null ? "--precision" : "--max-trials")
                            + " applies to --trials auto; add --trials auto or drop it");
                }
                return null;
            }
            double target =
                    precision == null ? Defaults.AUTO_PRECISION : Percentages.parse("--precision", precision, "3%");
            return new AutoTrials(target, maxTrials == null ? Defaults.AUTO_MAX_TRIALS : maxTrials);
        }
    }

    /**
     * @param pinning count JFR pinned-park events
     * @param pinningThreshold shortest pinned park counted
     * @param taskTimeout a trial with no task ending for this long is stuck; {@link Duration#ZERO}: never
     * @param profileEvents what {@code --profile} samples; empty: no profile
     * @param profiler {@code auto}, {@code async} or {@code jfr}
     * @param profileInterval the sampling interval
     */
    public record Probes(
            boolean pinning,
            Duration pinningThreshold,
            Duration taskTimeout,
            List<ProfileEvent> profileEvents,
            String profiler,
            Duration profileInterval) {

        /** The defaults of {@code vbench run}. */
        public static final Probes DEFAULTS =
                new Probes(true, Duration.ZERO, Defaults.TASK_TIMEOUT, List.of(), "auto", Duration.ofMillis(10));

        public Probes {
            profileEvents = profileEvents == null ? List.of() : List.copyOf(profileEvents);
        }

        /** These probes with JFR pinning events counted or not ({@code --pinning}). */
        public Probes withPinning(boolean on) {
            return new Probes(on, pinningThreshold, taskTimeout, profileEvents, profiler, profileInterval);
        }
    }

    /**
     * @param files {@code -o} targets: files (format by extension) or {@code -} for stdout
     * @param format {@code --format}, or null
     * @param metric {@code --metric}, or null for the default of the load shape
     * @param slo a latency objective for a concurrency sweep ({@code p99<20ms}), or null
     * @param quiet nothing on stdout when writing files; no progress
     * @param verbose detail columns
     * @param noProgress no progress bar
     * @param ci the CI outputs ({@code --ci}: the report as the job summary; {@code --comment-file})
     * @param noiseBand {@code --noise-band}: a percentage or {@code auto} ({@link NoiseBands}); null for the default
     */
    public record Outputs(
            List<String> files,
            Format format,
            Metric metric,
            String slo,
            boolean quiet,
            boolean verbose,
            boolean noProgress,
            Ci ci,
            String noiseBand) {

        /** Tables on stdout, no files. */
        public static final Outputs DEFAULTS = new Outputs(List.of(), null, null, null, false, false, false);

        public Outputs {
            files = List.copyOf(files);
            ci = ci == null ? Ci.NONE : ci;
        }

        /** These outputs with a latency objective ({@code --slo}). */
        public Outputs withSlo(String objective) {
            return new Outputs(files, format, metric, objective, quiet, verbose, noProgress, ci, noiseBand);
        }

        /** Outputs without CI outputs. */
        public Outputs(
                List<String> files,
                Format format,
                Metric metric,
                String slo,
                boolean quiet,
                boolean verbose,
                boolean noProgress) {
            this(files, format, metric, slo, quiet, verbose, noProgress, Ci.NONE);
        }

        /** Outputs with the default noise band. */
        public Outputs(
                List<String> files,
                Format format,
                Metric metric,
                String slo,
                boolean quiet,
                boolean verbose,
                boolean noProgress,
                Ci ci) {
            this(files, format, metric, slo, quiet, verbose, noProgress, ci, null);
        }
    }

    /** A run of {@code matrix} with every other choice its default. */
    public static RunRequest of(Matrix matrix) {
        return new RunRequest(
                null,
                null,
                matrix,
                Trials.DEFAULTS,
                Probes.DEFAULTS,
                Outputs.DEFAULTS,
                null,
                HistoryTarget.NONE,
                null,
                false,
                "",
                "vbench run");
    }

    public RunRequest withTrials(Trials t) {
        return new RunRequest(
                suiteFile, scale, matrix, t, probes, outputs, classPath, history, shard, dryRun, version, commandLine);
    }

    public RunRequest withOutputs(Outputs o) {
        return new RunRequest(
                suiteFile, scale, matrix, trials, probes, o, classPath, history, shard, dryRun, version, commandLine);
    }

    public RunRequest withProbes(Probes p) {
        return new RunRequest(
                suiteFile, scale, matrix, trials, p, outputs, classPath, history, shard, dryRun, version, commandLine);
    }

    /** This request for shard {@code k/n} ({@code --shard}) only. */
    public RunRequest withShard(String kOfN) {
        return new RunRequest(
                suiteFile,
                scale,
                matrix,
                trials,
                probes,
                outputs,
                classPath,
                history,
                kOfN,
                dryRun,
                version,
                commandLine);
    }

    /** This request as a dry run ({@code --dry-run}): the plan printed, nothing run. */
    public RunRequest withDryRun(boolean printOnly) {
        return new RunRequest(
                suiteFile,
                scale,
                matrix,
                trials,
                probes,
                outputs,
                classPath,
                history,
                shard,
                printOnly,
                version,
                commandLine);
    }

    /** This request as typed on {@code line} (recorded in the result's environment). */
    public RunRequest withCommandLine(String line) {
        return new RunRequest(
                suiteFile, scale, matrix, trials, probes, outputs, classPath, history, shard, dryRun, version, line);
    }
}
