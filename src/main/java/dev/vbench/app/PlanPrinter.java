package dev.vbench.app;

import dev.vbench.engine.CellPlan;
import dev.vbench.plan.Plan;
import dev.vbench.plan.Shards;
import dev.vbench.text.Numbers;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;

/**
 * {@code vbench run … --dry-run}: the plan's fingerprint, how it splits, and the cells one shard (or
 * the whole run) would run, one line each ({@code ID  LABEL}), without running anything.
 *
 * <pre>
 * plan 3f2a9c81d0e4b5a7: 4 cells in 2 rows (table rows stay in one shard), balanced by trial count
 * shard 2/2 (--shard 2/2): 2 cells, estimate 14 trials
 *   cpu/c1  cpu iterations=2000000 | fixed:threads=200 | tasks=100
 *   cpu/c2  cpu iterations=2000000 | virtual | tasks=100
 * </pre>
 */
final class PlanPrinter {

    private PlanPrinter() {}

    /** @param sharded the shard to show, or null for the whole plan */
    static void print(PrintWriter out, Plan whole, ShardOption sharded) {
        List<Shards.CellGroup> rows = Shards.rows(whole);
        boolean timed = Shards.timedEstimate(whole);
        out.println("plan " + whole.fingerprint() + ": " + whole.cells().size() + " cell(s) in " + rows.size()
                + " row(s) (table rows stay in one shard), balanced by " + (timed ? "estimated time" : "trial count"));
        int count = sharded == null ? 1 : sharded.shard().count();
        int index = sharded == null ? 1 : sharded.shard().index();
        int[] slices = Shards.assign(rows, count);
        double weight = 0;
        int cells = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (slices[i] == index - 1) {
                weight += rows.get(i).weight();
                cells += rows.get(i).cells().size();
            }
        }
        out.println((sharded == null ? "whole run" : "shard " + sharded.shard() + " (" + sharded.source() + ")") + ": "
                + cells + " cell(s), estimate "
                + (timed ? Numbers.elapsed(weight / 1e9) : Math.round(weight) + " trials"));
        Map<String, Integer> slice = Shards.slices(whole, count);
        for (CellPlan c : whole.cells()) {
            if (slice.get(c.id()) == index) {
                out.println("  " + c.id() + "  " + c.config().label());
            }
        }
        whole.notes().forEach(n -> out.println("note: " + n));
        out.flush();
    }
}
