package dev.vbench.executor;

import dev.vbench.result.ExecutorInfo;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import java.util.ArrayList;
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

    static final ParamSpec<Integer> THREADS = ParamSpec.of(
            "threads", "platform threads in the pool", String.valueOf(CPUS), ParamType.intRange(1, 100_000));
    static final ParamSpec<Integer> PERMITS = ParamSpec.of(
            "permits", "virtual threads allowed to run the task at once", "1000", ParamType.intRange(1, 10_000_000));
    static final ParamSpec<Integer> PARALLELISM = ParamSpec.of(
            "parallelism", "ForkJoinPool target parallelism", String.valueOf(CPUS), ParamType.intRange(1, 32_767));

    static final ParamSpec<Integer> FANOUT = ParamSpec.of(
            "fanout",
            "subtasks per task: the operation runs that many"
                    + " times at once, each on a new virtual thread, joined before the task ends (not set: once, on the task's"
                    + " own thread; structured: one subtask)",
            "",
            VirtualScheduler.optionalInt(1, 10_000));
    static final ParamSpec<String> JOINER = ParamSpec.of(
            "joiner",
            "the scope's joiner policy: all-successful"
                    + " (allSuccessfulOrThrow), any-successful (anySuccessfulResultOrThrow: the first success cancels the rest),"
                    + " await-all-successful, await-all",
            StructuredFanout.Joiner.ALL_SUCCESSFUL.key,
            ParamType.choice(StructuredFanout.Joiner.keys()));

    private static final List<ExecutorStrategy> BUILT_IN = List.of(
            simple(
                    "fixed",
                    "fixed pool of platform threads (Executors.newFixedThreadPool)",
                    List.of(THREADS),
                    p -> Executors.newFixedThreadPool(p.get(THREADS)),
                    p -> info("fixed", List.of(THREADS), p, "platform", p.get(THREADS), null, null)),
            onVirtualThreads(
                    "virtual",
                    "new virtual thread per task (Executors.newVirtualThreadPerTaskExecutor);"
                            + " scheduler parameters run it in forks started with them",
                    List.of(),
                    p -> Executors.newVirtualThreadPerTaskExecutor(),
                    p -> null,
                    false),
            onVirtualThreads(
                    "bounded-virtual",
                    "virtual thread per task; a semaphore of 'permits' bounds how many run the task at once (JEP 444 style)",
                    List.of(PERMITS),
                    p -> new BoundedVirtualExecutorService(p.get(PERMITS)),
                    p -> p.get(PERMITS),
                    false),
            onVirtualThreads(
                    "structured",
                    "virtual thread per task, whose operation runs as 'fanout' subtasks of a"
                            + " StructuredTaskScope with the 'joiner' policy (JDK 25 preview API; runs in forks with --enable-preview)",
                    List.of(JOINER),
                    p -> Executors.newVirtualThreadPerTaskExecutor(),
                    p -> null,
                    true),
            simple(
                    "sequential",
                    "every task on the submitting thread, one after another (the sequential baseline)",
                    List.of(),
                    p -> new CallerRunsExecutorService(),
                    p -> info("sequential", List.of(), p, "caller", 1, null, null)),
            simple(
                    "cached",
                    "cached pool of platform threads (Executors.newCachedThreadPool)",
                    List.of(),
                    p -> Executors.newCachedThreadPool(),
                    p -> info("cached", List.of(), p, "platform", null, null, null)),
            simple(
                    "forkjoin",
                    "ForkJoinPool with the given parallelism",
                    List.of(PARALLELISM),
                    p -> new ForkJoinPool(p.get(PARALLELISM)),
                    p -> info("forkjoin", List.of(PARALLELISM), p, "platform", p.get(PARALLELISM), null, null)),
            simple(
                    "platform",
                    "new platform thread per task (Executors.newThreadPerTaskExecutor)",
                    List.of(),
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
     * @throws IllegalArgumentException one sentence naming the valid names or parameters, or for a spec
     *     that sweeps a parameter ({@link #parseSweep})
     */
    public static ConfiguredExecutor parse(String spec, List<ExecutorStrategy> strategies) {
        List<ConfiguredExecutor> all = parseSweep(spec, strategies);
        if (all.size() != 1) {
            throw new IllegalArgumentException("executor spec '" + spec + "' names " + all.size()
                    + " executors (a list of values sweeps); give one value per parameter");
        }
        return all.get(0);
    }

    /**
     * Parses {@code NAME[:key=value[,value…],…]}: a parameter followed by values without a key sweeps it,
     * so {@code virtual:parallelism=1,2,4} is three executors, and two swept parameters cross, the first
     * one outermost.
     *
     * @throws IllegalArgumentException one sentence naming the valid names or parameters
     */
    public static List<ConfiguredExecutor> parseSweep(String spec, List<ExecutorStrategy> strategies) {
        String trimmed = spec.trim();
        int colon = trimmed.indexOf(':');
        String name = colon < 0 ? trimmed : trimmed.substring(0, colon);
        ExecutorStrategy strategy = strategies.stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElse(null);
        if (strategy == null) {
            throw new IllegalArgumentException("unknown executor '" + name + "'; valid executors: "
                    + String.join(
                            ", ",
                            strategies.stream().map(ExecutorStrategy::name).toList()));
        }
        Map<String, List<String>> given = new LinkedHashMap<>();
        if (colon >= 0) {
            String key = null;
            for (String pair : trimmed.substring(colon + 1).split(",")) {
                int eq = pair.indexOf('=');
                if (eq < 0 && key != null && !pair.isBlank()) {
                    given.get(key).add(pair.trim());
                    continue;
                }
                if (eq <= 0) {
                    throw new IllegalArgumentException("executor spec '" + spec + "': '" + pair
                            + "' is not key=value; write e.g. fixed:threads=200");
                }
                key = pair.substring(0, eq).trim();
                if (given.containsKey(key)) {
                    throw new IllegalArgumentException("executor spec '" + spec + "': '" + key
                            + "' is given twice; list its values after one " + key + "=, e.g. " + key + "=1,2");
                }
                given.put(key, new ArrayList<>(List.of(pair.substring(eq + 1).trim())));
            }
        }
        List<Map<String, String>> combos = List.of(Map.of());
        for (Map.Entry<String, List<String>> e : given.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combo : combos) {
                for (String value : e.getValue()) {
                    Map<String, String> c = new LinkedHashMap<>(combo);
                    c.put(e.getKey(), value);
                    next.add(c);
                }
            }
            combos = next;
        }
        List<ConfiguredExecutor> out = new ArrayList<>();
        for (Map<String, String> combo : combos) {
            ConfiguredExecutor e = new ConfiguredExecutor(
                    strategy, Params.resolve(Params.Owner.EXECUTOR, name, strategy.params(), combo));
            e.jvmNeeds(); // refuses parameters the JVM would not honour as given, while the spec is at hand
            out.add(e);
        }
        return out;
    }

    /**
     * Why this JVM cannot run the {@code structured} executor (no {@code StructuredTaskScope.open(Joiner)}
     * with the joiners it offers, as before JDK 25), or null when it can.
     */
    public static String structuredScopeUnavailable() {
        return StructuredFanout.unavailable();
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
        String set = specs.stream()
                .filter(s -> params.asText().containsKey(s.name()))
                .map(s -> s.name() + "=" + params.asText().get(s.name()))
                .collect(Collectors.joining(","));
        return set.isEmpty() ? name : name + ":" + set; // parameters left unset (empty) are not part of the spec
    }

    private static ExecutorInfo info(
            String name,
            List<ParamSpec<?>> specs,
            Params p,
            String threadKind,
            Integer pool,
            Integer permits,
            Integer carriers) {
        return new ExecutorInfo(spec(name, p, specs), name, p.asText(), threadKind, pool, permits, carriers);
    }

    /**
     * A strategy on virtual threads: its own parameters, then {@code fanout} and the scheduler's
     * ({@link VirtualScheduler}), which run its cells in forks started with them.
     *
     * @param permits the permits it records, from its parameters (null: none)
     * @param structured whether each task runs as subtasks of a {@code StructuredTaskScope}
     */
    private static ExecutorStrategy onVirtualThreads(
            String name,
            String description,
            List<ParamSpec<?>> own,
            Function<Params, ExecutorService> factory,
            Function<Params, Integer> permits,
            boolean structured) {
        List<ParamSpec<?>> params = new ArrayList<>(own);
        params.add(FANOUT);
        params.addAll(VirtualScheduler.PARAMS);
        return new OnVirtualThreads(name, description, List.copyOf(params), factory, permits, structured);
    }

    private static ExecutorStrategy simple(
            String name,
            String description,
            List<ParamSpec<?>> params,
            Function<Params, ExecutorService> factory,
            Function<Params, ExecutorInfo> describer) {
        return new Simple(name, description, params, factory, describer);
    }

    /** A strategy made of its name, description and parameters, a factory of its executor and what describes one. */
    private static class Simple implements ExecutorStrategy {
        private final String name;
        private final String description;
        private final List<ParamSpec<?>> params;
        private final Function<Params, ExecutorService> factory;
        private final Function<Params, ExecutorInfo> describer;

        Simple(
                String name,
                String description,
                List<ParamSpec<?>> params,
                Function<Params, ExecutorService> factory,
                Function<Params, ExecutorInfo> describer) {
            this.name = name;
            this.description = description;
            this.params = params;
            this.factory = factory;
            this.describer = describer;
        }

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
    }

    /** A {@link Simple} strategy on virtual threads, whose tasks may fan out ({@link #onVirtualThreads}). */
    private static final class OnVirtualThreads extends Simple {
        private final boolean structured;

        OnVirtualThreads(
                String name,
                String description,
                List<ParamSpec<?>> all,
                Function<Params, ExecutorService> factory,
                Function<Params, Integer> permits,
                boolean structured) {
            super(
                    name,
                    description,
                    all,
                    factory,
                    p -> info(name, all, p, "virtual", null, permits.apply(p), VirtualScheduler.carrierParallelism(p)));
            this.structured = structured;
        }

        @Override
        public ExecutorService create(Params p) {
            if (structured && StructuredFanout.unavailable() != null) {
                throw new IllegalStateException(StructuredFanout.unavailable());
            }
            return super.create(p);
        }

        @Override
        public JvmNeeds jvmNeeds(Params p) {
            return VirtualScheduler.needs(name(), p, structured, structured);
        }

        @Override
        public int subtasks(Params p) {
            return structured ? Math.max(1, p.get(FANOUT)) : p.get(FANOUT);
        }

        @Override
        public Task task(Task operation, Params p) {
            int fanout = p.get(FANOUT);
            if (structured) {
                return new StructuredFanout(operation, Math.max(1, fanout), StructuredFanout.Joiner.of(p.get(JOINER)));
            }
            return fanout > 0 ? new VirtualFanout(operation, fanout) : operation;
        }
    }
}
