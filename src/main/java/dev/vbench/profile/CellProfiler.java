package dev.vbench.profile;

import dev.vbench.measure.Histograms;
import dev.vbench.result.Profile;
import dev.vbench.result.TrialResult;
import dev.vbench.spi.Task;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Profiles the measured trials of one cell and sums them into one {@link Profile} per event. Warmup
 * trials and a workload's preparation are never profiled: the engine runs measured trials only through
 * {@link #profile}. A profiler that fails to start gives one warning and
 * the trial runs unprofiled; a profile never fails a trial.
 *
 * <pre>{@code
 * CellProfiler profiler = new CellProfiler(request, jvmProfiler, warn);
 * Task task = profiler.wrap(workload.task());
 * TrialResult t = profiler.profile(() -> trialRunner.run(task, executor, load, index));
 * cell = cell.withProfiles(profiler.profiles());
 * }</pre>
 */
public final class CellProfiler {

    /** Who the task sampler is, as the result names it. */
    public static final String TASK_SAMPLER = "vbench task sampler";

    private final ProfileRequest request;
    private final JvmProfiler jvm;
    private final Consumer<String> warn;
    private final TaskSampler sampler;
    private final Map<ProfileEvent, CollapsedStacks> jvmStacks = new EnumMap<>(ProfileEvent.class);
    private final List<String> problems = new ArrayList<>();
    private boolean jvmRunning;
    private int trials;

    /**
     * @param jvm who samples the JVM's events ({@link #openJvmProfiler}); null when none is asked or none can run
     * @param warn receives one line when a profiler cannot start for a trial
     */
    public CellProfiler(ProfileRequest request, JvmProfiler jvm, Consumer<String> warn) {
        this.request = request;
        this.jvm = jvm;
        this.warn = warn;
        this.sampler = request.has(ProfileEvent.TASKS) ? new TaskSampler(request.intervalNanos()) : null;
    }

    /**
     * The profiler of the JVM's events for a run (async-profiler, or JFR as the fallback), opened once per
     * JVM: null when none is asked or none can run (then {@code warn} has said why).
     */
    public static JvmProfiler openJvmProfiler(ProfileRequest request, Consumer<String> warn) {
        return JvmProfiler.open(request, warn);
    }

    /** The task to run in a measured trial: {@code task} itself, or wrapped for the task sampler. */
    public Task wrap(Task task) {
        return sampler == null ? task : sampler.wrap(task);
    }

    /** One trial to profile: runs it, returns its result. */
    @FunctionalInterface
    public interface Trial {
        TrialResult run() throws Exception;
    }

    /**
     * Runs {@code trial} between the profilers' start and stop; the samples of tasks above the trial's p99
     * service time make the slow tail. A trial that throws is profiled for nothing ({@link #abort}).
     */
    public TrialResult profile(Trial trial) throws Exception {
        beforeTrial();
        TrialResult t;
        try {
            t = trial.run();
        } catch (Exception | Error e) {
            abort();
            throw e;
        }
        afterTrial(p99ServiceNanos(t));
        return t;
    }

    /** The trial's p99 service time; 0 when it recorded no service histogram. */
    static long p99ServiceNanos(TrialResult t) {
        if (t.histograms() == null || t.histograms().service() == null) {
            return 0;
        }
        return Histograms.decode(t.histograms().service()).getValueAtPercentile(99);
    }

    /** Starts the profilers, just before the trial's first task. */
    void beforeTrial() {
        trials++;
        if (jvm != null) {
            try {
                jvm.start(request.jvmEvents(), request.intervalNanos());
                jvmRunning = true;
            } catch (Exception | Error e) {
                problem(jvm.name() + " could not start (" + firstLine(e) + "); this trial's "
                        + keys(request.jvmEvents()) + " samples are missing");
            }
        }
        if (sampler != null) {
            sampler.start();
        }
    }

    /**
     * Stops the profilers after the trial's executor terminated and adds what they sampled.
     *
     * @param slowAboveNanos the trial's p99 service time: samples of slower tasks make the slow tail; 0: none
     */
    void afterTrial(long slowAboveNanos) throws InterruptedException {
        if (sampler != null) {
            sampler.stop(slowAboveNanos);
        }
        if (jvmRunning) {
            jvmRunning = false;
            try {
                jvm.stop()
                        .forEach((event, stacks) -> jvmStacks
                                .computeIfAbsent(event, e -> new CollapsedStacks())
                                .addAll(stacks.toProfile(event.key(), "", 0, "", null, List.of())));
            } catch (Exception | Error e) {
                problem(jvm.name() + " recording could not be read (" + firstLine(e) + "); this trial's "
                        + keys(request.jvmEvents()) + " samples are missing");
            }
        }
    }

    /** Stops the profilers of a trial that failed or was interrupted, keeping nothing of it. */
    void abort() {
        if (sampler != null) {
            try {
                sampler.abort();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (jvmRunning) {
            jvmRunning = false;
            jvm.abort();
        }
    }

    /** One profile per event asked for, with every stack, in the order asked; empty when nothing was profiled. */
    public List<Profile> profiles() {
        List<Profile> out = new ArrayList<>();
        if (trials == 0) {
            return out;
        }
        for (ProfileEvent event : request.events()) {
            if (event == ProfileEvent.TASKS) {
                out.add(taskProfile());
            } else if (jvm != null) {
                CollapsedStacks s = jvmStacks.getOrDefault(event, new CollapsedStacks());
                List<String> notes = new ArrayList<>(jvm.notes(List.of(event), request.intervalNanos()));
                notes.addAll(problems);
                long interval = event == ProfileEvent.CPU || event == ProfileEvent.WALL ? request.intervalNanos() : 0;
                out.add(s.toProfile(event.key(), jvm.name(), interval, threadsText(), null, notes));
            }
        }
        return out;
    }

    private Profile taskProfile() {
        List<String> notes = new ArrayList<>();
        notes.add(String.format(
                Locale.ROOT,
                "%d ticks over %d trials, %.1f tasks in flight on average, up to %d sampled per tick",
                sampler.ticks(),
                trials,
                sampler.meanInFlight(),
                TaskSampler.MAX_TASKS_PER_TICK));
        notes.addAll(sampler.sleepNotes());
        if (sampler.untagged() > 0) {
            notes.add(sampler.untagged() + " samples are not in the slow tail: their tasks' times were overwritten"
                    + " (more than " + TaskSampler.RING + " tasks in flight)");
        }
        CollapsedStacks tail = sampler.slowTail();
        Profile slow = tail.isEmpty()
                ? null
                : tail.toProfile(
                        ProfileEvent.TASKS.key(),
                        TASK_SAMPLER,
                        request.intervalNanos(),
                        "tasks slower than their trial's p99 service time",
                        null,
                        List.of());
        return sampler.stacks()
                .toProfile(
                        ProfileEvent.TASKS.key(),
                        TASK_SAMPLER,
                        request.intervalNanos(),
                        "the tasks in flight, on any thread (virtual threads mounted or not)",
                        slow,
                        notes);
    }

    private static String threadsText() {
        return "task threads: stacks inside a task, and pool workers and carriers between tasks";
    }

    private void problem(String line) {
        if (!problems.contains(line)) {
            problems.add(line);
            warn.accept("profile: " + line);
        }
    }

    private static String keys(List<ProfileEvent> events) {
        return String.join(",", events.stream().map(ProfileEvent::key).toList());
    }

    private static String firstLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }
}
