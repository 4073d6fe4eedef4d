package dev.vbench.plan;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
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
    static Plan plan(RunRequest request, UserCode code) {
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
        List<String> names = code.workloads().stream().map(WorkloadProvider::name).toList();
        SuiteValidator.validate(suite, source, names::contains, names);
        Path dataRoot = Planner.dataRoot(options);
        List<Plan.Part> parts = new ArrayList<>();
        for (ExperimentSpec e : suite.experiments()) {
            ExperimentSpec.Fields f = e.fields();
            ExperimentSpec.Overrides q = scale == Scale.QUICK ? f.quick() : null;
            try {
                List<CellPlan> cells = Planner.cells(f.name() + "/", matrix(f, q), Planner.Keys.SUITE, code);
                RunSettings settings = Planner.settings(options, code,
                        Arrays.asList(q == null ? null : q.trials(), f.trials(), suite.trials()),
                        Arrays.asList(q == null ? null : q.warmup(), f.warmup(), suite.warmup()));
                parts.add(new Plan.Part(f.name(), new RunPlan(cells, settings, dataRoot)));
            } catch (PlanException ex) {
                throw new SuiteException(source + ":" + e.line() + ": experiment '" + f.name() + "': " + ex.getMessage());
            }
        }
        return new Plan(suite, scale, parts);
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
        return MatrixRequest.closed(f.workload(), params, executors, counts("tasks", tasks), counts("concurrency", concurrency));
    }

    private static List<Long> counts(String key, List<String> texts) {
        List<Long> out = new ArrayList<>();
        for (String text : texts == null ? List.<String>of() : texts) {
            try {
                out.add(Quantities.count(text));
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
        if (m.workload() != null || !m.executors().isEmpty() || !m.params().isEmpty() || !m.tasks().isEmpty()
                || !m.concurrency().isEmpty()) {
            throw new PlanException("a suite file defines its own workloads, executors, parameters, tasks and"
                    + " concurrency; drop -w/-e/-p/--tasks/--concurrency or run without the suite file");
        }
        String load = m.duration() != null ? "--duration" : !m.rates().isEmpty() ? "--rate" : m.timeout() != null ? "--timeout" : null;
        if (load != null) {
            throw new PlanException(load + " does not apply to a suite: its tables compare task counts run as fast as"
                    + " possible, as its source report did; run one experiment with -w/-e/-p and " + load
                    + " instead (the suite file names its workload and executors)");
        }
    }
}
