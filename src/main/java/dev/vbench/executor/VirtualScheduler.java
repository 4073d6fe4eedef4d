package dev.vbench.executor;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The virtual-thread scheduler as parameters of the executors on virtual threads: each maps to the
 * system property the JDK reads once, when it creates its scheduler, so a cell that sets one runs in
 * forks started with it ({@link JvmNeeds}). Left unset (the default), a parameter is not part of the
 * executor's spec: {@code virtual} stays {@code virtual}.
 *
 * <ul>
 *   <li>{@code parallelism}: {@code jdk.virtualThreadScheduler.parallelism}, carriers meant to run at once (JDK 21+);
 *   <li>{@code maxPoolSize}: {@code jdk.virtualThreadScheduler.maxPoolSize}, most carriers, pinning compensation included (21+);
 *   <li>{@code minRunnable}: {@code jdk.virtualThreadScheduler.minRunnable}, carriers kept runnable (21+);
 *   <li>{@code scheduler}: {@code jdk.virtualThreadScheduler.implClass}, a custom scheduler class (Loom
 *       early-access builds only; a preview API there, so the fork also gets {@code --enable-preview});
 *   <li>{@code pollerMode}: {@code jdk.pollerMode}, how blocking I/O of virtual threads is polled (25+, and Loom builds).
 * </ul>
 *
 * <pre>{@code
 * ConfiguredExecutor e = ExecutorStrategies.parse("virtual:parallelism=2");
 * e.jvmNeeds().options(); // [-Djdk.virtualThreadScheduler.parallelism=2]
 * }</pre>
 */
public final class VirtualScheduler {

    /** The system property that holds the scheduler's parallelism. */
    public static final String PARALLELISM_PROPERTY = "jdk.virtualThreadScheduler.parallelism";

    static final ParamSpec<Integer> PARALLELISM = ParamSpec.of(
            "parallelism",
            "virtual-thread scheduler parallelism:" + " carriers meant to run at once (" + PARALLELISM_PROPERTY
                    + "; not set: the JVM's CPUs)",
            "",
            optionalInt(1, 32_767));
    static final ParamSpec<Integer> MAX_POOL_SIZE = ParamSpec.of(
            "maxPoolSize",
            "most carrier threads, those started"
                    + " to make up for pinned ones included (jdk.virtualThreadScheduler.maxPoolSize; not set: 256 or parallelism)",
            "",
            optionalInt(1, 32_767));
    static final ParamSpec<Integer> MIN_RUNNABLE = ParamSpec.of(
            "minRunnable",
            "carriers kept runnable while others"
                    + " block (jdk.virtualThreadScheduler.minRunnable; not set: parallelism / 2)",
            "",
            optionalInt(1, 32_767));
    static final ParamSpec<String> SCHEDULER = ParamSpec.of(
            "scheduler",
            "class of a custom scheduler, on the fork's"
                    + " system class path (jdk.virtualThreadScheduler.implClass; Loom early-access builds only)",
            "",
            className());
    static final ParamSpec<Integer> POLLER_MODE = ParamSpec.of(
            "pollerMode",
            "how virtual threads poll for blocking I/O:"
                    + " 1 system threads, 2 virtual-thread pollers, 3 a poller per carrier where the build has it (jdk.pollerMode)",
            "",
            optionalInt(1, 3));

    /** Every scheduler parameter, in the order specs and {@code vbench list} show them. */
    static final List<ParamSpec<?>> PARAMS = List.of(PARALLELISM, MAX_POOL_SIZE, MIN_RUNNABLE, SCHEDULER, POLLER_MODE);

    /** The system property of each parameter. */
    private static final Map<String, String> PROPERTIES = Map.of(
            PARALLELISM.name(),
            PARALLELISM_PROPERTY,
            MAX_POOL_SIZE.name(),
            "jdk.virtualThreadScheduler.maxPoolSize",
            MIN_RUNNABLE.name(),
            "jdk.virtualThreadScheduler.minRunnable",
            SCHEDULER.name(),
            "jdk.virtualThreadScheduler.implClass",
            POLLER_MODE.name(),
            "jdk.pollerMode");

    private static final Pattern CLASS_NAME =
            Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");

    private VirtualScheduler() {}

    /** The system property a scheduler parameter sets, or null when {@code param} is not one. */
    public static String property(String param) {
        return PROPERTIES.get(param);
    }

    /** Whether {@code param} is one of the scheduler's parameters (not a provider's parameter of the same name). */
    public static boolean isSchedulerParam(ParamSpec<?> param) {
        return PARAMS.contains(param);
    }

    /** Names of the scheduler parameters. */
    public static List<String> names() {
        return PARAMS.stream().map(ParamSpec::name).toList();
    }

    /**
     * The properties {@code params} set, by property name, in parameter order.
     *
     * @throws IllegalArgumentException for a parallelism above maxPoolSize, which the JDK would cap without a word
     */
    static JvmNeeds needs(String executor, Params params, boolean preview, boolean structured) {
        Map<String, String> set = new LinkedHashMap<>();
        for (ParamSpec<?> p : PARAMS) {
            String text = params.unredactedText().get(p.name());
            if (text != null && !text.isEmpty()) {
                set.put(PROPERTIES.get(p.name()), text.strip());
            }
        }
        int parallelism = params.get(PARALLELISM);
        int max = params.get(MAX_POOL_SIZE);
        if (parallelism > 0 && max > 0 && parallelism > max) {
            throw new IllegalArgumentException("executor '" + executor + "': parallelism " + parallelism
                    + " is above maxPoolSize " + max + ", and the JDK would run " + max
                    + " carriers without a word; raise maxPoolSize or lower parallelism");
        }
        boolean custom = !params.get(SCHEDULER).isEmpty();
        return new JvmNeeds(set, preview || custom, structured);
    }

    /** The scheduler parallelism {@code params} ask for, else the one this JVM would use. */
    static int carrierParallelism(Params params) {
        int given = params.get(PARALLELISM);
        return given > 0 ? given : ExecutorStrategies.carrierParallelism();
    }

    /** An integer in [min, max], or empty for "not set" (parsed as 0). */
    static ParamType<Integer> optionalInt(int min, int max) {
        ParamType<Integer> range = ParamType.intRange(min, max);
        return new ParamType<>() {
            @Override
            public Integer parse(String text) {
                return text.isBlank() ? 0 : range.parse(text);
            }

            @Override
            public String describe() {
                return range.describe();
            }
        };
    }

    /** A binary class name such as {@code com.acme.Sched} or {@code com.acme.Outer$Sched}, or empty. */
    static ParamType<String> className() {
        return new ParamType<>() {
            @Override
            public String parse(String text) {
                String t = text.strip();
                if (!t.isEmpty() && !CLASS_NAME.matcher(t).matches()) {
                    throw new IllegalArgumentException("is not a class name; write e.g. com.acme.MyScheduler");
                }
                return t;
            }

            @Override
            public String describe() {
                return "class name";
            }
        };
    }
}
