package dev.vbench.loader;

import java.io.IOException;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;

/**
 * The compiler hints of a JMH benchmark, as JMH gives them to each of its forks: {@code MODE,pkg/Class.method} lines
 * of HotSpot's {@code -XX:CompileCommand} ({@code exclude}, {@code dontinline}, {@code inline}, {@code compileonly},
 * {@code break}, {@code print}). JMH's annotation processor writes them to {@code META-INF/CompilerHints}: every
 * {@code @CompilerControl} of the project, and {@code inline} for each {@code @Benchmark} method and fixture, so that
 * its measurement loop inlines the method whatever the JIT's heuristics say; every fork gets every line. Those lines
 * are read from the class path (its JMH stubs' lines left out: vbench has none); for classes compiled without the
 * processor, the benchmark's own classes (its top-level class with every nested class, its superclasses, its states)
 * are read for {@code @CompilerControl} instead, and the benchmark method gets JMH's default {@code inline}.
 *
 * <pre>{@code
 * List<String> lines = JmhCompilerHints.of(jmh, type, method, stateTypes);
 * // [exclude,acme/Bench.slowPath, inline,acme/Bench.measure]
 * }</pre>
 */
final class JmhCompilerHints {

    /** Where JMH's annotation processor writes the hints (JMH's {@code CompilerHints.LIST}). */
    static final String RESOURCE = "META-INF/CompilerHints";
    /** The modes JMH's {@code CompilerControl.Mode} names, by its constant, as compile commands. */
    private static final Map<String, String> COMMANDS = Map.of(
            "BREAK",
            "break",
            "PRINT",
            "print",
            "EXCLUDE",
            "exclude",
            "INLINE",
            "inline",
            "DONT_INLINE",
            "dontinline",
            "COMPILE_ONLY",
            "compileonly");
    /** The lines of each class loader's {@code META-INF/CompilerHints} files; an empty list when it has none. */
    private static final Map<ClassLoader, List<String>> FROM_CLASS_PATH =
            Collections.synchronizedMap(new WeakHashMap<>());

    private JmhCompilerHints() {}

    /** The hints for {@code method} of {@code type} using {@code states}: the class path's, else read from the classes. */
    static List<String> of(Jmh jmh, Class<?> type, Method method, List<Class<?>> states) {
        List<String> listed = FROM_CLASS_PATH.computeIfAbsent(type.getClassLoader(), JmhCompilerHints::read);
        return listed.isEmpty() ? fromClasses(jmh, type, method, states) : listed;
    }

    /** Every line of every {@code META-INF/CompilerHints} {@code loader} sees, JMH stubs' left out, sorted, once each. */
    private static List<String> read(ClassLoader loader) {
        Set<String> lines = new TreeSet<>();
        try {
            for (URL url : Collections.list(loader.getResources(RESOURCE))) {
                try (InputStream in = url.openStream()) {
                    for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\\R")) {
                        String l = line.strip();
                        if (!l.isEmpty() && !l.startsWith("#") && !l.contains("_jmhStub") && l.contains(",")) {
                            lines.add(l);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // an unreadable list: the classes' own annotations instead
        }
        return List.copyOf(lines);
    }

    /** The hints of the benchmark's classes: their {@code @CompilerControl}, and JMH's default {@code inline} of the method. */
    private static List<String> fromClasses(Jmh jmh, Class<?> type, Method method, List<Class<?>> states) {
        Set<String> lines = new TreeSet<>(explicit(jmh, type, states));
        if (!method.isAnnotationPresent(jmh.compilerControl)
                && !method.getDeclaringClass().isAnnotationPresent(jmh.compilerControl)) {
            lines.add("inline," + internalName(method.getDeclaringClass()) + "." + method.getName());
        }
        return List.copyOf(lines);
    }

    /**
     * The {@code @CompilerControl} of the benchmark's classes (its top-level class with every nested class, its
     * superclasses, its states) as compile commands, as JMH's annotation processor writes them.
     */
    static List<String> explicit(Jmh jmh, Class<?> type, List<Class<?>> states) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        Class<?> top = type;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        nested(top, classes);
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            classes.add(c);
        }
        classes.addAll(states);
        Set<String> lines = new TreeSet<>();
        for (Class<?> c : classes) {
            Annotation onClass = c.getAnnotation(jmh.compilerControl);
            if (onClass != null) {
                lines.add(command(onClass) + "," + internalName(c) + ".*");
            }
            List<Executable> members = new ArrayList<>(List.of(c.getDeclaredMethods()));
            members.addAll(List.of(c.getDeclaredConstructors()));
            for (Executable m : members) {
                Annotation a = m.getAnnotation(jmh.compilerControl);
                if (a != null) {
                    lines.add(command(a) + "," + internalName(c) + "."
                            + (m instanceof Constructor ? "<init>" : m.getName()));
                }
            }
        }
        return List.copyOf(lines);
    }

    private static void nested(Class<?> c, Set<Class<?>> into) {
        if (into.add(c)) {
            for (Class<?> n : c.getDeclaredClasses()) {
                nested(n, into);
            }
        }
    }

    private static String command(Annotation compilerControl) {
        String mode = Jmh.enumElement(compilerControl, "value");
        return COMMANDS.getOrDefault(mode, mode.toLowerCase(Locale.ROOT));
    }

    /** {@code pkg/Outer$Inner}: a class as a compile command names it. */
    static String internalName(Class<?> c) {
        return c.getName().replace('.', '/');
    }
}
