package dev.vbench.loader;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code @Benchmark} methods of a user's class, read through {@link Jmh} from the class path's own jmh-core:
 * a class's benchmarks (each a {@link JmhWorkloadProvider} named {@code CLASS::METHOD} with the class's binary name,
 * or skipped with its reason), one method of it, or their names; each bad input is one sentence naming the fix.
 *
 * <pre>{@code
 * JmhBenchmarks.ClassBenchmarks found = JmhBenchmarks.resolveClass("from bench.jar", type);
 * JmhWorkloadProvider one = JmhBenchmarks.resolveMethod("from bench.jar", type, "measure");
 * }</pre>
 */
final class JmhBenchmarks {

    private JmhBenchmarks() {}

    /**
     * The benchmarks of a class: those vbench runs, named {@code CLASS::METHOD} (the class by its binary name), and
     * those it skips, by name, with the reason (one sentence naming the fix).
     */
    record ClassBenchmarks(List<JmhWorkloadProvider> runnable, Map<String, String> skipped) {

        /** Every skipped benchmark with its reason, for an error when none runs. */
        String reasons() {
            return String.join("; ", skipped.values());
        }
    }

    /**
     * Every {@code @Benchmark} method of {@code type} (its own and inherited), each read on its own: a method vbench
     * cannot run (a {@code @Group}, a parameter it cannot give, a method that is not public) is skipped with its
     * reason and the others run.
     *
     * @throws IllegalArgumentException (exit 2) naming the fix: jmh-core missing, an abstract class, no benchmark
     */
    static ClassBenchmarks resolveClass(String origin, Class<?> type) {
        Jmh jmh = Jmh.of(type);
        List<Method> benchmarks = benchmarksOf(jmh, type);
        List<JmhWorkloadProvider> runnable = new ArrayList<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        Map<String, List<Method>> byName = new LinkedHashMap<>();
        benchmarks.forEach(
                m -> byName.computeIfAbsent(m.getName(), k -> new ArrayList<>()).add(m));
        byName.forEach((method, overloads) -> {
            String name = type.getName() + "::" + method;
            List<JmhWorkloadProvider> read = new ArrayList<>();
            String reason = null;
            for (Method m : overloads) {
                try {
                    read.add(JmhAnnotationReader.read(name, origin, jmh, type, m));
                } catch (IllegalArgumentException e) {
                    reason = reason != null ? reason : e.getMessage();
                }
            }
            if (read.size() == 1 && overloads.size() == 1) {
                runnable.add(read.get(0));
            } else {
                // overloads JMH tells apart by their @Group (JMHSample_22_FalseSharing): skipped for the group's reason
                skipped.put(name, read.isEmpty() ? reason : overloaded(type, method));
            }
        });
        return new ClassBenchmarks(runnable, skipped);
    }

    /**
     * The {@code @Benchmark} method {@code method} (a name, perhaps with a signature) of {@code type}, named
     * {@code CLASS::METHOD} with the class's binary name.
     *
     * @throws IllegalArgumentException (exit 2) naming the fix: jmh-core missing, Scope.Group, no such benchmark, …
     */
    static JmhWorkloadProvider resolveMethod(String origin, Class<?> type, String method) {
        Jmh jmh = Jmh.of(type);
        List<Method> benchmarks = benchmarksOf(jmh, type);
        String wanted = method.replaceFirst("\\(.*$", "").strip();
        List<Method> named =
                benchmarks.stream().filter(m -> m.getName().equals(wanted)).toList();
        if (named.isEmpty()) {
            throw new IllegalArgumentException("class " + type.getName() + " has no @Benchmark method '" + wanted
                    + "'; its benchmarks: "
                    + String.join(
                            ", ",
                            benchmarks.stream().map(Method::getName).distinct().toList()));
        }
        if (named.size() > 1) {
            for (Method m : named) {
                JmhAnnotationReader.read(
                        type.getName() + "::" + method.strip(), origin, jmh, type, m); // a @Group's reason first
            }
            throw new IllegalArgumentException(overloaded(type, wanted));
        }
        return JmhAnnotationReader.read(type.getName() + "::" + method.strip(), origin, jmh, type, named.get(0));
    }

    private static String overloaded(Class<?> type, String method) {
        return type.getName() + "::" + method + " is overloaded; JMH benchmark names must be unique, rename one";
    }

    /** The benchmarks of a concrete public class; none, or an abstract class: the one-line error. */
    private static List<Method> benchmarksOf(Jmh jmh, Class<?> type) {
        MethodWorkloadProvider.checkPublic(type);
        if (Modifier.isAbstract(type.getModifiers()) || type.isInterface()) {
            throw new IllegalArgumentException(
                    "class " + type.getName() + " is abstract; JMH runs the @Benchmark methods"
                            + " it declares in each concrete subclass: name a subclass");
        }
        List<Method> benchmarks = jmh.benchmarks(type);
        if (benchmarks.isEmpty()) {
            throw new IllegalArgumentException("class " + type.getName() + " has no @Benchmark method"
                    + (Jmh.mentions(type) ? " (it uses JMH's annotations on other members only)" : "")
                    + "; to time one of its methods write 'CLASS::METHOD'" + MethodWorkloadProvider.wouldDo(type));
        }
        return benchmarks;
    }

    /** Whether {@code type} holds {@code @Benchmark} methods (its class file mentions JMH's annotations). */
    static boolean isBenchmarkClass(Class<?> type) {
        return Jmh.mentions(type);
    }

    /** The names of the {@code @Benchmark} methods of JMH class {@code type}; jmh-core missing: the one-line error. */
    static List<String> benchmarkNames(Class<?> type) {
        return Jmh.of(type).benchmarks(type).stream()
                .map(Method::getName)
                .distinct()
                .toList();
    }

    /**
     * Whether {@code method} (a name, perhaps with a signature) is a {@code @Benchmark} method of JMH class
     * {@code type}; checks jmh-core is there first, so a missing one is said rather than the method not found.
     */
    static boolean isBenchmark(Class<?> type, String method) {
        Jmh jmh = Jmh.of(type);
        String wanted = method.replaceFirst("\\(.*$", "").strip();
        return jmh.benchmarks(type).stream().anyMatch(m -> m.getName().equals(wanted));
    }
}
