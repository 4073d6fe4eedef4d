package dev.vbench.plan;

import dev.vbench.engine.CellPlan;
import dev.vbench.engine.RunPlan;
import dev.vbench.result.RunSettings;
import dev.vbench.suite.Scale;
import dev.vbench.suite.SuiteSpec;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
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

    /**
     * What identifies this plan across machines, as 16 hex digits of a SHA-256: the suite and scale,
     * and per part its name, its settings (warmup, trials, forks, seed, order, the user's code by
     * hash) and each cell's id and {@link dev.vbench.result.CellConfig#label() configuration}
     * (workload, parameters, executor spec, JVM label, load). What differs between machines of one
     * cluster and does not change what is measured (the data directory, a JDK's path, a jar's path)
     * is left out. Every shard records it ({@link Shards}); {@code vbench merge} refuses shards whose
     * fingerprints differ. Computed from the whole plan, before any slice.
     */
    public String fingerprint() {
        StringBuilder text = new StringBuilder("vbench-plan/1\n");
        text.append("suite ")
                .append(suite == null ? "-" : suite.suite())
                .append(' ')
                .append(scale == null ? "-" : scale.name())
                .append('\n');
        for (Part part : parts) {
            RunSettings s = part.run().settings();
            text.append("part ")
                    .append(part.name())
                    .append(" warmup=")
                    .append(s.warmupTrials())
                    .append(" trials=")
                    .append(s.measuredTrials())
                    .append(" forks=")
                    .append(s.forks())
                    .append(" seed=")
                    .append(s.seed())
                    .append(" order=")
                    .append(s.order());
            s.code()
                    .forEach(c ->
                            text.append(" code=").append(c.kind()).append(':').append(c.sha256()));
            text.append('\n');
            for (CellPlan cell : part.run().cells()) {
                text.append(cell.id()).append(' ').append(cell.config().label()).append('\n');
            }
        }
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /** The plans of the parts, in run order. */
    public List<RunPlan> runs() {
        return parts.stream().map(Part::run).toList();
    }
}
