package dev.vbench.loader;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * JMH's annotations and {@code Blackhole} as the user's own jmh-core defines them, read reflectively
 * through the user's class loader: vbench does not bundle jmh-core, so a benchmark runs against the
 * JMH version it was compiled with. {@link #mentions(Class)} tells a JMH class by its class file (it
 * needs no jmh-core), {@link #of(Class)} then finds jmh-core or says how to add it.
 *
 * <pre>{@code
 * if (Jmh.mentions(type)) {
 *     Jmh jmh = Jmh.of(type);                  // IllegalArgumentException: jmh-core is not on the class path
 *     List<Method> methods = jmh.benchmarks(type);
 * }
 * }</pre>
 */
final class Jmh {

    static final String ANNOTATIONS = "org.openjdk.jmh.annotations.";
    /** The answer JMH 1.x's {@code Blackhole(String)} constructor wants before it lets anyone but JMH make one. */
    private static final String BLACKHOLE_CHALLENGE =
            "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.";
    private static final byte[] BENCHMARK_DESCRIPTOR = "Lorg/openjdk/jmh/annotations/".getBytes(StandardCharsets.US_ASCII);

    final Class<? extends Annotation> benchmark;
    final Class<? extends Annotation> state;
    final Class<? extends Annotation> setup;
    final Class<? extends Annotation> tearDown;
    final Class<? extends Annotation> param;
    final Class<? extends Annotation> operationsPerInvocation;
    final Class<? extends Annotation> group;
    final Class<?> blackhole;
    /** The run options of a JMH benchmark, in the order {@code vbench list -w} explains them. */
    final List<Class<? extends Annotation>> runOptions;
    private final Constructor<?> blackholeConstructor;

    private Jmh(ClassLoader loader) throws ReflectiveOperationException {
        benchmark = annotation(loader, "Benchmark");
        state = annotation(loader, "State");
        setup = annotation(loader, "Setup");
        tearDown = annotation(loader, "TearDown");
        param = annotation(loader, "Param");
        operationsPerInvocation = annotation(loader, "OperationsPerInvocation");
        group = annotation(loader, "Group");
        runOptions = List.of(annotation(loader, "Fork"), annotation(loader, "Warmup"), annotation(loader, "Measurement"),
                annotation(loader, "BenchmarkMode"), annotation(loader, "Threads"), annotation(loader, "OutputTimeUnit"),
                annotation(loader, "Timeout"));
        blackhole = Class.forName("org.openjdk.jmh.infra.Blackhole", false, loader);
        blackholeConstructor = blackhole.getConstructor(String.class);
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Annotation> annotation(ClassLoader loader, String simpleName) throws ClassNotFoundException {
        return (Class<? extends Annotation>) Class.forName(ANNOTATIONS + simpleName, false, loader);
    }

    /**
     * Whether {@code type}'s class file refers to JMH's annotations: read from its bytes, so it answers
     * without jmh-core (where reflection would silently drop the annotations it cannot load).
     */
    static boolean mentions(Class<?> type) {
        ClassLoader l = type.getClassLoader();
        if (l == null) {
            return false;
        }
        try (InputStream in = l.getResourceAsStream(type.getName().replace('.', '/') + ".class")) {
            return in != null && contains(in.readAllBytes(), BENCHMARK_DESCRIPTOR);
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean contains(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * The classes with {@code @Benchmark} methods on {@code classPath}: from each {@code META-INF/BenchmarkList}
     * (what JMH's annotation processor writes; the first string of each line is the class), else by scanning
     * the class files for JMH's {@code @Benchmark}. In name order.
     */
    static List<String> benchmarkClasses(ClassPathEntries classPath, ClassLoader loader) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        try {
            for (java.net.URL url : java.util.Collections.list(loader.getResources("META-INF/BenchmarkList"))) {
                try (InputStream in = url.openStream()) {
                    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                        String name = firstString(line);
                        if (name != null) {
                            out.add(name);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // unreadable list: fall back to the class files
        }
        if (out.isEmpty()) {
            for (ClassPathEntries.Entry e : classPath.entries()) {
                scan(e.path(), out);
            }
        }
        return new ArrayList<>(out);
    }

    /** The first length-prefixed string of a BenchmarkList line: {@code JMH S 16 acme.bench.Costs S …}. */
    private static String firstString(String line) {
        String[] t = line.strip().split(" ", 4);
        if (t.length < 4 || !t[0].equals("JMH") || !t[1].equals("S")) {
            return null;
        }
        try {
            int n = Integer.parseInt(t[2]);
            return t[3].length() >= n ? t[3].substring(0, n) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static final byte[] BENCHMARK_ANNOTATION = "Lorg/openjdk/jmh/annotations/Benchmark;".getBytes(StandardCharsets.US_ASCII);

    /** Adds the classes under a directory or in a jar whose class file carries {@code @Benchmark}. */
    private static void scan(java.nio.file.Path entry, java.util.Set<String> out) {
        try {
            if (java.nio.file.Files.isDirectory(entry)) {
                try (var files = java.nio.file.Files.walk(entry)) {
                    for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                        String name = entry.relativize(f).toString().replace(java.io.File.separatorChar, '/');
                        if (candidate(name) && contains(java.nio.file.Files.readAllBytes(f), BENCHMARK_ANNOTATION)) {
                            out.add(className(name));
                        }
                    }
                }
            } else {
                try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(entry.toFile())) {
                    for (var e : java.util.Collections.list(zip.entries())) {
                        if (candidate(e.getName())) {
                            try (InputStream in = zip.getInputStream(e)) {
                                if (contains(in.readAllBytes(), BENCHMARK_ANNOTATION)) {
                                    out.add(className(e.getName()));
                                }
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            // an unreadable entry lists nothing; running from it reports the problem
        }
    }

    private static boolean candidate(String name) {
        return name.endsWith(".class") && !name.contains("jmh_generated/") && !name.startsWith("org/openjdk/jmh/")
                && !name.startsWith("META-INF/");
    }

    private static String className(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.');
    }

    /**
     * jmh-core as {@code type}'s class loader sees it.
     *
     * @throws IllegalArgumentException (exit 2) jmh-core is not on the class path, with the fix
     */
    static Jmh of(Class<?> type) {
        try {
            return new Jmh(type.getClassLoader());
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new IllegalArgumentException("class " + type.getName() + " is a JMH benchmark, but jmh-core is not on"
                    + " the class path (vbench does not bundle it); add the jmh-core jar it was built with to --classpath,"
                    + " or give the shaded benchmarks.jar");
        }
    }

    /** The public {@code @Benchmark} methods of {@code type} (its own and inherited), by name. */
    List<Method> benchmarks(Class<?> type) {
        List<Method> out = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.isAnnotationPresent(benchmark) && !m.isBridge()) {
                out.add(m);
            }
        }
        out.sort(java.util.Comparator.comparing(Method::getName));
        return out;
    }

    /** A fresh {@code Blackhole} of the user's jmh-core, made the way JMH's own generated code makes one. */
    Object newBlackhole() throws ReflectiveOperationException {
        return blackholeConstructor.newInstance(BLACKHOLE_CHALLENGE);
    }

    /** An annotation element's value ({@code value()}, {@code scope()}), read reflectively. */
    static Object element(Annotation a, String name) {
        try {
            Method m = a.annotationType().getMethod(name);
            return m.invoke(a);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("JMH annotation " + a.annotationType().getName() + " has no element " + name, e);
        }
    }

    /** {@code @Fork(1)}, {@code @Warmup(iterations=1, time=100)}: the elements set to other than their defaults. */
    static String show(Annotation a) {
        List<String> set = new ArrayList<>();
        Method[] elements = a.annotationType().getDeclaredMethods();
        java.util.Arrays.sort(elements, java.util.Comparator.comparing(Method::getName));
        for (Method m : elements) {
            Object v = element(a, m.getName());
            if (!java.util.Objects.deepEquals(v, m.getDefaultValue())) {
                String text = v instanceof Object[] array ? java.util.Arrays.toString(array) : String.valueOf(v);
                set.add(m.getName().equals("value") ? text : m.getName() + "=" + text);
            }
        }
        return "@" + a.annotationType().getSimpleName() + (set.isEmpty() ? "" : "(" + String.join(", ", set) + ")");
    }

    /** The name of an enum-valued element ({@code Scope.Thread} → "Thread"). */
    static String enumElement(Annotation a, String name) {
        return ((Enum<?>) element(a, name)).name();
    }
}
