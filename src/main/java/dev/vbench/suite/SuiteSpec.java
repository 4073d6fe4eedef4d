package dev.vbench.suite;

import dev.vbench.result.SuiteLayout;
import java.util.List;

/**
 * A suite file.
 *
 * <pre>{@code
 * suite: seed-004-virtual-vs-platform
 * title: Virtual vs platform threads
 * source: seed 004 (10,000 tasks, sleep 200 ms and Leibniz pi, virtual vs fixed:threads=200)
 * warmup: 1
 * trials: 6
 * experiments:
 *   - name: io
 *     workload: io
 *     params: {duration: 200ms}
 *     executors: [virtual, "fixed:threads=200"]
 *     tasks: 10000
 *     quick: {tasks: 2000, params: {duration: 20ms}}
 *     tables:
 *       - {title: "I/O-intensive", layout: executors, metric: makespan, perTask: true}
 * }</pre>
 *
 * @param suite short name (the file name without extension)
 * @param title one line shown above the tables
 * @param source what the source report measured, for the reader
 * @param warmup default warmup trials for every experiment
 * @param trials default measured trials for every experiment
 * @param experiments what to run
 * @param jvms JVMs the experiments may run on ({@code jvms: [jdk21]} in an experiment), each with a
 *     label and exactly one of a home, an environment variable holding a home, or a major version
 * @param gates per-benchmark gates of {@code compare --gates} and {@code history check --gates} ({@link GateSpec});
 *     {@code vbench run} does not use them
 */
public record SuiteSpec(
        String suite,
        String title,
        String source,
        Integer warmup,
        Integer trials,
        List<ExperimentSpec> experiments,
        List<Jvm> jvms,
        List<GateSpec> gates) {

    /**
     * A JVM declared by a suite, as in {@code jvms: [{label: jdk21, version: 21}, {label: mine, env: MY_JDK}]}.
     *
     * @param label column label
     * @param home a JDK home or its bin/java
     * @param env an environment variable holding a JDK home
     * @param version a major version: the newest such JDK found ({@code vbench list --jvms})
     */
    public record Jvm(String label, String home, String env, Integer version) {}

    public SuiteSpec {
        experiments = experiments == null ? List.of() : List.copyOf(experiments);
        jvms = jvms == null ? List.of() : List.copyOf(jvms);
        gates = gates == null ? List.of() : List.copyOf(gates);
    }

    /** What a result records of this suite to print its tables again ({@code vbench report}). */
    public SuiteLayout layout() {
        return new SuiteLayout(
                suite,
                title,
                source,
                experiments.stream()
                        .map(e -> new SuiteLayout.Experiment(
                                e.fields().name(),
                                e.fields().title(),
                                e.fields().tables()))
                        .toList());
    }

    /** A suite without JVM declarations. */
    public SuiteSpec(
            String suite,
            String title,
            String source,
            Integer warmup,
            Integer trials,
            List<ExperimentSpec> experiments) {
        this(suite, title, source, warmup, trials, experiments, List.of(), List.of());
    }

    /** A suite without gates. */
    public SuiteSpec(
            String suite,
            String title,
            String source,
            Integer warmup,
            Integer trials,
            List<ExperimentSpec> experiments,
            List<Jvm> jvms) {
        this(suite, title, source, warmup, trials, experiments, jvms, List.of());
    }
}
