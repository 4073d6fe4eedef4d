package dev.vbench.loader;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipFile;

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

    private static final byte[] BENCHMARK_DESCRIPTOR =
            "Lorg/openjdk/jmh/annotations/".getBytes(StandardCharsets.US_ASCII);

    final Class<? extends Annotation> benchmark;
    final Class<? extends Annotation> state;
    final Class<? extends Annotation> setup;
    final Class<? extends Annotation> tearDown;
    final Class<? extends Annotation> param;
    final Class<? extends Annotation> operationsPerInvocation;
    final Class<? extends Annotation> group;
    final Class<? extends Annotation> auxCounters;
    final Class<? extends Annotation> compilerControl;
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
        auxCounters = annotation(loader, "AuxCounters");
        compilerControl = annotation(loader, "CompilerControl");
        runOptions = List.of(
                annotation(loader, "Fork"),
                annotation(loader, "Warmup"),
                annotation(loader, "Measurement"),
                annotation(loader, "BenchmarkMode"),
                annotation(loader, "Threads"),
                annotation(loader, "OutputTimeUnit"),
                annotation(loader, "Timeout"));
        blackhole = Class.forName("org.openjdk.jmh.infra.Blackhole", false, loader);
        blackholeConstructor = blackhole.getConstructor(String.class);
    }

    @SuppressWarnings("unchecked")
    private static Class<? extends Annotation> annotation(ClassLoader loader, String simpleName)
            throws ClassNotFoundException {
        return (Class<? extends Annotation>) Class.forName(ANNOTATIONS + simpleName, false, loader);
    }

    /**
     * Whether the class file of {@code type} or of one of its superclasses refers to JMH's annotations: read from
     * their bytes, so it answers without jmh-core (where reflection would silently drop the annotations it cannot
     * load). A superclass counts because JMH runs a {@code @Benchmark} method a class inherits (JMH's
     * {@code JMHSample_24_Inheritance}: the method and its {@code @Setup} in an abstract superclass).
     */
    static boolean mentions(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            ClassLoader l = c.getClassLoader();
            if (l == null) {
                return false;
            }
            try (InputStream in = l.getResourceAsStream(c.getName().replace('.', '/') + ".class")) {
                if (in != null && contains(in.readAllBytes(), BENCHMARK_DESCRIPTOR)) {
                    return true;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return false;
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
        Set<String> out = new TreeSet<>();
        try {
            for (URL url : Collections.list(loader.getResources("META-INF/BenchmarkList"))) {
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

    private static final byte[] BENCHMARK_ANNOTATION =
            "Lorg/openjdk/jmh/annotations/Benchmark;".getBytes(StandardCharsets.US_ASCII);

    /**
     * Adds the benchmark classes under a directory or in a jar: as JMH's annotation processor, every concrete
     * class whose class file, or a superclass's, carries {@code @Benchmark} (the superclass read from the class
     * file's header, so nothing is loaded).
     */
    private static void scan(Path entry, Set<String> out) {
        Map<String, ClassFile> classes = new HashMap<>();
        try {
            if (Files.isDirectory(entry)) {
                try (var files = Files.walk(entry)) {
                    for (Path f :
                            files.filter(p -> p.toString().endsWith(".class")).toList()) {
                        String name = entry.relativize(f).toString().replace(File.separatorChar, '/');
                        if (candidate(name)) {
                            classes.put(className(name), ClassFile.of(Files.readAllBytes(f)));
                        }
                    }
                }
            } else {
                try (ZipFile zip = new ZipFile(entry.toFile())) {
                    for (var e : Collections.list(zip.entries())) {
                        if (candidate(e.getName())) {
                            try (InputStream in = zip.getInputStream(e)) {
                                classes.put(className(e.getName()), ClassFile.of(in.readAllBytes()));
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            // an unreadable entry lists nothing; running from it reports the problem
        }
        classes.forEach((name, c) -> {
            if (!c.isAbstract() && benchmarkHierarchy(name, classes)) {
                out.add(name);
            }
        });
    }

    /** Whether {@code name} or a superclass among {@code classes} carries {@code @Benchmark}. */
    private static boolean benchmarkHierarchy(String name, Map<String, ClassFile> classes) {
        for (int depth = 0; name != null && depth < 64; depth++) {
            ClassFile c = classes.get(name);
            if (c == null) {
                return false;
            }
            if (c.benchmark()) {
                return true;
            }
            name = c.superName();
        }
        return false;
    }

    /** What the scan needs of a class file: whether it is abstract (or an interface), its superclass, whether it carries {@code @Benchmark}. */
    private record ClassFile(boolean isAbstract, String superName, boolean benchmark) {

        /** Reads the header after the constant pool (JVMS 4.1); a file it cannot read is no benchmark. */
        static ClassFile of(byte[] bytes) {
            boolean benchmark = contains(bytes, BENCHMARK_ANNOTATION);
            try {
                ByteBuffer b = ByteBuffer.wrap(bytes);
                if (b.getInt() != 0xCAFEBABE) {
                    return new ClassFile(true, null, false);
                }
                b.getInt(); // minor, major
                int count = b.getShort() & 0xFFFF;
                String[] utf8 = new String[count];
                int[] classNameIndex = new int[count];
                for (int i = 1; i < count; i++) {
                    int tag = b.get();
                    switch (tag) {
                        case 1 -> {
                            byte[] text = new byte[b.getShort() & 0xFFFF];
                            b.get(text);
                            utf8[i] = new String(text, StandardCharsets.UTF_8); // modified UTF-8: class names are plain
                        }
                        case 7 -> classNameIndex[i] = b.getShort() & 0xFFFF;
                        case 8, 16, 19, 20 -> b.getShort();
                        case 15 -> {
                            b.get();
                            b.getShort();
                        }
                        case 3, 4, 9, 10, 11, 12, 17, 18 -> b.getInt();
                        case 5, 6 -> {
                            b.getLong();
                            i++; // takes two entries
                        }
                        default -> {
                            return new ClassFile(true, null, false);
                        }
                    }
                }
                int access = b.getShort() & 0xFFFF;
                b.getShort(); // this_class
                int superClass = b.getShort() & 0xFFFF;
                String superName = superClass == 0 ? null : utf8[classNameIndex[superClass]];
                return new ClassFile(
                        (access & 0x0600) != 0, superName == null ? null : superName.replace('/', '.'), benchmark);
            } catch (RuntimeException e) {
                return new ClassFile(true, null, false);
            }
        }
    }

    private static boolean candidate(String name) {
        return name.endsWith(".class")
                && !name.contains("jmh_generated/")
                && !name.startsWith("org/openjdk/jmh/")
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

    /**
     * The {@code @Benchmark} methods of {@code type}, its own and those of its superclasses (a method a subclass
     * overrides counts once, as the subclass's), by name. As JMH's annotation processor, interfaces are not looked
     * at (a default method is no benchmark), and methods that are not public are returned too: the reader refuses
     * each with the reason.
     */
    List<Method> benchmarks(Class<?> type) {
        List<Method> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            Method[] declared = c.getDeclaredMethods();
            Arrays.sort(declared, Comparator.comparing(Method::toString));
            for (Method m : declared) {
                String signature = m.getName() + Arrays.toString(m.getParameterTypes());
                if (!m.isBridge() && !m.isSynthetic() && m.isAnnotationPresent(benchmark) && seen.add(signature)) {
                    out.add(m);
                }
            }
        }
        out.sort(Comparator.comparing(Method::getName));
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
            throw new IllegalStateException(
                    "JMH annotation " + a.annotationType().getName() + " has no element " + name, e);
        }
    }

    /** {@code @Fork(1)}, {@code @Warmup(iterations=1, time=100)}: the elements set to other than their defaults. */
    static String show(Annotation a) {
        List<String> set = new ArrayList<>();
        Method[] elements = a.annotationType().getDeclaredMethods();
        Arrays.sort(elements, Comparator.comparing(Method::getName));
        for (Method m : elements) {
            Object v = element(a, m.getName());
            if (!Objects.deepEquals(v, m.getDefaultValue())) {
                String text = v instanceof Object[] array ? Arrays.toString(array) : String.valueOf(v);
                set.add(m.getName() + "=" + text);
            }
        }
        if (set.size() == 1 && set.get(0).startsWith("value=")) {
            set.set(0, set.get(0).substring("value=".length())); // @Fork(1), @Threads(4): as written
        }
        return "@" + a.annotationType().getSimpleName() + (set.isEmpty() ? "" : "(" + String.join(", ", set) + ")");
    }

    /** The name of an enum-valued element ({@code Scope.Thread} → "Thread"). */
    static String enumElement(Annotation a, String name) {
        return ((Enum<?>) element(a, name)).name();
    }
}
