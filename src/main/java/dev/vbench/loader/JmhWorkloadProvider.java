package dev.vbench.loader;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 *       timed region too ({@link dev.vbench.spi.FixtureTask}).
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
 * release store: no lock and no allocation per task ({@link JmhTasks}).
 *
 * <p>The benchmarks of a class are found by {@link JmhBenchmarks}, their annotations read by
 * {@link JmhAnnotationReader}; each cell is a {@link JmhInstance}, whose tasks are {@link JmhTasks}.
 */
final class JmhWorkloadProvider implements JmhWorkload {

    final String name;
    private final String origin;
    final Jmh jmh;
    final Method method;
    /** The class JMH runs the method for: the method's own, or a subclass that inherits it. */
    final Class<?> benchmarkClass;
    /** The method's call, made on its first trial (a hidden class: not for {@code vbench list}). */
    private FrameCall call;
    /** The frame: index 0 the receiver's state (null for a static method), then one entry per parameter (null: Blackhole). */
    final JmhStateClass[] layout;

    final List<JmhStateClass> states;
    private final Map<String, JmhParam> params;
    private final int operationsPerInvocation;
    /** The JMH run options it sets, each with what vbench does instead ({@link JmhRunOptions}). */
    final List<String> runOptions;

    /** The compile commands JMH would give a fork of it ({@link JmhCompilerHints}). */
    final List<String> compilerHints;
    /** Those its classes' own {@code @CompilerControl} ask for (the others are JMH's defaults), for the notes. */
    final List<String> compilerControl;
    /** How the JIT of the JVM running it was told, once its first trial started; null before. */
    private Jit jit;

    /** What this JVM's JIT was told for the benchmark: its Blackhole mode, and how its compiler hints reached it. */
    record Jit(String blackholeMode, JmhJit.Applied hints) {}

    JmhWorkloadProvider(
            String name,
            String origin,
            Jmh jmh,
            Class<?> benchmarkClass,
            Method method,
            JmhStateClass[] layout,
            List<JmhStateClass> states,
            Map<String, JmhParam> params,
            int operationsPerInvocation,
            List<String> runOptions,
            List<String> compilerHints,
            List<String> compilerControl)
            throws IllegalAccessException {
        this.name = name;
        this.origin = origin;
        this.jmh = jmh;
        this.method = method;
        this.benchmarkClass = benchmarkClass;
        this.layout = layout;
        this.states = states;
        this.params = params;
        this.operationsPerInvocation = operationsPerInvocation;
        this.runOptions = runOptions;
        this.compilerHints = List.copyOf(compilerHints);
        this.compilerControl = List.copyOf(compilerControl);
        method.setAccessible(true);
        MethodHandles.lookup().unreflect(method); // cannot be called: the one line now, not at the first trial
    }

    /** The method's {@link FrameCall}, made once. */
    synchronized FrameCall call() throws ReflectiveOperationException {
        if (call == null) {
            call = FrameCall.of(FrameCall.frameHandle(method, jmh.blackhole, layout.length));
        }
        return call;
    }

    /**
     * Tells this JVM's JIT what JMH tells its forks, once, before the first Blackhole of the benchmark exists: the
     * Blackhole mode ({@link JmhJit#blackholeMode}) and the compiler hints ({@link JmhJit#applyInProcess}).
     */
    synchronized Jit jit() {
        if (jit == null) {
            jit = new Jit(JmhJit.blackholeMode(jmh.blackhole), JmhJit.applyInProcess(compilerHints));
        }
        return jit;
    }

    /** What {@link #jit()} told the JIT, or null before the first trial. */
    synchronized Jit madeJit() {
        return jit;
    }

    @Override
    public List<String> forkJvmOptions() {
        return JmhJit.forkOptions(compilerHints);
    }

    /** The state read for class {@code type} (one the method or a fixture takes). */
    JmhStateClass state(Class<?> type) {
        for (JmhStateClass s : states) {
            if (s.type() == type) {
                return s;
            }
        }
        throw new IllegalStateException("state " + type.getName() + " of " + name + " was not read");
    }

    /** Whether the method gives values to a Blackhole: a Blackhole parameter, or a reference result. */
    boolean consumes() {
        for (int i = 1; i < layout.length; i++) {
            if (layout[i] == null) {
                return true;
            }
        }
        return !method.getReturnType().isPrimitive();
    }

    /** The method's {@link FrameCall} when a trial made it, else null. */
    synchronized FrameCall madeCall() {
        return call;
    }

    // ---------------------------------------------------------------- provider

    @Override
    public String name() {
        return name;
    }

    @Override
    public String jmhName() {
        return jmhClassName(benchmarkClass) + "." + method.getName();
    }

    /** A class as JMH names it in a benchmark's name: a nested class with dots ({@code pkg.Outer.Inner}). */
    static String jmhClassName(Class<?> type) {
        String canonical = type.getCanonicalName();
        return canonical != null ? canonical : type.getName();
    }

    @Override
    public String description() {
        return "JMH benchmark " + jmhName()
                + (operationsPerInvocation == 1 ? "" : " (" + operationsPerInvocation + " operations per call)")
                + ", called once per task";
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
        return states.stream()
                .filter(JmhStateClass::perClient)
                .map(s -> s.type().getName())
                .toList();
    }

    @Override
    public int operationsPerInvocation() {
        return operationsPerInvocation;
    }

    @Override
    public boolean invocationFixtures() {
        return states.stream().anyMatch(JmhStateClass::hasInvocationFixtures);
    }

    @Override
    public String notes() {
        StringBuilder b = new StringBuilder("JMH benchmark " + jmhName() + " (" + origin
                + "), read with the class path's" + " own jmh-core. States: ");
        b.append(
                states.isEmpty()
                        ? "none (static method)"
                        : String.join(
                                ", ",
                                states.stream()
                                        .map(s -> s.type().getSimpleName()
                                                + (s.perClient()
                                                        ? " one per client (Scope.Thread: needs --concurrency)"
                                                        : " one per trial (shared)"))
                                        .toList()));
        b.append(
                ". @Setup/@TearDown(Level.Trial and Level.Iteration) run before and after each vbench trial, untimed.");
        if (invocationFixtures()) {
            b.append(" ").append(INVOCATION_WARNING);
        }
        b.append(
                params.isEmpty()
                        ? " No @Param fields."
                        : " @Param fields are swept as in JMH (each value a cell);"
                                + " -p NAME=V1,V2 replaces the declared values.");
        if (operationsPerInvocation > 1) {
            b.append(" @OperationsPerInvocation(")
                    .append(operationsPerInvocation)
                    .append("): per-operation figures are" + " per call ÷ ")
                    .append(operationsPerInvocation)
                    .append('.');
        }
        b.append(
                runOptions.isEmpty()
                        ? " It sets none of JMH's run options (@Warmup, @Measurement, @Fork, @Threads,"
                                + " @BenchmarkMode, @OutputTimeUnit, @Timeout): vbench's options decide."
                        : " " + JmhRunOptions.note(runOptions));
        return b.toString();
    }

    /** What JMH's documentation of {@code Level.Invocation} warns, and what vbench does. */
    static final String INVOCATION_WARNING = "Level.Invocation fixtures run around each task, outside its timed region"
            + " (the latency percentiles leave them out; makespan and throughput span them); as JMH warns, reading the"
            + " clock around each call distorts the time of methods shorter than about a millisecond.";

    /** Where the JVM has no compiler blackholes: JMH's "full" mode, which costs more per value than JMH's default. */
    static final String FULL_BLACKHOLE = "Blackhole mode: full (this JVM was started without the compiler blackhole"
            + " of JMH's forks, -XX:CompileCommand=blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler): each value"
            + " given to a Blackhole costs more than under JMH, which uses compiler blackholes on this JDK; run it through"
            + " bin/vbench (which starts 'run' with them) or with --forks 1.";

    /** Where {@link FrameCall} could not make a hidden class (a native image). */
    static final String NOT_CONSTANT = "this runtime cannot define hidden classes, so the method is called through a"
            + " handle the JIT does not inline: a few ns per call more than JMH's direct call (run vbench on a JDK for"
            + " methods that short)";

    @Override
    public Workload create(Params values) {
        Map<String, String> chosen = new LinkedHashMap<>();
        params.forEach((n, p) -> chosen.put(n, (String) values.get(p.spec())));
        return new JmhInstance(this, chosen);
    }
}
