package dev.vbench.plan;

import dev.vbench.engine.CellPlan;
import dev.vbench.executor.JvmNeeds;
import dev.vbench.executor.VirtualScheduler;
import dev.vbench.jvm.JvmException;
import dev.vbench.jvm.JvmFeatures;
import dev.vbench.jvm.JvmProber;
import dev.vbench.jvm.JvmTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Cells whose executor needs a JVM started for it ({@link JvmNeeds}: {@code -e virtual:parallelism=2},
 * {@code -e structured}) placed on JVM targets with those options, so the engine runs them in forks as
 * it runs a JVM column; the run's other cells go on the same JVM without them, so every column of a
 * table runs in fresh forks alike. Without a JVM axis the target has no label (no JVM column); with one,
 * each cell keeps its column and the options are added to its set.
 *
 * <p>Each distinct JVM and option set is probed once, before anything runs ({@link JvmProber#features}),
 * and what it cannot honour is refused in one line: a property its JDK does not read (it would run with
 * its default), no {@code StructuredTaskScope} for {@code structured}, a custom scheduler or poller mode
 * that fails to start, or a scheduler that runs with another parallelism than asked.
 *
 * <pre>{@code
 * List<CellPlan> placed = ExecutorJvms.place(cells, JvmProber::forThisJvm);
 * }</pre>
 */
final class ExecutorJvms {

    private ExecutorJvms() {}

    /** {@code cells} on the targets their executors need, or {@code cells} unchanged when none needs one. */
    static List<CellPlan> place(List<CellPlan> cells, Supplier<JvmProber> probers) {
        if (cells.stream().noneMatch(c -> c.executor().jvmNeeds().any())) {
            return cells;
        }
        JvmProber prober = probers.get();
        List<CellPlan> out = new ArrayList<>();
        for (CellPlan cell : cells) {
            JvmNeeds needs = cell.executor().jvmNeeds();
            JvmTarget base = cell.jvm() != null ? cell.jvm() : JvmTarget.thisJvm(List.of());
            JvmTarget target = base.withOptions(needs.options());
            if (needs.any()) {
                check(cell, target, needs, prober);
            }
            out.add(cell.onJvm(cell.id(), target));
        }
        return out;
    }

    /** Refuses, in one line, what the JVM with these options would not do as the executor asks. */
    private static void check(CellPlan cell, JvmTarget target, JvmNeeds needs, JvmProber prober) {
        String origin = "-e " + cell.executor().spec() + (target.label() == null ? "" : " on " + target.label());
        try {
            JvmProber.Identity jdk = prober.identify(target.java(), origin);
            String which = "JDK " + jdk.version() + " (" + jdk.vendor() + ")";
            JvmFeatures features = prober.features(target, jdk, origin);
            for (Map.Entry<String, String> p : needs.properties().entrySet()) {
                if (!features.reads(p.getKey())) {
                    throw new PlanException(origin + ": " + which + " does not read " + p.getKey() + " and would run"
                            + " with its default; " + fix(p.getKey()));
                }
            }
            if (needs.structuredScope() && features.structuredScope() != null) {
                throw new PlanException(origin + ": " + which + " has no StructuredTaskScope.open(Joiner), JDK 25's"
                        + " preview API (JEP 505); run it on a JDK 25 with --jvm 25 or --jvm LABEL=PATH");
            }
            if (features.schedulerError() != null) {
                throw new PlanException(origin + ": " + which + " cannot start a virtual thread with "
                        + String.join(" ", needs.options()) + ": " + features.schedulerError());
            }
            if (features.pollerError() != null) {
                throw new PlanException(origin + ": " + which + " cannot do blocking I/O on a virtual thread with "
                        + String.join(" ", needs.options()) + ": " + features.pollerError());
            }
            String asked = needs.properties().get(VirtualScheduler.PARALLELISM_PROPERTY);
            if (asked != null
                    && !needs.properties().containsKey(VirtualScheduler.property("scheduler"))
                    && features.schedulerParallelism() >= 0
                    && features.schedulerParallelism() != Integer.parseInt(asked)) {
                throw new PlanException(origin + ": " + which + " runs its scheduler with parallelism "
                        + features.schedulerParallelism() + ", not " + asked + " (read from "
                        + features.schedulerSource()
                        + "); check the other scheduler parameters and --jvm-args");
            }
        } catch (JvmException e) {
            throw new PlanException(e.getMessage(), e);
        }
    }

    private static String fix(String property) {
        if (property.equals(VirtualScheduler.property("scheduler"))) {
            return "custom schedulers need a Loom early-access build: --jvm LABEL=PATH to one (see 'vbench list --jvms')";
        }
        return "run it on a JDK that reads it (--jvm LABEL=PATH; 'vbench list' says which this JDK reads)";
    }
}
