package dev.vbench.loader;

import dev.vbench.spi.Counter;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One cell of a {@link JmhWorkloadProvider}: the state objects and frames of the current trial. Before each
 * trial it tears down the last trial's states (Iteration, then Trial teardowns, the last made first), makes the
 * new ones (shared ones once, {@code Scope.Thread} ones once per client), sets their {@code @Param} fields, runs
 * their Trial and Iteration setups, and builds the frames the tasks of {@link JmhTasks} call the method with.
 *
 * <pre>{@code
 * Workload w = provider.create(params);   // a JmhInstance
 * w.beforeTrial(4);                        // states and frames for 4 clients
 * w.task().run(0);
 * w.close();                               // the teardowns
 * }</pre>
 */
final class JmhInstance implements Workload {
    private final JmhWorkloadProvider benchmark;
    private final Map<String, String> values;
    /** Every state object of the trial, in the order their setups ran (torn down in reverse). */
    private final List<Object[]> live = new ArrayList<>();

    private Task task;
    /** The trial's frames (see {@link JmhWorkloadProvider}'s class comment). */
    private Object[][] frames;
    /**
     * Per frame, its state objects in the order they depend on each other, each as {state, object, the arguments of
     * its Level.Invocation fixtures}; empty when the benchmark has no invocation fixtures.
     */
    private List<List<Object[]>> frameStates = List.of();

    JmhInstance(JmhWorkloadProvider benchmark, Map<String, String> values) {
        this.benchmark = benchmark;
        this.values = values;
    }

    @Override
    public void beforeTrial() throws Exception {
        beforeTrial(1);
    }

    @Override
    public void beforeTrial(int clients) throws Exception {
        tearDownAll();
        benchmark.jit(); // before the first Blackhole: it reads its mode when its class initializes
        JmhStateClass[] layout = benchmark.layout;
        boolean perClient = Arrays.stream(layout).anyMatch(s -> s != null && s.perClient())
                || hasBlackhole()
                || !benchmark
                        .method
                        .getReturnType()
                        .isPrimitive(); // a reference result: consume(Object) writes to the Blackhole
        if (clients <= 0 && benchmark.states.stream().anyMatch(JmhStateClass::perClient)) {
            throw new IllegalStateException(
                    benchmark.name + " has Scope.Thread state: one instance per client needs --concurrency");
        }
        int count = perClient ? Math.max(1, clients) : 1;
        Map<JmhStateClass, Object> shared = new LinkedHashMap<>();
        Object[][] built = new Object[count][];
        List<List<Object[]>> states = new ArrayList<>();
        for (int f = 0; f < count; f++) {
            Map<JmhStateClass, Object> own = new LinkedHashMap<>();
            Object[] frame = new Object[layout.length + 1]; // the Blackhole of the result last
            frame[layout.length] = benchmark.jmh.newBlackhole();
            for (int i = 0; i < layout.length; i++) {
                JmhStateClass s = layout[i];
                if (s == null) {
                    frame[i] = i == 0 ? null : benchmark.jmh.newBlackhole();
                } else {
                    frame[i] = instance(s, own, shared);
                }
            }
            built[f] = frame;
            if (benchmark.invocationFixtures()) {
                Map<JmhStateClass, Object[]> visited = new LinkedHashMap<>();
                for (JmhStateClass s : layout) {
                    if (s != null) {
                        visit(s, own, shared, frame[layout.length], visited);
                    }
                }
                states.add(new ArrayList<>(visited.values()));
            }
        }
        this.frames = built;
        this.frameStates = states;
        FrameCall call = benchmark.call();
        task = benchmark.invocationFixtures()
                ? new JmhTasks.Invocation(call, built, this::invocationFixtures)
                : count == 1 ? new JmhTasks.Shared(call, built[0], 1) : new JmhTasks.Client(call, built, 1);
    }

    /**
     * Adds {@code s} to the states of one frame, after the states its fixtures take (JMH runs a state's invocation
     * fixtures after those of the states it depends on), with the arguments of its Level.Invocation fixtures: the
     * frame's Blackhole, the frame's objects of the states they take.
     */
    private void visit(
            JmhStateClass s,
            Map<JmhStateClass, Object> own,
            Map<JmhStateClass, Object> shared,
            Object blackhole,
            Map<JmhStateClass, Object[]> visited)
            throws Exception {
        if (visited.containsKey(s)) {
            return;
        }
        for (List<List<Method>> kind : List.of(s.setups(), s.tearDowns())) {
            for (List<Method> level : kind) {
                for (Method m : level) {
                    for (Class<?> p : m.getParameterTypes()) {
                        if (p != benchmark.jmh.blackhole) {
                            visit(benchmark.state(p), own, shared, blackhole, visited);
                        }
                    }
                }
            }
        }
        Map<Method, Object[]> arguments = new HashMap<>();
        for (List<List<Method>> kind : List.of(s.setups(), s.tearDowns())) {
            for (Method m : kind.get(2)) {
                Object[] args = new Object[m.getParameterCount()];
                Class<?>[] types = m.getParameterTypes();
                for (int i = 0; i < args.length; i++) {
                    args[i] = types[i] == benchmark.jmh.blackhole
                            ? blackhole
                            : instance(benchmark.state(types[i]), own, shared);
                }
                arguments.put(m, args);
            }
        }
        visited.put(s, new Object[] {s, instance(s, own, shared), arguments});
    }

    @Override
    public Task batchedTask(int calls) {
        if (task == null || benchmark.invocationFixtures()) {
            return null; // refused by the planner: each call's fixtures would be inside the batch
        }
        FrameCall call = benchmark.madeCall();
        return frames.length == 1
                ? new JmhTasks.Shared(call, frames[0], calls)
                : new JmhTasks.Client(call, frames, calls);
    }

    private boolean hasBlackhole() {
        for (int i = 1; i < benchmark.layout.length; i++) {
            if (benchmark.layout[i] == null) {
                return true;
            }
        }
        return false;
    }

    /** The trial's object of state {@code s} in the scope of one client ({@code own}) and of all ({@code shared}). */
    private Object instance(JmhStateClass s, Map<JmhStateClass, Object> own, Map<JmhStateClass, Object> shared)
            throws Exception {
        Map<JmhStateClass, Object> scope = s.perClient() ? own : shared;
        Object instance = scope.get(s);
        if (instance == null) {
            instance = create(s, own, shared);
            scope.put(s, instance);
        }
        return instance;
    }

    /**
     * A new state object with its parameters set and its Trial, then Iteration setups run; the states its fixtures
     * take are made (and set up) first, as JMH sets up the states a state depends on before it.
     */
    private Object create(JmhStateClass s, Map<JmhStateClass, Object> own, Map<JmhStateClass, Object> shared)
            throws Exception {
        Map<Method, Object[]> arguments = new HashMap<>();
        Object blackhole = null;
        for (List<List<Method>> kind : List.of(s.setups(), s.tearDowns())) {
            for (int level = 0; level < 2; level++) {
                for (Method m : kind.get(level)) {
                    Object[] args = new Object[m.getParameterCount()];
                    Class<?>[] types = m.getParameterTypes();
                    for (int i = 0; i < args.length; i++) {
                        if (types[i] == benchmark.jmh.blackhole) {
                            blackhole = blackhole != null ? blackhole : benchmark.jmh.newBlackhole();
                            args[i] = blackhole;
                        } else {
                            args[i] = instance(benchmark.state(types[i]), own, shared);
                        }
                    }
                    arguments.put(m, args);
                }
            }
        }
        Object instance;
        try {
            instance = s.constructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw UserFailures.of("creating state " + s.type().getName() + " of " + benchmark.name, e);
        }
        for (Field f : s.paramFields()) {
            String text = values.get(f.getName());
            if (text != null && !(text.isEmpty() && f.getType() != String.class)) {
                f.set(instance, JmhAnnotationReader.convert(text, f.getType()));
            }
        }
        live.add(new Object[] {s, instance, arguments});
        for (int level = 0; level < 2; level++) {
            for (Method m : s.setups().get(level)) {
                fixture(m, instance, arguments.get(m), "@Setup(Level." + JmhAnnotationReader.LEVELS.get(level) + ")");
            }
        }
        if (s.counters() != null) {
            for (Field f : s.counters().fields()) {
                f.set(instance, zero(f.getType())); // as JMH, before each iteration (here: trial)
            }
        }
        return instance;
    }

    private static Object zero(Class<?> type) {
        if (type == double.class || type == Double.class) {
            return 0d;
        } else if (type == float.class || type == Float.class) {
            return 0f;
        } else if (type == long.class || type == Long.class) {
            return 0L;
        } else if (type == short.class || type == Short.class) {
            return (short) 0;
        } else if (type == byte.class || type == Byte.class) {
            return (byte) 0;
        }
        return 0;
    }

    /**
     * The {@code @AuxCounters} of the trial that just ended: each counter summed over the trial's instances of its
     * state (one per client), as JMH sums its threads'.
     */
    @Override
    public List<Counter> counters() {
        Map<String, double[]> sums = new LinkedHashMap<>();
        Map<String, Counter.Kind> kinds = new LinkedHashMap<>();
        for (Object[] entry : live) {
            JmhStateClass s = (JmhStateClass) entry[0];
            JmhStateClass.Counters c = s.counters();
            if (c == null) {
                continue;
            }
            Counter.Kind kind = c.type().equals("EVENTS") ? Counter.Kind.EVENTS : Counter.Kind.OPERATIONS;
            for (Field f : c.fields()) {
                add(sums, kinds, f.getName(), kind, read(() -> f.get(entry[1]), s, f.getName()));
            }
            for (Method m : c.methods()) {
                add(sums, kinds, m.getName(), kind, read(() -> m.invoke(entry[1]), s, m.getName() + "()"));
            }
        }
        List<Counter> out = new ArrayList<>();
        sums.forEach((name, sum) -> out.add(new Counter(name, kinds.get(name), sum[0])));
        return out;
    }

    private static void add(
            Map<String, double[]> sums, Map<String, Counter.Kind> kinds, String name, Counter.Kind kind, double value) {
        sums.computeIfAbsent(name, k -> new double[1])[0] += value;
        kinds.putIfAbsent(name, kind);
    }

    private interface Read {
        Object get() throws ReflectiveOperationException;
    }

    private double read(Read read, JmhStateClass s, String member) {
        try {
            Object v = read.get();
            return v == null ? 0 : ((Number) v).doubleValue();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw UserFailures.of(
                    "reading @AuxCounters " + s.type().getName() + "." + member + " of " + benchmark.name, e);
        }
    }

    private void fixture(Method m, Object instance, Object[] args, String what) {
        try {
            m.invoke(instance, args);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw UserFailures.of(
                    "calling " + what + " method " + m.getDeclaringClass().getName() + "." + m.getName() + " of "
                            + benchmark.name,
                    e);
        }
    }

    /**
     * The Level.Invocation setups ({@code setup}) or teardowns of the states of frame {@code slot}, each object once:
     * setups in the order the states depend on each other, teardowns the other way round.
     */
    @SuppressWarnings("unchecked")
    private void invocationFixtures(int slot, boolean setup) {
        List<Object[]> states = frameStates.get(slot);
        for (int k = 0; k < states.size(); k++) {
            Object[] entry = states.get(setup ? k : states.size() - 1 - k);
            JmhStateClass s = (JmhStateClass) entry[0];
            Map<Method, Object[]> arguments = (Map<Method, Object[]>) entry[2];
            for (Method m : (setup ? s.setups() : s.tearDowns()).get(2)) {
                fixture(
                        m,
                        entry[1],
                        arguments.get(m),
                        setup ? "@Setup(Level.Invocation)" : "@TearDown(Level.Invocation)");
            }
        }
    }

    /** Iteration, then Trial teardowns of every live state, the last made first. */
    private void tearDownAll() {
        task = null;
        List<Object[]> all = new ArrayList<>(live);
        live.clear();
        Collections.reverse(all);
        for (int level = 1; level >= 0; level--) {
            for (Object[] entry : all) {
                JmhStateClass s = (JmhStateClass) entry[0];
                for (Method m : s.tearDowns().get(level)) {
                    @SuppressWarnings("unchecked")
                    Object[] args = ((Map<Method, Object[]>) entry[2]).get(m);
                    fixture(m, entry[1], args, "@TearDown(Level." + JmhAnnotationReader.LEVELS.get(level) + ")");
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
        return "called " + benchmark.jmhName() + " once";
    }

    @Override
    public List<String> notes() {
        List<String> out = new ArrayList<>();
        if (!benchmark.runOptions.isEmpty()) {
            out.add(JmhRunOptions.note(benchmark.runOptions));
        }
        if (benchmark.invocationFixtures()) {
            out.add(JmhWorkloadProvider.INVOCATION_WARNING);
        }
        FrameCall call = benchmark.madeCall();
        if (call != null && !call.constant()) {
            out.add(JmhWorkloadProvider.NOT_CONSTANT);
        }
        JmhWorkloadProvider.Jit jit = benchmark.madeJit();
        if (jit != null && benchmark.consumes() && jit.blackholeMode().equals("full")) {
            out.add(JmhWorkloadProvider.FULL_BLACKHOLE);
        }
        if (jit != null && !benchmark.compilerControl.isEmpty()) {
            out.add("@CompilerControl: "
                    + String.join(
                            ", ",
                            benchmark.compilerControl.stream()
                                    .map(h -> h.replace(",", " "))
                                    .toList()) + ": given to the JIT as "
                    + jit.hints().how()
                    + (jit.hints().notHonoured().isEmpty()
                            ? ""
                            : "; not honoured here: "
                                    + String.join(", ", jit.hints().notHonoured())
                                    + " (a JIT directive cannot; run with --forks 1)")
                    + ".");
        }
        return out;
    }

    @Override
    public Map<String, String> attributes() {
        JmhWorkloadProvider.Jit jit = benchmark.madeJit();
        Map<String, String> out = new LinkedHashMap<>();
        if (jit != null && benchmark.consumes()) {
            out.put("blackholeMode", jit.blackholeMode());
        }
        if (jit != null && !benchmark.compilerHints.isEmpty()) {
            out.put("compilerHints", jit.hints().how());
        }
        return out;
    }

    @Override
    public void close() {
        tearDownAll();
    }
}
