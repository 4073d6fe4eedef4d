package dev.vbench.measure;

import dev.vbench.jvm.ScratchDir;
import dev.vbench.result.CellConfig;
import dev.vbench.result.PinnedStack;
import dev.vbench.result.TrialResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Counts JFR {@code jdk.VirtualThreadPinned} events during each trial of a cell on virtual
 * threads, and keeps the most frequent stacks. A JFR {@link Recording} with only this event
 * enabled is started before the trial; after the trial it is stopped, written to a temporary
 * file and parsed with {@link RecordingFile}, so each trial's count is exact and the parsing
 * happens outside the timed region.
 *
 * <p>Why not a {@code RecordingStream}: a stream parses the recording once a second on its own
 * thread <em>during</em> the trial, which measured here as 0.2 ms of CPU and 9 KB of allocation
 * per task on a 2.4 s trial of 400 tasks. A plain recording only buffers events natively.
 *
 * <p>Cost: JFR's first start in a JVM takes about 200 ms (once); later each trial adds a few
 * milliseconds before and after it. An event costs only when a virtual thread actually parks while
 * pinned (then its stack is walked). {@code vbench calibrate} measures the whole cost.
 *
 * <p>What pins: before JDK 24 a virtual thread that blocks inside {@code synchronized} or
 * {@code Object.wait()} pins its carrier; JDK 24 (JEP 491) removed that, and only native frames
 * and class initializers on the stack still pin.
 */
public final class PinningProbe implements TrialProbe {

    /** The JFR event this probe records. */
    public static final String EVENT = "jdk.VirtualThreadPinned";
    /** Distinct stacks kept per trial, most frequent first. */
    public static final int MAX_STACKS = 5;
    /** Frames kept per stack, below the JDK's park machinery. */
    public static final int MAX_FRAMES = 8;
    /** Distinct stacks aggregated per trial before further ones are only counted. */
    static final int MAX_DISTINCT = 1000;

    private final Duration threshold;
    private final Consumer<String> warn;
    private boolean unavailable;

    /**
     * @param threshold shortest pinned park that is recorded ({@link Duration#ZERO}: every one;
     *     JFR's default configuration uses 20 ms)
     * @param warn receives one warning if JFR cannot record here
     */
    public PinningProbe(Duration threshold, Consumer<String> warn) {
        this.threshold = threshold;
        this.warn = warn;
    }

    /** The shortest pinned park this probe records. */
    public Duration threshold() {
        return threshold;
    }

    @Override
    public Running start(CellConfig cell) {
        if (unavailable || !"virtual".equals(cell.executor().threadKind())) {
            return null;
        }
        Recording recording = null;
        try {
            if (!FlightRecorder.isAvailable()) {
                throw new IllegalStateException("FlightRecorder.isAvailable() is false");
            }
            recording = new Recording();
            recording.setName("vbench-pinning");
            recording.enable(EVENT).withThreshold(threshold).withStackTrace();
            recording.setToDisk(true);
            recording.start();
        } catch (OutOfMemoryError e) {
            if (recording != null) {
                recording.close();
            }
            throw outOfMemory("starting", e);
        } catch (Exception | LinkageError e) {
            unavailable = true;
            warn.accept(
                    "JFR is not available here (" + e.getMessage() + "); pinning is not recorded (pinnedEvents -1)");
            return null;
        }
        Recording started = recording;
        return new Running() {
            @Override
            public TrialResult finish(TrialResult trial) {
                Aggregate aggregate = read(started);
                return trial.withTelemetry(
                        trial.telemetry().withPinning(aggregate.events(), aggregate.top(MAX_STACKS)));
            }

            @Override
            public void abort() {
                started.close();
            }
        };
    }

    /**
     * The JVM's error wrapped in one that says what ran out of memory and the cheaper way out than a
     * bigger heap; {@code cli.Cli} prints both on one line.
     */
    private static OutOfMemoryError outOfMemory(String doing, OutOfMemoryError cause) {
        OutOfMemoryError e =
                new OutOfMemoryError(doing + " the JFR recording of pinned events (--pinning off skips it)");
        e.initCause(cause);
        return e;
    }

    /** Stops the recording, dumps it to a temporary file and aggregates its pinned events. */
    static Aggregate read(Recording recording) {
        Aggregate aggregate = new Aggregate();
        Path file = null;
        try {
            recording.stop();
            file = ScratchDir.createTempFile("vbench-pinning-", ".jfr");
            recording.dump(file);
            try (RecordingFile events = new RecordingFile(file)) {
                while (events.hasMoreEvents()) {
                    RecordedEvent e = events.readEvent();
                    if (EVENT.equals(e.getEventType().getName())) {
                        aggregate.add(e);
                    }
                }
            }
            return aggregate;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the JFR recording of pinned events: " + e.getMessage(), e);
        } catch (OutOfMemoryError e) {
            throw outOfMemory("reading", e); // the parser's objects are garbage now
        } finally {
            recording.close();
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    /**
     * The warning for runs on virtual threads before JDK 24, where {@code synchronized} pins
     * carriers; empty on JDK 24+ or when no cell runs on virtual threads.
     *
     * @param jdkFeature {@code Runtime.version().feature()}
     * @param cells the cells of the run
     */
    public static Optional<String> synchronizedPinningWarning(int jdkFeature, List<CellConfig> cells) {
        if (jdkFeature >= 24) {
            return Optional.empty();
        }
        List<String> workloads = cells.stream()
                .filter(c -> "virtual".equals(c.executor().threadKind()))
                .map(CellConfig::workload)
                .distinct()
                .toList();
        if (workloads.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("JDK " + jdkFeature + " pins a virtual thread's carrier while it blocks inside synchronized"
                + " (fixed in JDK 24 by JEP 491), so " + String.join(", ", workloads)
                + " on virtual threads may measure pinning (e.g. JDBC drivers and jar/zip code use synchronized);"
                + " pinned parks are counted in the tables, and JDK 24+ shows the difference");
    }

    /** Per-trial aggregation of pinned events by reason and top frames. */
    static final class Aggregate {
        private long events;
        private final Map<List<String>, long[]> byStack = new HashMap<>();
        private final Map<List<String>, String> reasons = new HashMap<>();

        synchronized void add(RecordedEvent event) {
            events++;
            String reason = event.hasField("pinnedReason") ? event.getString("pinnedReason") : "";
            add(frames(event.getStackTrace()), reason, event.getDuration().toNanos());
        }

        synchronized void add(List<String> frames, String reason, long nanos) {
            List<String> key = new ArrayList<>(frames.size() + 1);
            key.add(reason);
            key.addAll(frames);
            long[] counts = byStack.get(key);
            if (counts == null) {
                if (byStack.size() >= MAX_DISTINCT) {
                    return;
                }
                counts = new long[2];
                byStack.put(key, counts);
                reasons.put(key, reason);
            }
            counts[0]++;
            counts[1] += nanos;
        }

        synchronized long events() {
            return events;
        }

        synchronized List<PinnedStack> top(int limit) {
            return byStack.entrySet().stream()
                    .sorted(Comparator.<Map.Entry<List<String>, long[]>>comparingLong(e -> -e.getValue()[0])
                            .thenComparing(e -> String.join("\n", e.getKey())))
                    .limit(limit)
                    .map(e -> new PinnedStack(
                            e.getValue()[0],
                            e.getValue()[1],
                            reasons.get(e.getKey()),
                            e.getKey().subList(1, e.getKey().size())))
                    .toList();
        }
    }

    /** Top frames as {@code class.method:line}, skipping the JDK's park machinery. */
    static List<String> frames(RecordedStackTrace stack) {
        if (stack == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(MAX_FRAMES);
        for (RecordedFrame f : stack.getFrames()) {
            String type = f.getMethod().getType().getName();
            if (isParkMachinery(type)) {
                continue;
            }
            out.add(type + "." + f.getMethod().getName() + (f.getLineNumber() > 0 ? ":" + f.getLineNumber() : ""));
            if (out.size() == MAX_FRAMES) {
                break;
            }
        }
        return out;
    }

    static boolean isParkMachinery(String className) {
        return className.equals("java.lang.VirtualThread")
                || className.startsWith("jdk.internal.")
                || className.equals("java.util.concurrent.locks.LockSupport");
    }
}
