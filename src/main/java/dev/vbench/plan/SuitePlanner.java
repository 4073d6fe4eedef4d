package dev.vbench.plan;

import dev.vbench.config.Limits;
import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.jvm.JdkDiscovery;
import dev.vbench.jvm.JvmException;
import dev.vbench.jvm.JvmOptionSet;
import dev.vbench.jvm.JvmSpec;
import dev.vbench.loader.UserCode;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.Quantities;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.suite.ExperimentSpec;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteException;
import dev.vbench.suite.SuiteLoader;
import dev.vbench.suite.SuiteSpec;
import dev.vbench.suite.SuiteValidator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Plans a suite file: each experiment becomes a {@link MatrixRequest} (its {@code quick} overrides
 * applied at {@code --scale quick}) and goes through the same {@link Planner#cells} as a
 * {@code -w} run, so suites and runs are validated by one code. The run's {@link TrialOptions}
 * ({@code --trials}, {@code --warmup}, {@code --forks}, {@code --seed}, {@code --data-dir}) apply
 * to every experiment; matrix options are refused with the reason. Errors carry
 * {@code file:line: experiment 'NAME': }.
 */
public final class SuitePlanner {

    private SuitePlanner() {}

    /** Plans {@code request.suiteFile()}. */
    static Plan plan(PlanRequest request, UserCode code) {
        refuseMatrixOptions(request.matrix());
        SuiteSpec suite = SuiteLoader.load(request.suiteFile());
        Scale scale = request.scale() == null ? Scale.FULL : request.scale();
        return plan(suite, request.suiteFile().toString(), scale, request.trials(), code);
    }

    /**
     * Plans every experiment of {@code suite} at {@code scale}.
     *
     * @param source the file name for {@code file:line} messages
     * @throws SuiteException naming the file, line, experiment and fix
     */
    public static Plan plan(SuiteSpec suite, String source, Scale scale, TrialOptions options, UserCode code) {
        List<String> names =
                code.workloads().stream().map(WorkloadProvider::name).toList();
        SuiteValidator.validate(suite, source, names::contains, names);
        Path dataRoot = Planner.dataRoot(options);
        List<Plan.Part> parts = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (ExperimentSpec e : suite.experiments()) {
            ExperimentSpec.Fields f = e.fields();
            ExperimentSpec.Overrides q = scale == Scale.QUICK ? f.quick() : null;
            String at = source + ":" + e.line() + ": experiment '" + f.name() + "': ";
            try {
                MatrixRequest matrix = matrix(f, q).withJvms(jvms(suite, f, at), jvmOptions(f, at));
                String missing = missingJvm(matrix);
                if (missing != null) {
                    notes.add("suite " + suite.suite() + ": experiment '" + f.name() + "' skipped: " + missing);
                    continue;
                }
                List<CellPlan> cells =
                        Planner.shaped(Planner.cells(f.name() + "/", matrix, Planner.Keys.SUITE, code), options);
                RunSettings settings = Planner.settings(
                        options,
                        code,
                        Arrays.asList(q == null ? null : q.trials(), f.trials(), suite.trials()),
                        Arrays.asList(q == null ? null : q.warmup(), f.warmup(), suite.warmup()));
                settings = Planner.ordered(settings, options.order(), cells);
                parts.add(new Plan.Part(f.name(), new RunPlan(cells, settings, dataRoot)));
            } catch (PlanException | JvmException ex) {
                throw new SuiteException(at + ex.getMessage());
            }
        }
        if (parts.isEmpty()) {
            throw new SuiteException(source + ": every experiment was skipped: " + String.join("; ", notes));
        }
        return new Plan(suite, scale, parts, notes);
    }

    /** The suite's JVM declarations the experiment names in {@code jvms:}. */
    private static List<JvmSpec> jvms(SuiteSpec suite, ExperimentSpec.Fields f, String at) {
        List<JvmSpec> out = new ArrayList<>();
        for (String label : f.jvms()) {
            SuiteSpec.Jvm declared = suite.jvms().stream()
                    .filter(j -> label.equals(j.label()))
                    .findFirst()
                    .orElseThrow(() -> new JvmException("jvms names '" + label + "', which the suite's jvms: does not"
                            + " declare; declare it (label with home, env or version) or drop it ("
                            + (suite.jvms().isEmpty()
                                    ? "none declared"
                                    : "declared: "
                                            + String.join(
                                                    ", ",
                                                    suite.jvms().stream()
                                                            .map(SuiteSpec.Jvm::label)
                                                            .toList()))
                            + ")"));
            out.add(JvmSpec.declared(
                    declared.label(), declared.home(), declared.env(), declared.version(), "jvms '" + label + "'"));
        }
        return out;
    }

    /** The experiment's {@code jvmArgs:} option sets, in file order. */
    private static List<JvmOptionSet> jvmOptions(ExperimentSpec.Fields f, String at) {
        List<JvmOptionSet> out = new ArrayList<>();
        f.jvmArgs()
                .forEach((label, options) ->
                        out.add(JvmOptionSet.parse(label + "=" + (options == null ? "" : options))));
        return out;
    }

    /**
     * Why a JVM the experiment names by major version or environment variable is not here, or null:
     * such an experiment is skipped with a note (a JDK-vs-JDK table needs both JDKs), while a wrong
     * home is an error.
     */
    private static String missingJvm(MatrixRequest matrix) {
        JdkDiscovery discovery = JdkDiscovery.fromSystem();
        for (JvmSpec jvm : matrix.jvms()) {
            if (jvm.source() instanceof JvmSpec.Home) {
                continue;
            }
            try {
                jvm.resolve(discovery, System.getenv());
            } catch (JvmException e) {
                return e.getMessage();
            }
        }
        return null;
    }

    /** The experiment's matrix with its quick overrides applied ({@code q} null at full scale). */
    private static MatrixRequest matrix(ExperimentSpec.Fields f, ExperimentSpec.Overrides q) {
        Map<String, List<String>> params = new LinkedHashMap<>(f.params());
        if (q != null && q.params() != null) {
            params.putAll(q.params());
        }
        List<String> executors = q != null && q.executors() != null ? q.executors() : f.executors();
        List<String> tasks = q != null && q.tasks() != null ? q.tasks() : f.tasks();
        List<String> concurrency = q != null && q.concurrency() != null ? q.concurrency() : f.concurrency();
        return MatrixRequest.closed(
                f.workload(),
                params,
                executors,
                counts("tasks", tasks, Limits::tasks),
                counts("concurrency", concurrency, Limits::concurrency));
    }

    /** Counts in the planner's range for {@code key}, checked while the text is at hand so a refusal quotes it. */
    private static List<Long> counts(String key, List<String> texts, BiFunction<String, Long, Long> range) {
        List<Long> out = new ArrayList<>();
        for (String text : texts == null ? List.<String>of() : texts) {
            try {
                out.add(range.apply(key, Quantities.count(text)));
            } catch (IllegalArgumentException e) {
                throw new PlanException(key + " '" + text + "' " + e.getMessage(), e);
            }
        }
        return out;
    }

    /**
     * A suite defines its own matrix; the load options would change what its tables measure, so
     * they are refused rather than ignored.
     */
    private static void refuseMatrixOptions(MatrixRequest m) {
        if (m.jvmAxis()) {
            throw new PlanException("a suite file declares its own JVMs (jvms: and jvmArgs: in an experiment);"
                    + " drop --jvm/--jvm-args or run one experiment with -w/-e/-p and --jvm");
        }
        if (m.workload() != null
                || !m.executors().isEmpty()
                || !m.params().isEmpty()
                || !m.tasks().isEmpty()
                || !m.concurrency().isEmpty()) {
            throw new PlanException("a suite file defines its own workloads, executors, parameters, tasks and"
                    + " concurrency; drop -w/-e/-p/--tasks/--concurrency or run without the suite file");
        }
        String load = m.duration() != null
                ? "--duration"
                : !m.rates().isEmpty() ? "--rate" : m.timeout() != null ? "--timeout" : null;
        if (load != null) {
            throw new PlanException(load + " does not apply to a suite: its tables compare task counts run as fast as"
                    + " possible, as its source report did; run one experiment with -w/-e/-p and " + load
                    + " instead (the suite file names its workload and executors)");
        }
    }
}
