package dev.vbench.measure;

import dev.vbench.result.CellConfig;
import dev.vbench.result.TrialResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The probes run around every trial, in order. {@link #defaults()} is what {@code vbench run}
 * uses unless told otherwise: collector pauses and scheduler settings always, JFR pinning events
 * for cells on virtual threads.
 *
 * <pre>{@code
 * TrialProbes probes = TrialProbes.of(new JvmProbe(), PinningProbe.forVirtualCells(Duration.ZERO, warn));
 * TrialResult t = probes.around(cell.config(), () -> trialRunner.run(...));
 * }</pre>
 */
public final class TrialProbes {

    /** No probes: the trial runner's own counters only. */
    public static final TrialProbes NONE = new TrialProbes(List.of());

    /**
     * What the standard probes record, so that a forked JVM ({@code vbench run --forks}) can set up
     * the same ones.
     *
     * @param pinning whether JFR pinning events are recorded on virtual-thread cells
     * @param pinningThreshold shortest pinned park that is recorded
     */
    public record Settings(boolean pinning, Duration pinningThreshold) {
        /** What {@link #defaults()} records: pinning on, every pinned park. */
        public static final Settings DEFAULTS = new Settings(true, Duration.ZERO);
    }

    private final List<TrialProbe> probes;

    private TrialProbes(List<TrialProbe> probes) {
        this.probes = List.copyOf(probes);
    }

    /** Whether these probes record pinning, and from which threshold on. */
    public Settings settings() {
        for (TrialProbe p : probes) {
            if (p instanceof PinningProbe pinning) {
                return new Settings(true, pinning.threshold());
            }
        }
        return new Settings(false, Duration.ZERO);
    }

    public static TrialProbes of(TrialProbe... probes) {
        return new TrialProbes(List.of(probes));
    }

    /** JVM counters plus JFR pinning on virtual-thread cells (threshold 0: every pinned park). */
    public static TrialProbes defaults() {
        return standard(true, Duration.ZERO, message -> {});
    }

    /**
     * @param pinning record JFR {@code jdk.VirtualThreadPinned} events on virtual-thread cells
     * @param threshold shortest pinned park that is recorded
     * @param warn receives a one-line warning when JFR is not available
     */
    public static TrialProbes standard(boolean pinning, Duration threshold, Consumer<String> warn) {
        List<TrialProbe> list = new ArrayList<>();
        list.add(new MachineProbe()); // outermost: the load around everything the trial does
        if (pinning) {
            list.add(new PinningProbe(threshold, warn));
        }
        list.add(new JvmProbe()); // innermost: its window excludes starting and stopping JFR
        return new TrialProbes(list);
    }

    /** A trial to run between the probes' start and finish. */
    @FunctionalInterface
    public interface Trial {
        TrialResult run() throws Exception;
    }

    /** Starts every probe, runs the trial, then finishes the probes in reverse order. */
    public TrialResult around(CellConfig cell, Trial trial) throws Exception {
        List<TrialProbe.Running> running = new ArrayList<>(probes.size());
        TrialResult result;
        try {
            for (TrialProbe p : probes) {
                TrialProbe.Running r = p.start(cell);
                if (r != null) {
                    running.add(r);
                }
            }
            result = trial.run();
        } catch (Exception | Error e) {
            for (TrialProbe.Running r : running) {
                r.abort();
            }
            throw e;
        }
        for (int i = running.size() - 1; i >= 0; i--) {
            result = running.get(i).finish(result);
        }
        return result;
    }
}
