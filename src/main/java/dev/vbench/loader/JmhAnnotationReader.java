package dev.vbench.loader;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one {@code @Benchmark} method of the user's JMH class into a {@link JmhWorkloadProvider}: its states
 * ({@link JmhStateClass}: scope, constructor, fixtures per level, {@code @Param} fields), its parameters
 * ({@link JmhParam}: declared values, conversion as JMH converts them), {@code @OperationsPerInvocation} and the
 * run options JMH would read. Everything vbench cannot give is refused here, with the fix, before any trial.
 *
 * <pre>{@code
 * JmhWorkloadProvider p = JmhAnnotationReader.read("acme.Bench::sum", "from bench.jar", Jmh.of(type), type, method);
 * }</pre>
 */
final class JmhAnnotationReader {

    /** JMH's levels, in the order setups run. */
    static final List<String> LEVELS = List.of("Trial", "Iteration", "Invocation");

    private JmhAnnotationReader() {}

    static JmhWorkloadProvider read(String name, String origin, Jmh jmh, Class<?> type, Method m) {
        String shown = type.getName() + "::" + m.getName();
        if (!Modifier.isPublic(m.getModifiers())) {
            throw new IllegalArgumentException(
                    "@Benchmark method " + m.getDeclaringClass().getName() + "." + m.getName()
                            + " is not public; JMH and vbench run public methods only: make it public");
        }
        Map<Class<?>, JmhStateClass> byType = new LinkedHashMap<>();
        JmhStateClass[] layout = new JmhStateClass[1 + m.getParameterCount()];
        if (!Modifier.isStatic(m.getModifiers())) {
            layout[0] = state(jmh, type, true, byType, shown);
        }
        Class<?>[] parameters = m.getParameterTypes();
        for (int i = 0; i < parameters.length; i++) {
            Class<?> p = parameters[i];
            if (p == jmh.blackhole) {
                continue;
            }
            if (!p.isAnnotationPresent(jmh.state)) {
                throw new IllegalArgumentException(shown + " takes a " + p.getName() + ", which vbench cannot give: a"
                        + " parameter of a benchmark run by vbench is a @State class or a Blackhole (JMH's BenchmarkParams,"
                        + " ThreadParams and Control have no vbench meaning)");
            }
            layout[i + 1] = state(jmh, p, false, byType, shown);
        }
        if (m.isAnnotationPresent(jmh.group)) {
            throw new IllegalArgumentException(
                    shown + " is a @Group benchmark: its methods run together as one asymmetric"
                            + " benchmark on JMH's thread groups, which vbench's independent tasks cannot reproduce; run it with JMH");
        }
        List<JmhStateClass> states = new ArrayList<>(byType.values());
        Map<String, JmhParam> params = params(jmh, states, shown);
        int ops = 1;
        Annotation opi = m.getAnnotation(jmh.operationsPerInvocation);
        if (opi == null) {
            opi = type.getAnnotation(jmh.operationsPerInvocation);
        }
        if (opi != null) {
            ops = (Integer) Jmh.element(opi, "value");
            if (ops < 1) {
                throw new IllegalArgumentException(shown + ": @OperationsPerInvocation(" + ops + ") must be 1 or more");
            }
        }
        List<String> runOptions = JmhRunOptions.ignored(jmh, type, m);
        try {
            List<Class<?>> stateTypes =
                    states.stream().<Class<?>>map(JmhStateClass::type).toList();
            return new JmhWorkloadProvider(
                    name,
                    origin,
                    jmh,
                    type,
                    m,
                    layout,
                    states,
                    params,
                    ops,
                    runOptions,
                    JmhCompilerHints.of(jmh, type, m, stateTypes),
                    JmhCompilerHints.explicit(jmh, type, stateTypes));
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalArgumentException(shown + " cannot be called: " + e.getMessage()
                    + "; make the class and the method public (and its package exported)");
        }
    }

    /** The state of {@code type}, made once per benchmark method. */
    private static JmhStateClass state(
            Jmh jmh, Class<?> type, boolean benchmarkClass, Map<Class<?>, JmhStateClass> byType, String shown) {
        if (byType.containsKey(type)) {
            JmhStateClass known = byType.get(type);
            if (known == null) {
                throw new IllegalArgumentException("state " + type.getName() + " of " + shown + " needs itself through"
                        + " the parameters of its fixtures (a cycle); JMH refuses it too: break the cycle");
            }
            return known;
        }
        Annotation annotation = type.getAnnotation(jmh.state);
        boolean perClient;
        if (annotation == null) {
            // JMH makes an un-annotated benchmark class a Thread state; without instance fields one shared instance is
            // the same
            perClient = benchmarkClass && hasInstanceFields(type);
        } else {
            String scope = Jmh.enumElement(annotation, "value");
            if (scope.equals("Group")) {
                throw new IllegalArgumentException(
                        shown + " uses @State(Scope.Group) " + type.getName() + ": a group state"
                                + " is shared by the threads of one JMH @Group, and vbench has no thread groups; use Scope.Benchmark"
                                + " (shared) or Scope.Thread (one per client), or run it with JMH");
            }
            perClient = scope.equals("Thread");
        }
        if (Modifier.isAbstract(type.getModifiers())
                || (type.getEnclosingClass() != null && !Modifier.isStatic(type.getModifiers()))) {
            throw new IllegalArgumentException("state class " + type.getName() + " of " + shown + " is abstract or a"
                    + " non-static inner class; make it a concrete public static class");
        }
        Constructor<?> constructor;
        try {
            constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
        } catch (NoSuchMethodException | RuntimeException e) {
            throw new IllegalArgumentException("state class " + type.getName() + " of " + shown
                    + " has no no-argument constructor; add a public one");
        }
        byType.put(type, null); // being read: a fixture that needs it again is a cycle
        List<List<Method>> setups = fixtures(jmh, type, jmh.setup, perClient, byType, shown);
        List<List<Method>> tearDowns = fixtures(jmh, type, jmh.tearDown, perClient, byType, shown);
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.isAnnotationPresent(jmh.param)) {
                    if (Modifier.isFinal(f.getModifiers()) || Modifier.isStatic(f.getModifiers())) {
                        throw new IllegalArgumentException("@Param field " + type.getName() + "." + f.getName()
                                + " is final or static; JMH and vbench set an instance field: drop the modifier");
                    }
                    f.setAccessible(true);
                    fields.add(f);
                }
            }
        }
        JmhStateClass s = new JmhStateClass(
                type, perClient, constructor, setups, tearDowns, fields, auxCounters(jmh, type, perClient, shown));
        byType.put(type, s);
        return s;
    }

    /**
     * The {@code @AuxCounters} of a state class, as JMH's annotation processor reads them: its public fields and its
     * public methods that return a number (none: the class is not annotated); only a {@code Scope.Thread} state
     * may count, as in JMH.
     */
    private static JmhStateClass.Counters auxCounters(Jmh jmh, Class<?> type, boolean perClient, String shown) {
        Annotation a = type.getAnnotation(jmh.auxCounters);
        if (a == null) {
            return null;
        }
        if (!perClient) {
            throw new IllegalArgumentException("@AuxCounters state " + type.getName() + " of " + shown + " is not a"
                    + " Scope.Thread state; as in JMH, counters are kept per thread: make it @State(Scope.Thread)");
        }
        List<Field> fields = new ArrayList<>();
        for (Field f : type.getDeclaredFields()) {
            if (Modifier.isPublic(f.getModifiers()) && !Modifier.isStatic(f.getModifiers())) {
                counterType(f.getType(), type.getName() + "." + f.getName(), shown);
                f.setAccessible(true);
                fields.add(f);
            }
        }
        List<Method> methods = new ArrayList<>();
        Method[] declared = type.getDeclaredMethods();
        Arrays.sort(declared, Comparator.comparing(Method::getName));
        for (Method m : declared) {
            if (Modifier.isPublic(m.getModifiers())
                    && !Modifier.isStatic(m.getModifiers())
                    && m.getReturnType() != void.class
                    && !m.isSynthetic()
                    && !m.isAnnotationPresent(jmh.setup)
                    && !m.isAnnotationPresent(jmh.tearDown)) {
                counterType(m.getReturnType(), type.getName() + "." + m.getName() + "()", shown);
                if (m.getParameterCount() > 0) {
                    throw new IllegalArgumentException("@AuxCounters method " + type.getName() + "." + m.getName()
                            + " of " + shown + " takes parameters; a counter method takes none");
                }
                m.setAccessible(true);
                methods.add(m);
            }
        }
        fields.sort(Comparator.comparing(Field::getName));
        return new JmhStateClass.Counters(Jmh.enumElement(a, "value"), fields, methods);
    }

    private static void counterType(Class<?> t, String member, String shown) {
        if (!List.of(
                        byte.class,
                        short.class,
                        int.class,
                        long.class,
                        float.class,
                        double.class,
                        Byte.class,
                        Short.class,
                        Integer.class,
                        Long.class,
                        Float.class,
                        Double.class)
                .contains(t)) {
            throw new IllegalArgumentException("@AuxCounters member " + member + " of " + shown + " is a " + t.getName()
                    + "; as in JMH, a counter is a number (byte, short, int, long, float, double or their boxes)");
        }
    }

    private static boolean hasInstanceFields(Class<?> type) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The {@code @Setup} or {@code @TearDown} methods of {@code type}, one list per level of {@link #LEVELS}. As in JMH,
     * a fixture may take a {@code Blackhole} and other {@code @State} objects (read here as states of the benchmark,
     * set up before the state that needs them: JMH's states DAG); a Benchmark state's fixture cannot take a Thread
     * state.
     */
    private static List<List<Method>> fixtures(
            Jmh jmh,
            Class<?> type,
            Class<? extends Annotation> kind,
            boolean perClient,
            Map<Class<?>, JmhStateClass> byType,
            String shown) {
        List<List<Method>> byLevel = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.add(0, c); // a superclass's fixtures first, as JMH
        }
        for (Class<?> c : hierarchy) {
            Method[] declared = c.getDeclaredMethods();
            Arrays.sort(declared, Comparator.comparing(Method::getName));
            for (Method f : declared) {
                Annotation a = f.getAnnotation(kind);
                if (a == null) {
                    continue;
                }
                String what =
                        "@" + kind.getSimpleName() + " method " + c.getName() + "." + f.getName() + " of " + shown;
                if (Modifier.isStatic(f.getModifiers())) {
                    throw new IllegalArgumentException(
                            what + " is static; JMH and vbench call fixtures on the state object:" + " drop static");
                }
                int level = LEVELS.indexOf(Jmh.enumElement(a, "value"));
                for (Class<?> p : f.getParameterTypes()) {
                    fixtureParameter(jmh, p, perClient, byType, what, shown);
                }
                f.setAccessible(true);
                byLevel.get(level).add(f);
            }
        }
        return byLevel;
    }

    /** Checks one parameter of a fixture, reading the state it names. */
    private static void fixtureParameter(
            Jmh jmh, Class<?> p, boolean perClient, Map<Class<?>, JmhStateClass> byType, String what, String shown) {
        if (p == jmh.blackhole) {
            return;
        }
        if (!p.isAnnotationPresent(jmh.state)) {
            throw new IllegalArgumentException(
                    what + " takes a " + p.getName() + ", which vbench cannot give: a fixture"
                            + " of a benchmark run by vbench takes a Blackhole or @State objects (JMH's BenchmarkParams,"
                            + " IterationParams and ThreadParams describe JMH's own iterations and threads)");
        }
        JmhStateClass dependency = state(jmh, p, false, byType, shown);
        if (!perClient && dependency.perClient()) {
            throw new IllegalArgumentException(what + " belongs to a shared state and takes Scope.Thread state "
                    + p.getName() + "; JMH refuses it too: a shared state cannot depend on one client's");
        }
    }

    /** Every {@code @Param} of the states, by name; the values each declares must agree where a name repeats. */
    private static Map<String, JmhParam> params(Jmh jmh, List<JmhStateClass> states, String shown) {
        Map<String, List<Field>> fields = new LinkedHashMap<>();
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (JmhStateClass s : states) {
            for (Field f : s.paramFields()) {
                fields.computeIfAbsent(f.getName(), k -> new ArrayList<>()).add(f);
                List<String> declared = List.of((String[]) Jmh.element(f.getAnnotation(jmh.param), "value"));
                if (declared.isEmpty() && f.getType().isEnum()) {
                    declared = Arrays.stream(f.getType().getEnumConstants())
                            .map(e -> ((Enum<?>) e).name())
                            .toList();
                }
                if (declared.isEmpty() && (f.getType() == boolean.class || f.getType() == Boolean.class)) {
                    declared = List.of("false", "true");
                }
                values.putIfAbsent(f.getName(), declared);
            }
        }
        Map<String, JmhParam> out = new LinkedHashMap<>();
        fields.forEach((n, fs) -> {
            List<String> vs = values.get(n);
            String description = "@Param "
                    + String.join(
                            ", ",
                            fs.stream()
                                    .map(f -> f.getDeclaringClass().getSimpleName() + "." + f.getName() + " ("
                                            + f.getType().getSimpleName() + ")")
                                    .toList())
                    + (vs.isEmpty()
                            ? "; no values declared: give them with -p " + n + "=…"
                            : "; JMH values " + String.join(",", vs));
            out.put(n, new JmhParam(n, fs, vs, ParamSpec.of(n, description, vs.isEmpty() ? "" : vs.get(0), type(fs))));
        });
        return out;
    }

    /** A parameter type that accepts what converts to every field of the name; the value is the text. */
    private static ParamType<Object> type(List<Field> fields) {
        Class<?> shown = fields.get(0).getType();
        return new ParamType<>() {
            @Override
            public Object parse(String text) {
                for (Field f : fields) {
                    convert(text, f.getType());
                }
                return text;
            }

            @Override
            public String describe() {
                return shown.isEnum()
                        ? "one of "
                                + String.join(
                                        ", ",
                                        Arrays.stream(shown.getEnumConstants())
                                                .map(e -> ((Enum<?>) e).name())
                                                .toList())
                        : shown.getSimpleName();
            }
        };
    }

    /** {@code text} as a value of {@code type}, as JMH converts {@code @Param} values. */
    static Object convert(String text, Class<?> type) {
        String t = text.strip();
        try {
            if (type == String.class) {
                return text;
            } else if (type == int.class || type == Integer.class) {
                return Integer.valueOf(t);
            } else if (type == long.class || type == Long.class) {
                return Long.valueOf(t);
            } else if (type == double.class || type == Double.class) {
                return Double.valueOf(t);
            } else if (type == float.class || type == Float.class) {
                return Float.valueOf(t);
            } else if (type == short.class || type == Short.class) {
                return Short.valueOf(t);
            } else if (type == byte.class || type == Byte.class) {
                return Byte.valueOf(t);
            } else if (type == boolean.class || type == Boolean.class) {
                if (!t.equalsIgnoreCase("true") && !t.equalsIgnoreCase("false")) {
                    throw new IllegalArgumentException("is not a boolean; write true or false");
                }
                return Boolean.valueOf(t);
            } else if (type == char.class || type == Character.class) {
                if (text.length() != 1) {
                    throw new IllegalArgumentException("is not one character");
                }
                return text.charAt(0);
            } else if (type.isEnum()) {
                for (Object e : type.getEnumConstants()) {
                    if (((Enum<?>) e).name().equals(t)) {
                        return e;
                    }
                }
                throw new IllegalArgumentException("is not a constant of " + type.getSimpleName() + "; write one of "
                        + String.join(
                                ", ",
                                Arrays.stream(type.getEnumConstants())
                                        .map(e -> ((Enum<?>) e).name())
                                        .toList()));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("does not convert to " + type.getSimpleName() + "; write a "
                    + type.getSimpleName() + " value (as JMH's @Param would need)");
        }
        throw new IllegalArgumentException("cannot be set: @Param fields of type " + type.getName()
                + " are not supported;" + " use a primitive, its box, String or an enum");
    }
}
