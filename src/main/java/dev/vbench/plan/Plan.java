package dev.vbench.plan;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteSpec;
import java.util.List;

/**
 * A validated run, ready for the engine: one {@link RunPlan} per part, run in order. A {@code -w}
 * run has one part; a suite has one per experiment (cell ids {@code EXPERIMENT/cN}), because each
 * experiment may have its own warmup and trial counts.
 *
 * @param suite the suite whose tables are printed, or null for a {@code -w} run
 * @param scale the suite's scale, or null
 * @param parts what runs, in order
 * @param notes what the planner left out and why (a suite experiment on a JDK that is not installed),
 *     one sentence each, for stderr
 */
public record Plan(SuiteSpec suite, Scale scale, List<Part> parts, List<String> notes) {

    /** A plan that left nothing out. */
    public Plan(SuiteSpec suite, Scale scale, List<Part> parts) {
        this(suite, scale, parts, List.of());
    }

    /**
     * One experiment (or the whole {@code -w} run).
     *
     * @param name the experiment's name; empty for a {@code -w} run
     * @param run its cells and settings
     */
    public record Part(String name, RunPlan run) {}

    public Plan {
        notes = notes == null ? List.of() : List.copyOf(notes);
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a plan has at least one part");
        }
    }

    /** Every cell of every part, in run order. */
    public List<CellPlan> cells() {
        return parts.stream().flatMap(p -> p.run().cells().stream()).toList();
    }

    /** The first part's plan: its settings head the result file. */
    public RunPlan first() {
        return parts.get(0).run();
    }

    /** The plans of the parts, in run order. */
    public List<RunPlan> runs() {
        return parts.stream().map(Part::run).toList();
    }
}
