package dev.vbench.plan;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.Engine;
import dev.vbench.engine.RunPlan;
import dev.vbench.result.ExecutorInfo;
import dev.vbench.result.RunSettings;
import dev.vbench.spi.ParamSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Splits a {@link Plan} into {@code N} deterministic slices for machines that each run one
 * ({@code vbench run --shard K/N}). The unit that is never split is a comparison: the cells of one
 * table row ({@link Engine#sameRow}: the executors, JVMs and builds of one set of inputs and load), so
 * every printed comparison is measured on one machine, its trials in the same rounds. Slices are balanced by each
 * row's estimated time ({@link #cellEstimates}: a window, a rate, or the per-task time its parameters state, such
 * as {@code io}'s {@code duration}, over the tasks in flight) when every cell of the plan has one, else by
 * trial count (cells × trials). Rows go, largest first, to the lightest slice so far (ties: plan order,
 * lowest slice), so the same plan always gives the same slices, on every machine.
 *
 * <pre>{@code
 * Plan whole = Planner.plan(request, code);
 * Plan mine = Shards.slice(whole, Shards.Shard.parse("2/3"));   // cells keep their ids
 * String fingerprint = whole.fingerprint();                      // recorded in every shard's result
 * }</pre>
 */
public final class Shards {

    private Shards() {}

    /**
     * The K-th of N slices, K counted from 1.
     *
     * @param index K, 1 ≤ K ≤ N
     * @param count N, ≥ 1
     */
    public record Shard(int index, int count) {

        public Shard {
            if (count < 1 || index < 1 || index > count) {
                throw new PlanException("--shard " + index + "/" + count + " is not a shard; give K/N with 1 ≤ K ≤ N"
                        + " (e.g. --shard 1/3), or --shard auto under a Slurm job array or a Kubernetes Indexed Job");
            }
        }

        /** {@code K/N}, as the option is written. */
        @Override
        public String toString() {
            return index + "/" + count;
        }

        /**
         * Parses {@code K/N}.
         *
         * @throws PlanException naming the form
         */
        public static Shard parse(String text) {
            String t = text == null ? "" : text.strip();
            int slash = t.indexOf('/');
            if (slash > 0
                    && t.substring(0, slash).matches("\\d{1,9}")
                    && t.substring(slash + 1).matches("\\d{1,9}")) {
                return new Shard(Integer.parseInt(t.substring(0, slash)), Integer.parseInt(t.substring(slash + 1)));
            }
            throw new PlanException(
                    "--shard " + (t.isEmpty() ? "''" : t) + " is not K/N; give e.g. --shard 1/3 (the first of"
                            + " three), or --shard auto under a Slurm job array or a Kubernetes Indexed Job");
        }
    }

    /**
     * One comparison: consecutive cells of one part that one table row compares ({@link Engine#sameRow}).
     *
     * @param part the part's name (the suite experiment; empty for a {@code -w} run)
     * @param cells in plan order
     * @param weight estimated cost, in nanoseconds when {@code timed}, else in trials
     */
    public record CellGroup(String part, List<CellPlan> cells, double weight) {
        public CellGroup {
            cells = List.copyOf(cells);
        }
    }

    /** The plan's comparison rows in plan order, each with its estimate. */
    public static List<CellGroup> rows(Plan plan) {
        boolean timed = timedEstimate(plan);
        List<CellGroup> rows = new ArrayList<>();
        for (Plan.Part part : plan.parts()) {
            List<CellPlan> cells = part.run().cells();
            RunSettings s = part.run().settings();
            int trials = s.warmupTrials() + s.measuredTrials();
            for (int first = 0; first < cells.size(); ) {
                int end = first + 1;
                while (end < cells.size() && Engine.sameRow(cells.get(first), cells.get(end))) {
                    end++;
                }
                List<CellPlan> row = cells.subList(first, end);
                double weight = 0;
                for (CellPlan c : row) {
                    weight += timed ? (double) trials * cellNanos(c) : trials;
                }
                rows.add(new CellGroup(part.name(), row, weight));
                first = end;
            }
        }
        return rows;
    }

    /** Whether the estimate is in time (every cell states its per-task time) rather than in trials. */
    public static boolean timedEstimate(Plan plan) {
        return plan.cells().stream().allMatch(c -> cellNanos(c) > 0);
    }

    /**
     * Which slice (0-based) each row of {@link #rows} goes to: largest estimate first to the
     * lightest slice so far; ties by plan order and lowest slice.
     */
    public static int[] assign(List<CellGroup> rows, int count) {
        int[] slice = new int[rows.size()];
        double[] load = new double[count];
        List<Integer> order = IntStream.range(0, rows.size())
                .boxed()
                .sorted(Comparator.comparingDouble((Integer i) -> -rows.get(i).weight())
                        .thenComparingInt(i -> i))
                .toList();
        for (int i : order) {
            int lightest = 0;
            for (int s = 1; s < count; s++) {
                if (load[s] < load[lightest]) {
                    lightest = s;
                }
            }
            slice[i] = lightest;
            load[lightest] += rows.get(i).weight();
        }
        return slice;
    }

    /**
     * The cells of {@code shard}: every part keeps its settings and the rows assigned to this slice,
     * in plan order, with their ids (a part may be left with no cells; so may a slice, when there are
     * more slices than rows).
     */
    public static Plan slice(Plan plan, Shard shard) {
        List<CellGroup> rows = rows(plan);
        int[] slices = assign(rows, shard.count());
        Set<String> mine = IntStream.range(0, rows.size())
                .filter(i -> slices[i] == shard.index() - 1)
                .boxed()
                .flatMap(i -> rows.get(i).cells().stream())
                .map(CellPlan::id)
                .collect(Collectors.toSet());
        List<Plan.Part> parts = new ArrayList<>();
        for (Plan.Part p : plan.parts()) {
            RunPlan run = p.run();
            parts.add(new Plan.Part(
                    p.name(),
                    new RunPlan(
                            run.cells().stream()
                                    .filter(c -> mine.contains(c.id()))
                                    .toList(),
                            run.settings(),
                            run.dataRoot())));
        }
        return new Plan(plan.suite(), plan.scale(), parts, plan.notes());
    }

    /** Each cell id of the plan with the slice (1-based) it runs in, in plan order. */
    public static Map<String, Integer> slices(Plan plan, int count) {
        List<CellGroup> rows = rows(plan);
        int[] slices = assign(rows, count);
        Map<String, Integer> out = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            for (CellPlan c : rows.get(i).cells()) {
                out.put(c.id(), slices[i] + 1);
            }
        }
        return out;
    }

    /**
     * One trial of {@code cell}, estimated in ns: its window; an open rate's tasks ÷ rate; else the rounds of tasks
     * that can be in flight at once (the task count over the smallest of the concurrency and the executor's threads or
     * permits) × the per-task time the parameters state, as tasks that wait (io's sleep) overlap; 0 when unknown.
     */
    static double cellNanos(CellPlan cell) {
        if (cell.load().durationNanos() > 0) {
            return cell.load().durationNanos();
        }
        if (cell.load().ratePerSecond() > 0) {
            return cell.tasks() / cell.load().ratePerSecond() * 1e9 + taskNanos(cell);
        }
        return Math.ceil((double) cell.tasks() / inFlight(cell)) * taskNanos(cell);
    }

    /** How many of the cell's tasks can run at once: its concurrency, its executor's threads or permits, its tasks. */
    private static long inFlight(CellPlan cell) {
        long most = Math.max(1, cell.tasks());
        if (cell.load().concurrency() > 0) {
            most = Math.min(most, cell.load().concurrency());
        }
        ExecutorInfo executor = cell.config().executor();
        if (executor.poolSize() != null) {
            most = Math.min(most, executor.poolSize());
        }
        if (executor.permits() != null) {
            most = Math.min(most, executor.permits());
        }
        return Math.max(1, most);
    }

    /**
     * Each cell's estimated time, all its trials (warmup and measured), in ns, by cell id in plan order; NaN for a
     * cell whose time is unknown (no window, no rate and no duration parameter: a CPU workload, your method).
     */
    public static Map<String, Double> cellEstimates(Plan plan) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (Plan.Part part : plan.parts()) {
            RunSettings s = part.run().settings();
            for (CellPlan c : part.run().cells()) {
                double one = cellNanos(c);
                out.put(c.id(), one > 0 ? one * (s.warmupTrials() + s.measuredTrials()) : Double.NaN);
            }
        }
        return out;
    }

    /**
     * The per-task time the cell's parameters state: the sum of its duration-valued parameters
     * ({@code io}'s {@code duration}); 0 when it has none.
     */
    static long taskNanos(CellPlan cell) {
        long nanos = 0;
        try {
            for (ParamSpec<?> spec : cell.workload().params()) {
                Object value;
                try {
                    value = cell.params().get(spec);
                } catch (IllegalStateException e) {
                    continue; // an optional parameter left unset
                }
                if (value instanceof Duration d) {
                    nanos += d.toNanos();
                }
            }
        } catch (RuntimeException e) {
            return 0; // the user's provider could not say: unknown
        }
        return nanos;
    }
}
