package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The built-in executor strategies and the parser for executor specs
 * ({@code NAME[:key=value[,key=value…]]}). Strategies from the class path
 * ({@link dev.vbench.spi.ExecutorProvider}, as {@link ProvidedStrategy}) are added by
 * {@code loader.UserCode}, which parses against both.
 */
public final class ExecutorStrategies {

    private static final int CPUS = Runtime.getRuntime().availableProcessors();

    static final ParamSpec<Integer> THREADS = ParamSpec.of("threads", "platform threads in the pool",
            String.valueOf(CPUS), ParamType.intRange(1, 100_000));
    static final ParamSpec<Integer> PERMITS = ParamSpec.of("permits", "virtual threads allowed to run the task at once",
            "1000", ParamType.intRange(1, 10_000_000));
    static final ParamSpec<Integer> PARALLELISM = ParamSpec.of("parallelism", "ForkJoinPool target parallelism",
            String.valueOf(CPUS), ParamType.intRange(1, 32_767));

    private static final List<ExecutorStrategy> BUILT_IN = List.of(
            simple("fixed", "fixed pool of platform threads (Executors.newFixedThreadPool)", List.of(THREADS),
                    p -> Executors.newFixedThreadPool(p.get(THREADS)),
                    p -> info("fixed", List.of(THREADS), p, "platform", p.get(THREADS), null, null)),
            simple("virtual", "new virtual thread per task (Executors.newVirtualThreadPerTaskExecutor)", List.of(),
                    p -> Executors.newVirtualThreadPerTaskExecutor(),
                    p -> info("virtual", List.of(), p, "virtual", null, null, carrierParallelism())),
            simple("bounded-virtual",
                    "virtual thread per task; a semaphore of 'permits' bounds how many run the task at once (JEP 444 style)",
                    List.of(PERMITS),
                    p -> new BoundedVirtualExecutorService(p.get(PERMITS)),
                    p -> info("bounded-virtual", List.of(PERMITS), p, "virtual", null, p.get(PERMITS), carrierParallelism())),
            simple("sequential", "every task on the submitting thread, one after another (the sequential baseline)",
                    List.of(),
                    p -> new CallerRunsExecutorService(),
                    p -> info("sequential", List.of(), p, "caller", 1, null, null)),
            simple("cached", "cached pool of platform threads (Executors.newCachedThreadPool)", List.of(),
                    p -> Executors.newCachedThreadPool(),
                    p -> info("cached", List.of(), p, "platform", null, null, null)),
            simple("forkjoin", "ForkJoinPool with the given parallelism", List.of(PARALLELISM),
                    p -> new ForkJoinPool(p.get(PARALLELISM)),
                    p -> info("forkjoin", List.of(PARALLELISM), p, "platform", p.get(PARALLELISM), null, null)),
            simple("platform", "new platform thread per task (Executors.newThreadPerTaskExecutor)", List.of(),
                    p -> Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()),
                    p -> info("platform", List.of(), p, "platform", null, null, null)));

    private static final Map<String, ExecutorStrategy> BY_NAME = BUILT_IN.stream()
            .collect(Collectors.toMap(ExecutorStrategy::name, s -> s, (a, b) -> a, LinkedHashMap::new));

    private ExecutorStrategies() {}

    /** Every built-in strategy in the order {@code vbench list} shows them. */
    public static List<ExecutorStrategy> all() {
        return BUILT_IN;
    }

    /** The strategy called {@code name}, or null. */
    public static ExecutorStrategy byName(String name) {
        return BY_NAME.get(name);
    }

    /**
     * Parses {@code NAME[:key=value,…]}.
     *
     * @throws IllegalArgumentException one sentence naming the valid names or parameters
     */
    public static ConfiguredExecutor parse(String spec) {
        return parse(spec, BUILT_IN);
    }

    /**
     * Parses {@code NAME[:key=value,…]} against {@code strategies} (the built-ins and those found on
     * the class path, names unique).
     *
     * @throws IllegalArgumentException one sentence naming the valid names or parameters
     */
    public static ConfiguredExecutor parse(String spec, List<ExecutorStrategy> strategies) {
        String trimmed = spec.trim();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon);
        ExecutorStrategy strategy = strategies.stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
        if (strategy == null) {
            throw new IllegalArgumentException("unknown executor '" + name + "'; valid executors: "
                    + String.join(", ", strategies.stream().map(ExecutorStrategy::name).toList()));
        }
        Map<String, String> given = new LinkedHashMap<>();
        if (colon >= 0) {
            for (String pair : trimmed.substring(colon + 1).split(",")) {
                int eq = pair.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("executor spec '" + spec + "': '" + pair
                            + "' is not key=value; write e.g. fixed:threads=200");
                }
                given.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim());
            }
        }
        return new ConfiguredExecutor(strategy, Params.resolve(Params.Owner.EXECUTOR, name, strategy.params(), given));
    }

    /** Scheduler parallelism virtual threads run with: the system property if set, else the CPU count. */
    public static int carrierParallelism() {
        String p = System.getProperty("jdk.virtualThreadScheduler.parallelism");
        if (p != null) {
            try {
                return Integer.parseInt(p.trim());
            } catch (NumberFormatException ignored) {
                // the JDK ignores a bad value too and uses the CPU count
            }
        }
        return CPUS;
    }

    static String spec(String name, Params params, List<ParamSpec<?>> specs) {
        if (specs.isEmpty()) {
            return name;
        }
        return name + ":" + specs.stream().map(s -> s.name() + "=" + params.asText().get(s.name()))
                .collect(Collectors.joining(","));
    }

    private static ExecutorInfo info(String name, List<ParamSpec<?>> specs, Params p, String threadKind, Integer pool,
            Integer permits, Integer carriers) {
        return new ExecutorInfo(spec(name, p, specs), name, p.asText(), threadKind, pool, permits, carriers);
    }

    private static ExecutorStrategy simple(String name, String description, List<ParamSpec<?>> params,
            Function<Params, ExecutorService> factory, Function<Params, ExecutorInfo> describer) {
        return new ExecutorStrategy() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public List<ParamSpec<?>> params() {
                return params;
            }

            @Override
            public ExecutorService create(Params p) {
                return factory.apply(p);
            }

            @Override
            public ExecutorInfo describe(Params p) {
                return describer.apply(p);
            }
        };
    }
}
