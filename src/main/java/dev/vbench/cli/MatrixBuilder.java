package dev.vbench.cli;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.LoadShape;
import dev.vbench.engine.TrialRunner;
import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.loader.UserCode;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Expands the run options into cells: every combination of parameter values × tasks × concurrency
 * × executor, executors innermost so the cells of one table row run next to each other.
 */
final class MatrixBuilder {

    /** Tasks per trial when neither the user nor the workload chooses. */
    static final long DEFAULT_TASKS = 10_000;

    private MatrixBuilder() {}

    static WorkloadProvider workload(String name) {
        return workload(UserCode.builtIn(), name);
    }

    /** The workload {@code reference} names (a name, a class, CLASS::METHOD, FILE.java) in {@code code}. */
    static WorkloadProvider workload(UserCode code, String reference) {
        try {
            return code.workload(reference);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    static List<ConfiguredExecutor> executors(List<String> specs) {
        return executors(UserCode.builtIn(), specs);
    }

    /** Every spec parsed against the built-in strategies and those on {@code code}'s class path. */
    static List<ConfiguredExecutor> executors(UserCode code, List<String> specs) {
        List<ConfiguredExecutor> out = new ArrayList<>();
        for (String spec : specs) {
            try {
                out.add(code.executor(spec));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage(), e);
            }
        }
        return out;
    }

    /** {@code name=v1,v2} options → ordered map of name → values. */
    static Map<String, List<String>> sweeps(List<String> paramOptions) {
        Map<String, List<String>> sweeps = new LinkedHashMap<>();
        for (String option : paramOptions) {
            int eq = option.indexOf('=');
            if (eq <= 0) {
                throw new UsageException("-p '" + option + "' is not name=value; write e.g. -p duration=20ms or -p files=10,50,100");
            }
            String name = option.substring(0, eq).trim();
            if (sweeps.containsKey(name)) {
                throw new UsageException("-p " + name + " is given twice; put all values in one list: -p " + name + "=a,b");
            }
            List<String> values = new ArrayList<>();
            for (String v : option.substring(eq + 1).split(",", -1)) {
                values.add(v.trim());
            }
            sweeps.put(name, values);
        }
        return sweeps;
    }

    /** Every combination of sweep values, resolved and validated against the workload's parameters. */
    static List<Params> paramCombinations(WorkloadProvider workload, Map<String, List<String>> sweeps) {
        List<Map<String, String>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> sweep : sweeps.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String value : sweep.getValue()) {
                    Map<String, String> c = new LinkedHashMap<>(combo);
                    c.put(sweep.getKey(), value);
                    next.add(c);
                }
            }
            combos = next;
        }
        List<Params> out = new ArrayList<>();
        for (Map<String, String> combo : combos) {
            try {
                out.add(Params.resolve(workload.name(), workload.params(), combo));
            } catch (IllegalArgumentException e) {
                throw new UsageException(e.getMessage());
            }
        }
        return out;
    }

    static List<CellPlan> cells(WorkloadProvider workload, List<Params> paramSets, List<Long> tasksOption,
            List<Long> concurrency, List<ConfiguredExecutor> executors) {
        return cells(workload, paramSets, tasksOption, concurrency, executors, LoadOptions.CLOSED);
    }

    /**
     * Every combination with a load shape: params × tasks × rate × concurrency × executor. A timed
     * closed-model trial has no task count; a timed open-model one gets ⌈rate × window⌉ tasks.
     */
    static List<CellPlan> cells(WorkloadProvider workload, List<Params> paramSets, List<Long> tasksOption,
            List<Long> concurrency, List<ConfiguredExecutor> executors, LoadOptions load) {
        if (load.timed() || !load.rates().isEmpty()) {
            return shapedCells(workload, paramSets, tasksOption, concurrency, executors, load);
        }
        List<CellPlan> cells = new ArrayList<>();
        for (Params params : paramSets) {
            List<Long> tasksList = tasksOption != null ? tasksOption
                    : List.of(workload.defaultTasks(params).orElse(DEFAULT_TASKS));
            for (long tasks : tasksList) {
                if (tasks > TrialRunner.MAX_TASKS) {
                    throw new UsageException("--tasks " + tasks + " is more than one trial can record ("
                            + TrialRunner.MAX_TASKS + "); use fewer tasks and more --trials");
                }
                for (long c : concurrency) {
                    for (ConfiguredExecutor executor : executors) {
                        cells.add(new CellPlan("c" + (cells.size() + 1), workload, params, executor, tasks, (int) c));
                    }
                }
            }
        }
        return cells;
    }

    private static List<CellPlan> shapedCells(WorkloadProvider workload, List<Params> paramSets, List<Long> tasksOption,
            List<Long> concurrency, List<ConfiguredExecutor> executors, LoadOptions load) {
        List<CellPlan> cells = new ArrayList<>();
        List<Double> rates = load.rates().isEmpty() ? Collections.<Double>singletonList(null) : load.rates();
        for (Params params : paramSets) {
            List<Long> tasksList = load.timed() ? List.of(0L) : tasksOption != null ? tasksOption
                    : List.of(workload.defaultTasks(params).orElse(DEFAULT_TASKS));
            for (long tasks : tasksList) {
                checkTasks(tasks);
                for (Double rate : rates) {
                    for (long c : concurrency) {
                        LoadShape shape = load.shape(tasks, (int) c, rate);
                        for (ConfiguredExecutor executor : executors) {
                            cells.add(new CellPlan("c" + (cells.size() + 1), workload, params, executor, shape));
                        }
                    }
                }
            }
        }
        return cells;
    }

    private static void checkTasks(long tasks) {
        if (tasks > TrialRunner.MAX_TASKS) {
            throw new UsageException("--tasks " + tasks + " is more than one trial can record ("
                    + TrialRunner.MAX_TASKS + "); use fewer tasks and more --trials");
        }
    }
}
