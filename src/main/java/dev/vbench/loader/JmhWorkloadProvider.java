package dev.vbench.loader;

import dev.vbench.spi.FixtureTask;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import java.lang.annotation.Annotation;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * One {@code @Benchmark} method of the user's JMH class as a workload, {@code -w 'pkg.Bench::method'},
 * with JMH's meaning of its annotations, read through {@link Jmh} from the user's own jmh-core:
 *
 * <ul>
 *   <li>{@code @State(Scope.Benchmark)}: one instance per trial, shared by every task;
 *       {@code @State(Scope.Thread)}: one instance per concurrent client (trial's {@code --concurrency}),
 *       each task taking a free client's instances. The benchmark class itself is a state: its own
 *       {@code @State}, else (as JMH) a Thread state, or one shared instance when it has no instance fields.
 *   <li>{@code @Setup}/{@code @TearDown} at {@code Level.Trial} and {@code Level.Iteration}: around each
 *       vbench trial, outside the timed region; at {@code Level.Invocation}: around each task, outside its
 *       timed region too ({@link FixtureTask}).
 *   <li>{@code @Param} fields: parameters whose declared values the planner sweeps ({@link #paramValues()}).
 *   <li>{@code Blackhole} parameters: a real one of the user's jmh-core per client; the return value is
 *       consumed by a Blackhole of the user's jmh-core too, as JMH's generated code consumes it.
 * </ul>
 *
 * <p><b>The task path.</b> The method is called through one {@link FrameCall} per method (a hidden class
 * whose constant handle takes each argument from a frame, {@code Object[]}: the receiver, then each argument,
 * then the Blackhole of the result), built before the trial; {@code --batch} calls it in the hidden class's
 * own loop. With a frame per client (a Thread state, a Blackhole parameter, a reference result: the
 * Blackhole's {@code consume(Object)} writes to it) the frames are in an array built before the trial; a task
 * claims the frame of slot {@code index mod clients} with one compare-and-set (the next free one when another
 * task holds it; at most {@code clients} tasks are in flight, so one is free) and releases it with a plain
 * release store: no lock and no allocation per task.
 */
final class JmhWorkloadProvider implements JmhWorkload {

    /** JMH's levels, in the order setups run. */
    private static final List<String> LEVELS = List.of("Trial", "Iteration", "Invocation");
    /** Ints between two claim flags: 64 bytes, so clients on different cores do not share a cache line. */
    private static final int PAD = 16;

    private final String name;
    private final String origin;
    private final Jmh jmh;
    private final Method method;
    /** The method's call, made on its first trial (a hidden class: not for {@code vbench list}). */
    private FrameCall call;
    /** The frame: index 0 the receiver's state (null for a static method), then one entry per parameter (null: Blackhole). */
    private final StateClass[] layout;
    private final List<StateClass> states;
    private final Map<String, JmhParam> params;
    private final int operationsPerInvocation;
    private final List<String> runOptions;

    /** One state class: how to make it, its fixtures per level and its {@code @Param} fields. */
    private record StateClass(Class<?> type, boolean perClient, Constructor<?> constructor, List<List<Method>> setups,
            List<List<Method>> tearDowns, List<Field> paramFields) {

        boolean hasInvocationFixtures() {
            return !setups.get(2).isEmpty() || !tearDowns.get(2).isEmpty();
        }
    }

    /** One {@code @Param} name: the fields it sets (several states may declare it) and its declared values. */
    private record JmhParam(String name, List<Field> fields, List<String> values, ParamSpec<Object> spec) {}

    private JmhWorkloadProvider(String name, String origin, Jmh jmh, Method method, StateClass[] layout,
            List<StateClass> states, Map<String, JmhParam> params, int operationsPerInvocation, List<String> runOptions)
            throws IllegalAccessException {
        this.name = name;
        this.origin = origin;
        this.jmh = jmh;
        this.method = method;
        this.layout = layout;
        this.states = states;
        this.params = params;
        this.operationsPerInvocation = operationsPerInvocation;
        this.runOptions = runOptions;
        method.setAccessible(true);
        MethodHandles.lookup().unreflect(method); // cannot be called: the one line now, not at the first trial
    }

    /** The method's {@link FrameCall}, made once. */
    private synchronized FrameCall call() throws ReflectiveOperationException {
        if (call == null) {
            call = FrameCall.of(handle(method, jmh.blackhole, layout.length));
        }
        return call;
    }

    /**
     * {@code (Object[] frame) → long}: the method with its receiver and arguments taken from the frame (index 0,
     * then one per parameter); a primitive result folded into the {@code long} ({@link FrameCall}'s loop keeps
     * it), a reference given to the Blackhole at {@code blackholeAt}, as JMH's generated code gives it (a null
     * check alone let the JIT drop an allocation the result was, and a method returning an array then measured
     * well below JMH's figure for it).
     */
    static MethodHandle handle(Method method, Class<?> blackhole, int blackholeAt) throws ReflectiveOperationException {
        MethodHandle mh = MethodHandles.lookup().unreflect(method);
        if (Modifier.isStatic(method.getModifiers())) {
            mh = MethodHandles.dropArguments(mh, 0, Object.class);
        }
        Class<?> result = mh.type().returnType();
        int n = mh.type().parameterCount();
        mh = mh.asType(MethodType.genericMethodType(n).changeReturnType(result));
        MethodHandle[] fromFrame = new MethodHandle[n];
        for (int i = 0; i < n; i++) {
            fromFrame[i] = frameElement(i);
        }
        mh = MethodHandles.permuteArguments(MethodHandles.filterArguments(mh, 0, fromFrame),
                MethodType.methodType(result, Object[].class), new int[n]);
        if (result.isPrimitive()) {
            return MethodWorkloadProvider.resultAsLong(mh);
        }
        MethodHandle consume = MethodHandles.publicLookup().findVirtual(blackhole, "consume",
                MethodType.methodType(void.class, Object.class)).asType(MethodType.methodType(void.class, Object.class, result));
        consume = MethodHandles.filterArguments(consume, 0, frameElement(blackholeAt)); // (frame, result) → void
        MethodHandle consumed = MethodHandles.permuteArguments(MethodHandles.collectArguments(consume, 1, mh),
                MethodType.methodType(void.class, Object[].class), 0, 0);
        return MethodHandles.filterReturnValue(consumed, MethodHandles.constant(long.class, 0L));
    }

    /** {@code (Object[] frame) → frame[index]}. */
    private static MethodHandle frameElement(int index) {
        return MethodHandles.insertArguments(MethodHandles.arrayElementGetter(Object[].class), 1, index);
    }

    // ---------------------------------------------------------------- resolving

    /**
     * The workloads of {@code type}: every {@code @Benchmark} method ({@code method} null), or the one named.
     *
     * @throws IllegalArgumentException (exit 2) naming the fix: jmh-core missing, Scope.Group, no such benchmark, …
     */
    static List<JmhWorkloadProvider> resolve(String reference, String origin, Class<?> type, String method) {
        Jmh jmh = Jmh.of(type);
        MethodWorkloadProvider.checkPublic(type);
        List<Method> benchmarks = jmh.benchmarks(type);
        if (benchmarks.isEmpty()) {
            throw new IllegalArgumentException("class " + type.getName() + " has no public @Benchmark method; name one"
                    + " with 'CLASS::METHOD'" + MethodWorkloadProvider.wouldDo(type));
        }
        String wanted = method == null ? null : method.replaceFirst("\\(.*$", "").strip();
        List<JmhWorkloadProvider> out = new ArrayList<>();
        for (Method m : benchmarks) {
            if (wanted == null || m.getName().equals(wanted)) {
                String name = method == null ? type.getName() + "::" + m.getName() : reference;
                out.add(of(name, origin, jmh, type, m));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("class " + type.getName() + " has no @Benchmark method '" + wanted
                    + "'; its benchmarks: " + String.join(", ", benchmarks.stream().map(Method::getName).distinct().toList()));
        }
        if (out.size() > 1 && wanted != null) {
            throw new IllegalArgumentException(type.getName() + "::" + wanted + " is overloaded; JMH benchmark names must"
                    + " be unique, rename one");
        }
        return out;
    }

    /** Whether {@code type} holds {@code @Benchmark} methods (its class file mentions JMH's annotations). */
    static boolean isBenchmarkClass(Class<?> type) {
        return Jmh.mentions(type);
    }

    /** The names of the {@code @Benchmark} methods of JMH class {@code type}; jmh-core missing: the one-line error. */
    static List<String> benchmarkNames(Class<?> type) {
        return Jmh.of(type).benchmarks(type).stream().map(Method::getName).distinct().toList();
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

    private static JmhWorkloadProvider of(String name, String origin, Jmh jmh, Class<?> type, Method m) {
        String shown = type.getName() + "::" + m.getName();
        Map<Class<?>, StateClass> byType = new LinkedHashMap<>();
        StateClass[] layout = new StateClass[1 + m.getParameterCount()];
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
            throw new IllegalArgumentException(shown + " is a @Group benchmark: its methods run together as one asymmetric"
                    + " benchmark on JMH's thread groups, which vbench's independent tasks cannot reproduce; run it with JMH");
        }
        List<StateClass> states = new ArrayList<>(byType.values());
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
        List<String> runOptions = new ArrayList<>();
        for (Class<? extends Annotation> option : jmh.runOptions) {
            Annotation a = m.isAnnotationPresent(option) ? m.getAnnotation(option) : type.getAnnotation(option);
            if (a != null) {
                runOptions.add(Jmh.show(a));
            }
        }
        try {
            return new JmhWorkloadProvider(name, origin, jmh, m, layout, states, params, ops, runOptions);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalArgumentException(shown + " cannot be called: " + e.getMessage()
                    + "; make the class and the method public (and its package exported)");
        }
    }

    /** The state of {@code type}, made once per benchmark method. */
    private static StateClass state(Jmh jmh, Class<?> type, boolean benchmarkClass, Map<Class<?>, StateClass> byType,
            String shown) {
        StateClass known = byType.get(type);
        if (known != null) {
            return known;
        }
        Annotation annotation = type.getAnnotation(jmh.state);
        boolean perClient;
        if (annotation == null) {
            // JMH makes an un-annotated benchmark class a Thread state; without instance fields one shared instance is the same
            perClient = benchmarkClass && hasInstanceFields(type);
        } else {
            String scope = Jmh.enumElement(annotation, "value");
            if (scope.equals("Group")) {
                throw new IllegalArgumentException(shown + " uses @State(Scope.Group) " + type.getName() + ": a group state"
                        + " is shared by the threads of one JMH @Group, and vbench has no thread groups; use Scope.Benchmark"
                        + " (shared) or Scope.Thread (one per client), or run it with JMH");
            }
            perClient = scope.equals("Thread");
        }
        if (Modifier.isAbstract(type.getModifiers()) || (type.getEnclosingClass() != null && !Modifier.isStatic(type.getModifiers()))) {
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
        List<List<Method>> setups = fixtures(jmh, type, jmh.setup, shown);
        List<List<Method>> tearDowns = fixtures(jmh, type, jmh.tearDown, shown);
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
        StateClass s = new StateClass(type, perClient, constructor, setups, tearDowns, fields);
        byType.put(type, s);
        return s;
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

    /** The {@code @Setup} or {@code @TearDown} methods of {@code type}, one list per level of {@link #LEVELS}. */
    private static List<List<Method>> fixtures(Jmh jmh, Class<?> type, Class<? extends Annotation> kind, String shown) {
        List<List<Method>> byLevel = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        List<Class<?>> hierarchy = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            hierarchy.add(0, c); // a superclass's fixtures first, as JMH
        }
        for (Class<?> c : hierarchy) {
            Method[] declared = c.getDeclaredMethods();
            java.util.Arrays.sort(declared, java.util.Comparator.comparing(Method::getName));
            for (Method f : declared) {
                Annotation a = f.getAnnotation(kind);
                if (a == null) {
                    continue;
                }
                if (f.getParameterCount() > 0 || Modifier.isStatic(f.getModifiers())) {
                    throw new IllegalArgumentException("@" + kind.getSimpleName() + " method " + c.getName() + "."
                            + f.getName() + " of " + shown + " takes parameters or is static; vbench calls fixtures as"
                            + " instance methods with none");
                }
                f.setAccessible(true);
                byLevel.get(LEVELS.indexOf(Jmh.enumElement(a, "value"))).add(f);
            }
        }
        return byLevel;
    }

    /** Every {@code @Param} of the states, by name; the values each declares must agree where a name repeats. */
    private static Map<String, JmhParam> params(Jmh jmh, List<StateClass> states, String shown) {
        Map<String, List<Field>> fields = new LinkedHashMap<>();
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (StateClass s : states) {
            for (Field f : s.paramFields()) {
                fields.computeIfAbsent(f.getName(), k -> new ArrayList<>()).add(f);
                List<String> declared = List.of((String[]) Jmh.element(f.getAnnotation(jmh.param), "value"));
                if (declared.isEmpty() && f.getType().isEnum()) {
                    declared = java.util.Arrays.stream(f.getType().getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList();
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
            String description = "@Param " + String.join(", ", fs.stream().map(f -> f.getDeclaringClass().getSimpleName()
                    + "." + f.getName() + " (" + f.getType().getSimpleName() + ")").toList())
                    + (vs.isEmpty() ? "; no values declared: give them with -p " + n + "=…" : "; JMH values " + String.join(",", vs));
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
                return shown.isEnum() ? "one of " + String.join(", ", java.util.Arrays.stream(shown.getEnumConstants())
                        .map(e -> ((Enum<?>) e).name()).toList()) : shown.getSimpleName();
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
                        + String.join(", ", java.util.Arrays.stream(type.getEnumConstants()).map(e -> ((Enum<?>) e).name()).toList()));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("does not convert to " + type.getSimpleName() + "; write a "
                    + type.getSimpleName() + " value (as JMH's @Param would need)");
        }
        throw new IllegalArgumentException("cannot be set: @Param fields of type " + type.getName() + " are not supported;"
                + " use a primitive, its box, String or an enum");
    }

    // ---------------------------------------------------------------- provider

    @Override
    public String name() {
        return name;
    }

    @Override
    public String jmhName() {
        return method.getDeclaringClass().getName() + "." + method.getName();
    }

    @Override
    public String description() {
        return "JMH benchmark " + jmhName() + (operationsPerInvocation == 1 ? "" : " (" + operationsPerInvocation
                + " operations per call)") + ", called once per task";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return params.values().stream().<ParamSpec<?>>map(JmhParam::spec).toList();
    }

    @Override
    public Map<String, List<String>> paramValues() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        params.forEach((n, p) -> out.put(n, p.values()));
        return out;
    }

    @Override
    public List<String> perClientStates() {
        return states.stream().filter(StateClass::perClient).map(s -> s.type().getName()).toList();
    }

    @Override
    public int operationsPerInvocation() {
        return operationsPerInvocation;
    }

    @Override
    public boolean invocationFixtures() {
        return states.stream().anyMatch(StateClass::hasInvocationFixtures);
    }

    @Override
    public String notes() {
        StringBuilder b = new StringBuilder("JMH benchmark " + jmhName() + " (" + origin + "), read with the class path's"
                + " own jmh-core. States: ");
        b.append(states.isEmpty() ? "none (static method)" : String.join(", ", states.stream().map(s -> s.type().getSimpleName()
                + (s.perClient() ? " one per client (Scope.Thread: needs --concurrency)" : " one per trial (shared)")).toList()));
        b.append(". @Setup/@TearDown(Level.Trial and Level.Iteration) run before and after each vbench trial, untimed.");
        if (invocationFixtures()) {
            b.append(" ").append(INVOCATION_WARNING);
        }
        b.append(params.isEmpty() ? " No @Param fields." : " @Param fields are swept as in JMH (each value a cell);"
                + " -p NAME=V1,V2 replaces the declared values.");
        if (operationsPerInvocation > 1) {
            b.append(" @OperationsPerInvocation(").append(operationsPerInvocation).append("): per-operation figures are"
                    + " per call ÷ ").append(operationsPerInvocation).append('.');
        }
        b.append(" JMH's run options do not drive vbench: @Warmup → --warmup (trials, not iterations), @Measurement →"
                + " --trials, @Fork → --forks, @Threads → --concurrency with an executor (-e), @BenchmarkMode and"
                + " @OutputTimeUnit → vbench reports makespan, throughput and latency percentiles in every run, @Timeout → ignored.");
        b.append(runOptions.isEmpty() ? " This benchmark sets none of them." : " This benchmark sets: "
                + String.join(", ", runOptions) + " (ignored).");
        return b.toString();
    }

    /** What JMH's documentation of {@code Level.Invocation} warns, and what vbench does. */
    static final String INVOCATION_WARNING = "Level.Invocation fixtures run around each task, outside its timed region"
            + " (the latency percentiles leave them out; makespan and throughput span them); as JMH warns, reading the"
            + " clock around each call distorts the time of methods shorter than about a millisecond.";

    /** Where {@link FrameCall} could not make a hidden class (a native image). */
    static final String NOT_CONSTANT = "this runtime cannot define hidden classes, so the method is called through a"
            + " handle the JIT does not inline: a few ns per call more than JMH's direct call (run vbench on a JDK for"
            + " methods that short)";

    @Override
    public Workload create(Params values) {
        Map<String, String> chosen = new LinkedHashMap<>();
        params.forEach((n, p) -> chosen.put(n, (String) values.get(p.spec())));
        return new Instance(chosen);
    }

    // ---------------------------------------------------------------- one cell

    /** One cell's workload: the states and frames of the current trial. */
    private final class Instance implements Workload {
        private final Map<String, String> values;
        /** Every state object of the trial, in the order their setups ran (torn down in reverse). */
        private final List<Object[]> live = new ArrayList<>();
        private Task task;
        /** The trial's frames (see the class comment). */
        private Object[][] frames;

        Instance(Map<String, String> values) {
            this.values = values;
        }

        @Override
        public void beforeTrial() throws Exception {
            beforeTrial(1);
        }

        @Override
        public void beforeTrial(int clients) throws Exception {
            tearDownAll();
            boolean perClient = java.util.Arrays.stream(layout).anyMatch(s -> s != null && s.perClient()) || hasBlackhole()
                    || !method.getReturnType().isPrimitive(); // a reference result: consume(Object) writes to the Blackhole
            if (clients <= 0 && states.stream().anyMatch(StateClass::perClient)) {
                throw new IllegalStateException(name + " has Scope.Thread state: one instance per client needs --concurrency");
            }
            int frames = perClient ? Math.max(1, clients) : 1;
            Map<StateClass, Object> shared = new LinkedHashMap<>();
            Object[][] built = new Object[frames][];
            for (int f = 0; f < frames; f++) {
                Map<StateClass, Object> own = new LinkedHashMap<>();
                Object[] frame = new Object[layout.length + 1]; // the Blackhole of the result last
                for (int i = 0; i < layout.length; i++) {
                    StateClass s = layout[i];
                    if (s == null) {
                        frame[i] = i == 0 ? null : jmh.newBlackhole();
                    } else {
                        Map<StateClass, Object> scope = s.perClient() ? own : shared;
                        Object instance = scope.get(s);
                        if (instance == null) {
                            instance = create(s);
                            scope.put(s, instance);
                        }
                        frame[i] = instance;
                    }
                }
                frame[layout.length] = jmh.newBlackhole();
                built[f] = frame;
            }
            this.frames = built;
            FrameCall call = call();
            task = invocationFixtures() ? new InvocationTask(call, built) : frames == 1 ? new SharedTask(call, built[0], 1)
                    : new ClientTask(call, built, 1);
        }

        @Override
        public Task batchedTask(int calls) {
            if (task == null || invocationFixtures()) {
                return null; // refused by the planner: each call's fixtures would be inside the batch
            }
            return frames.length == 1 ? new SharedTask(call, frames[0], calls) : new ClientTask(call, frames, calls);
        }

        private boolean hasBlackhole() {
            for (int i = 1; i < layout.length; i++) {
                if (layout[i] == null) {
                    return true;
                }
            }
            return false;
        }

        /** A new state object with its parameters set and its Trial, then Iteration setups run. */
        private Object create(StateClass s) throws Exception {
            Object instance;
            try {
                instance = s.constructor().newInstance();
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                throw UserFailures.of("creating state " + s.type().getName() + " of " + name, e);
            }
            for (Field f : s.paramFields()) {
                String text = values.get(f.getName());
                if (text != null && !(text.isEmpty() && f.getType() != String.class)) {
                    f.set(instance, convert(text, f.getType()));
                }
            }
            live.add(new Object[] {s, instance});
            for (int level = 0; level < 2; level++) {
                for (Method m : s.setups().get(level)) {
                    fixture(m, instance, "@Setup(Level." + LEVELS.get(level) + ")");
                }
            }
            return instance;
        }

        private void fixture(Method m, Object instance, String what) {
            try {
                m.invoke(instance);
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                throw UserFailures.of("calling " + what + " method " + m.getDeclaringClass().getName() + "." + m.getName()
                        + " of " + name, e);
            }
        }

        /** Iteration, then Trial teardowns of every live state, the last made first. */
        private void tearDownAll() {
            task = null;
            List<Object[]> all = new ArrayList<>(live);
            live.clear();
            java.util.Collections.reverse(all);
            for (int level = 1; level >= 0; level--) {
                for (Object[] entry : all) {
                    StateClass s = (StateClass) entry[0];
                    for (Method m : s.tearDowns().get(level)) {
                        fixture(m, entry[1], "@TearDown(Level." + LEVELS.get(level) + ")");
                    }
                }
            }
        }

        @Override
        public Task task() {
            return task;
        }

        @Override
        public String verify() throws Exception {
            if (task == null) {
                beforeTrial(1);
            }
            task.run(0);
            return "called " + jmhName() + " once";
        }

        @Override
        public List<String> notes() {
            List<String> out = new ArrayList<>();
            if (invocationFixtures()) {
                out.add(INVOCATION_WARNING);
            }
            if (call != null && !call.constant()) {
                out.add(NOT_CONSTANT);
            }
            return out;
        }

        @Override
        public void close() {
            tearDownAll();
        }

        /**
         * The task of a benchmark whose states have Level.Invocation fixtures: the engine runs them around the
         * task, outside its timed region ({@link FixtureTask}); {@code before} claims the frame, {@code after}
         * releases it.
         */
        private final class InvocationTask implements FixtureTask {
            private final ClientTask claims;
            private final FrameCall call;

            InvocationTask(FrameCall call, Object[][] frames) {
                this.call = call;
                claims = new ClientTask(call, frames, 1);
            }

            @Override
            public int before(long taskIndex) {
                int slot = claims.claim(taskIndex);
                try {
                    invocation(claims.frames[slot], true);
                } catch (RuntimeException | Error e) {
                    claims.release(slot);
                    throw e;
                }
                return slot;
            }

            @Override
            public long run(long taskIndex, int slot) throws Exception {
                return ClientTask.call(call, claims.frames[slot], 1);
            }

            @Override
            public void after(long taskIndex, int slot) {
                try {
                    invocation(claims.frames[slot], false);
                } finally {
                    claims.release(slot);
                }
            }

            private void invocation(Object[] frame, boolean setup) {
                for (int i = 0; i < layout.length; i++) {
                    StateClass s = layout[i];
                    if (s != null && (i == 0 || !alreadyAt(frame, i))) {
                        for (Method m : (setup ? s.setups() : s.tearDowns()).get(2)) {
                            fixture(m, frame[i], setup ? "@Setup(Level.Invocation)" : "@TearDown(Level.Invocation)");
                        }
                    }
                }
            }

            /** Whether the object at {@code i} also sits earlier in the frame (its fixtures ran there). */
            private boolean alreadyAt(Object[] frame, int i) {
                for (int j = 0; j < i; j++) {
                    if (frame[j] == frame[i]) {
                        return true;
                    }
                }
                return false;
            }
        }
    }

    /** The task of a benchmark whose frame every task shares: {@code calls} calls of the method ({@code --batch}). */
    private static final class SharedTask implements Task {
        private final FrameCall call;
        private final Object[] frame;
        private final int calls;

        SharedTask(FrameCall call, Object[] frame, int calls) {
            this.call = call;
            this.frame = frame;
            this.calls = calls;
        }

        @Override
        public long run(long taskIndex) throws Exception {
            return ClientTask.call(call, frame, calls);
        }
    }

    /** The task of a benchmark with a frame per client: claims one for its calls (see the class comment). */
    private static final class ClientTask implements Task {
        private final FrameCall call;
        final Object[][] frames;
        private final AtomicIntegerArray claimed;
        private final int clients;
        private final int calls;

        ClientTask(FrameCall call, Object[][] frames, int calls) {
            this.call = call;
            this.frames = frames;
            this.clients = frames.length;
            this.claimed = new AtomicIntegerArray(frames.length * PAD);
            this.calls = calls;
        }

        @Override
        public long run(long taskIndex) throws Exception {
            int slot = claim(taskIndex);
            try {
                return call(call, frames[slot], calls);
            } finally {
                release(slot);
            }
        }

        int claim(long taskIndex) {
            int slot = (int) Long.remainderUnsigned(taskIndex, clients);
            while (!claimed.compareAndSet(slot * PAD, 0, 1)) {
                slot = slot + 1 == clients ? 0 : slot + 1;
                Thread.onSpinWait();
            }
            return slot;
        }

        void release(int slot) {
            claimed.setRelease(slot * PAD, 0);
        }

        /** One call of the method, or {@code calls} in its own loop. */
        static long call(FrameCall call, Object[] frame, int calls) throws Exception {
            try {
                return calls == 1 ? call.call(frame) : call.batch(frame, calls);
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new UndeclaredThrowableException(t);
            }
        }
    }
}
