package dev.vbench.loader;

import dev.vbench.spi.Durations;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JMH annotations that set how JMH runs a benchmark ({@code @Warmup}, {@code @Measurement}, {@code @Fork},
 * {@code @Threads}, {@code @BenchmarkMode}, {@code @OutputTimeUnit}, {@code @Timeout}), which vbench does not apply:
 * its run options decide. For each one a benchmark sets (on the method, else on its class or a superclass, as JMH
 * reads them), what vbench does instead and the option that gives the same, from the annotation's own values.
 *
 * <pre>{@code
 * JmhRunOptions.ignored(jmh, type, method)
 * // ["@Fork(value=2, jvmArgs=[-Xmx2g]) → --forks 2, --jvm-args fork='-Xmx2g'", "@Warmup(iterations=3) → --warmup 3 …"]
 * }</pre>
 */
final class JmhRunOptions {

    /** What JMH's annotations leave unset ({@code Fork.BLANK_ARGS}, {@code -1} counts and times). */
    private static final String BLANK_ARGS = "blank_blank_blank_2014";

    private JmhRunOptions() {}

    /** Each run option {@code method} of {@code type} sets: {@code @Annotation(values) → what to use}, in JMH's order. */
    static List<String> ignored(Jmh jmh, Class<?> type, Method method) {
        List<String> out = new ArrayList<>();
        for (Class<? extends Annotation> option : jmh.runOptions) {
            Annotation a =
                    method.isAnnotationPresent(option) ? method.getAnnotation(option) : type.getAnnotation(option);
            if (a != null) {
                out.add(Jmh.show(a) + " → " + instead(a));
            }
        }
        return out;
    }

    /** What vbench does instead of annotation {@code a}, with the option that gives the same. */
    private static String instead(Annotation a) {
        return switch (a.annotationType().getSimpleName()) {
            case "Warmup" -> iterations(a, "--warmup", "warmup trials") + batch(a);
            case "Measurement" -> iterations(a, "--trials", "measured trials") + batch(a);
            case "Fork" -> fork(a);
            case "Threads" -> threads((Integer) Jmh.element(a, "value"));
            case "BenchmarkMode" ->
                "vbench reports makespan, throughput and latency percentiles in every run (compare with"
                        + " JMH's file writes JMH's mode and unit)";
            case "OutputTimeUnit" -> "vbench picks the units (compare with JMH's file writes JMH's)";
            case "Timeout" ->
                "--task-timeout " + duration((Integer) Jmh.element(a, "time"), (TimeUnit) Jmh.element(a, "timeUnit"))
                        + " (per task, not per iteration)";
            default -> "not applied";
        };
    }

    private static String iterations(Annotation a, String option, String what) {
        int n = (Integer) Jmh.element(a, "iterations");
        return n >= 0 ? option + " " + n + " (whole trials, not timed iterations)" : option + " N " + what;
    }

    private static String batch(Annotation a) {
        int n = (Integer) Jmh.element(a, "batchSize");
        return n > 1 ? ", --batch " + n + " (calls per task)" : "";
    }

    private static String fork(Annotation a) {
        List<String> use = new ArrayList<>();
        int forks = (Integer) Jmh.element(a, "value");
        use.add(forks >= 0 ? "--forks " + forks : "--forks N");
        List<String> args = new ArrayList<>();
        for (String element : List.of("jvmArgsPrepend", "jvmArgs", "jvmArgsAppend")) {
            Arrays.stream((String[]) Jmh.element(a, element))
                    .filter(s -> !s.equals(BLANK_ARGS))
                    .forEach(args::add);
        }
        if (!args.isEmpty()) {
            use.add("--jvm-args fork='" + String.join(" ", args) + "'");
        }
        String jvm = (String) Jmh.element(a, "jvm");
        if (!jvm.equals(BLANK_ARGS)) {
            use.add("--jvm for " + jvm);
        }
        if ((Integer) Jmh.element(a, "warmups") > 0) {
            use.add("warmup forks: none (each fork runs the warmup trials)");
        }
        return String.join(", ", use);
    }

    private static String threads(int n) {
        String c = n > 0 ? String.valueOf(n) : n == -1 ? "N (JMH: every CPU)" : "N (JMH: half the CPUs)";
        return "--concurrency " + c + " with an executor (-e), e.g. -e fixed:threads=" + (n > 0 ? n : "N");
    }

    private static String duration(int time, TimeUnit unit) {
        return Durations.format(Duration.of(time, unit.toChronoUnit()));
    }

    /** The sentence a cell's notes carry when its benchmark sets any: one per cell, each annotation with its replacement. */
    static String note(List<String> ignored) {
        return "JMH annotations vbench does not apply (its options decide): " + String.join("; ", ignored) + ".";
    }
}
