package dev.vbench.loader;

import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.executor.ExecutorStrategy;
import dev.vbench.executor.ProvidedStrategy;
import dev.vbench.spi.ExecutorProvider;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The executor strategies of one {@link UserCode}: the built-ins ({@link ExecutorStrategies#all()}), then every
 * {@link ExecutorProvider} its class loader finds with {@link ServiceLoader}, one per name; a spec is parsed
 * against all of them ({@link ExecutorStrategies#parse}), once its name is known to be claimed by one only.
 *
 * <pre>{@code
 * ConfiguredExecutor e = new ExecutorLookup(code).find("fixed:threads=4");
 * }</pre>
 */
final class ExecutorLookup {

    private final UserCode code;
    private Map<String, List<UserCode.Found<ExecutorStrategy>>> executorsByName;

    ExecutorLookup(UserCode code) {
        this.code = code;
    }

    /** Every executor strategy: the built-ins, then those found on the class path, one per name. */
    List<ExecutorStrategy> all() {
        List<ExecutorStrategy> out = new ArrayList<>();
        for (Map.Entry<String, List<UserCode.Found<ExecutorStrategy>>> e :
                executorsByName().entrySet()) {
            out.add(UserCode.unique("executor", e.getKey(), e.getValue(), "ExecutorProvider.name()"));
        }
        return out;
    }

    /**
     * Parses an executor spec ({@code NAME[:key=value,…]}) against every strategy.
     *
     * @throws IllegalArgumentException unknown name, bad parameter, or a name two strategies claim
     */
    ConfiguredExecutor find(String spec) {
        return ExecutorStrategies.parse(spec, strategiesFor(spec));
    }

    /**
     * Parses an executor spec whose parameters may sweep ({@code virtual:parallelism=1,2,4}) into one
     * executor per value ({@link ExecutorStrategies#parseSweep}).
     *
     * @throws IllegalArgumentException unknown name, bad parameter, or a name two strategies claim
     */
    List<ConfiguredExecutor> sweep(String spec) {
        return ExecutorStrategies.parseSweep(spec, strategiesFor(spec));
    }

    /** Every strategy, once the name of {@code spec} is known to be claimed by one only. */
    private List<ExecutorStrategy> strategiesFor(String spec) {
        String name = spec.strip().split(":", 2)[0];
        List<UserCode.Found<ExecutorStrategy>> named = executorsByName().get(name);
        if (named != null) {
            UserCode.unique("executor", name, named, "ExecutorProvider.name()");
        }
        List<ExecutorStrategy> all = new ArrayList<>();
        executorsByName().values().forEach(list -> all.add(list.get(0).value()));
        return all;
    }

    private Map<String, List<UserCode.Found<ExecutorStrategy>>> executorsByName() {
        if (executorsByName == null) {
            executorsByName = new LinkedHashMap<>();
            for (ExecutorStrategy s : ExecutorStrategies.all()) {
                executorsByName
                        .computeIfAbsent(s.name(), k -> new ArrayList<>())
                        .add(new UserCode.Found<>(s, "built into vbench"));
            }
            for (ServiceLoader.Provider<ExecutorProvider> p : code.providers(ExecutorProvider.class)) {
                ExecutorProvider e = UserCode.get(p);
                if (e.name() == null
                        || e.name().isBlank()
                        || e.name().contains(":")
                        || e.name().contains(",")) {
                    throw new IllegalArgumentException("executor provider "
                            + p.type().getName() + " (" + UserCode.source(p.type()) + ") has the name '" + e.name()
                            + "'; ExecutorProvider.name() must be non-empty, without ':' or ','");
                }
                executorsByName
                        .computeIfAbsent(e.name(), k -> new ArrayList<>())
                        .add(new UserCode.Found<>(
                                new ProvidedStrategy(e), p.type().getName() + " (" + UserCode.source(p.type()) + ")"));
            }
        }
        return executorsByName;
    }
}
