package dev.vbench.loader;

import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.executor.ExecutorStrategy;
import dev.vbench.executor.ProvidedStrategy;
import dev.vbench.result.CodeEntry;
import dev.vbench.spi.ExecutorProvider;
import dev.vbench.spi.WorkloadProvider;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The user's code for one command: the {@code --classpath} entries, the ONE class loader over them
 * (its parent is vbench's own loader, so the API and the JDK resolve as usual), and every lookup
 * through it — workloads by name, provider class, {@code Class::method} or source file, and executor
 * strategies by name (built-ins plus every {@link ExecutorProvider} found with {@link ServiceLoader}).
 * Workload code that vbench runs should load further classes (a JDBC driver, say) through
 * {@link #loader()}: it is also the thread context class loader while a run executes and
 * {@link dev.vbench.spi.PrepareContext#classLoader()}.
 *
 * <pre>{@code
 * try (UserCode code = UserCode.open("target/classes", Path.of(""), cacheRoot, note -> {}, detail -> {})) {
 *     WorkloadProvider p = code.workload("com.acme.Checkout::handle");
 *     ConfiguredExecutor e = code.executor("fixed:threads=4");
 * }
 * }</pre>
 */
public final class UserCode implements AutoCloseable {

    /** Name of the class loaders that hold the user's classes (frames of their classes are the user's). */
    public static final String LOADER_NAME = "vbench-user";

    private static final Pattern CLASS_NAME = Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}.$]*");

    private final ClassPathEntries classPath;
    private final ClassLoader loader;
    private final Path cacheRoot;
    private final Consumer<String> log;
    private final Consumer<String> detail;
    private final List<URLClassLoader> opened = new ArrayList<>();
    private final List<CodeEntry> sources = new ArrayList<>();
    private final Map<String, WorkloadProvider> resolved = new LinkedHashMap<>();
    private List<CodeEntry> fingerprints;
    private Map<String, List<Found<WorkloadProvider>>> workloadsByName;
    private Map<String, List<Found<ExecutorStrategy>>> executorsByName;

    /** One provider and where it came from. */
    private record Found<T>(T value, String source) {}

    private UserCode(ClassPathEntries classPath, Path cacheRoot, Consumer<String> log, Consumer<String> detail) {
        this.classPath = classPath;
        this.cacheRoot = cacheRoot;
        this.log = log;
        this.detail = detail;
        ClassLoader vbench = UserCode.class.getClassLoader();
        if (classPath.isEmpty()) {
            this.loader = vbench;
        } else {
            List<URL> urls = new ArrayList<>();
            for (ClassPathEntries.Entry e : classPath.entries()) {
                try {
                    urls.add(e.path().toUri().toURL());
                } catch (MalformedURLException ex) {
                    throw new IllegalArgumentException("class path entry '" + e.given() + "' is not a valid path; fix it");
                }
            }
            URLClassLoader l = new URLClassLoader(LOADER_NAME, urls.toArray(URL[]::new), vbench);
            opened.add(l);
            this.loader = l;
        }
    }

    /**
     * @param classPath {@code --classpath} as given (blank: none)
     * @param workingDir what relative entries are relative to
     * @param cacheRoot where compiled source files are cached ({@code <root>/compiled/})
     * @param log receives one-line notes worth showing always (a source file compiled)
     * @param detail receives one-line notes for {@code --verbose} (compiled classes reused from the cache)
     * @throws IllegalArgumentException a missing or unreadable entry, naming it and the fix
     */
    public static UserCode open(String classPath, Path workingDir, Path cacheRoot, Consumer<String> log,
            Consumer<String> detail) {
        return new UserCode(ClassPathEntries.parse(classPath, workingDir), cacheRoot, log, detail);
    }

    /** vbench's own workloads and executors (and any on the JVM's class path), nothing else. */
    public static UserCode builtIn() {
        return new UserCode(ClassPathEntries.EMPTY, Path.of(System.getProperty("java.io.tmpdir"), "vbench"), m -> {}, m -> {});
    }

    /** The one class loader over the class path (vbench's own when the class path is empty). */
    public ClassLoader loader() {
        return loader;
    }

    public ClassPathEntries classPath() {
        return classPath;
    }

    /** The class path entries and the compiled source files, each with its SHA-256, for the result. */
    public List<CodeEntry> code() {
        if (fingerprints == null) {
            fingerprints = classPath.fingerprints();
        }
        List<CodeEntry> all = new ArrayList<>(fingerprints);
        all.addAll(sources);
        return all;
    }

    // ---------------------------------------------------------------- workloads

    /** Every workload found by name (built-ins and providers on the class path), one per name. */
    public List<WorkloadProvider> workloads() {
        List<WorkloadProvider> out = new ArrayList<>();
        for (Map.Entry<String, List<Found<WorkloadProvider>>> e : workloadsByName().entrySet()) {
            out.add(unique("workload", e.getKey(), e.getValue(), "WorkloadProvider.name()"));
        }
        return out;
    }

    /**
     * Finds a workload: a registered name, a provider class, {@code Class::method}
     * ({@code method()}/{@code method(long)} to pick an overload), {@code File.java} or
     * {@code File.java::method}. The same reference gives the same provider again.
     *
     * @throws IllegalArgumentException (exit 2) one sentence naming the fix
     * @throws dev.vbench.spi.WorkloadException exit 1 when the user's code throws while it is looked at
     */
    public WorkloadProvider workload(String reference) {
        String ref = reference.strip();
        WorkloadProvider p = resolved.get(ref);
        if (p == null) {
            p = resolve(ref);
            resolved.put(ref, p);
        }
        return p;
    }

    /**
     * The workloads {@code reference} names: a JMH class gives one per {@code @Benchmark} method (named
     * {@code CLASS::METHOD}); any other reference gives the one {@link #workload} finds.
     *
     * @throws IllegalArgumentException (exit 2) one sentence naming the fix
     */
    public List<WorkloadProvider> workloads(String reference) {
        String ref = reference.strip();
        if (!ref.contains("::") && !ref.endsWith(".java") && !resolved.containsKey(ref) && !workloadsByName().containsKey(ref)
                && CLASS_NAME.matcher(ref).matches() && ref.contains(".")) {
            Class<?> type = load(ref, ref);
            if (!WorkloadProvider.class.isAssignableFrom(type) && JmhBenchmarks.isBenchmarkClass(type)) {
                JmhBenchmarks.ClassBenchmarks benchmarks = JmhBenchmarks.resolveClass(origin(type), type);
                if (benchmarks.runnable().isEmpty()) {
                    throw new IllegalArgumentException(benchmarks.reasons());
                }
                benchmarks.skipped().forEach((name, reason) -> log.accept("skipped " + name + ": " + reason));
                List<WorkloadProvider> out = new ArrayList<>();
                for (JmhWorkloadProvider p : benchmarks.runnable()) {
                    resolved.putIfAbsent(p.name(), p);
                    out.add(resolved.get(p.name()));
                }
                return out;
            }
        }
        return List.of(workload(ref));
    }

    /**
     * The JMH benchmarks on the class path ({@code META-INF/BenchmarkList}, else the class files): one
     * workload per {@code @Benchmark} method; one vbench cannot run (jmh-core missing, Scope.Group) is
     * listed as unavailable with the reason.
     */
    public List<WorkloadProvider> jmhBenchmarks() {
        List<WorkloadProvider> out = new ArrayList<>();
        if (classPath.isEmpty()) {
            return out;
        }
        for (String className : Jmh.benchmarkClasses(classPath, loader)) {
            List<String> methods;
            Class<?> type;
            try {
                type = load(className, className);
                methods = JmhBenchmarks.benchmarkNames(type);
            } catch (IllegalArgumentException e) {
                out.add(new Unrunnable(className, e.getMessage()));
                continue;
            }
            for (String method : methods) {
                String ref = type.getName() + "::" + method;
                try {
                    out.add(workload(ref));
                } catch (IllegalArgumentException e) {
                    out.add(new Unrunnable(ref, e.getMessage()));
                }
            }
        }
        return out;
    }

    /** A benchmark class vbench cannot run, for {@code vbench list}: its reason as its availability. */
    private record Unrunnable(String name, String reason) implements WorkloadProvider {
        @Override
        public String description() {
            return "JMH benchmark class";
        }

        @Override
        public List<dev.vbench.spi.ParamSpec<?>> params() {
            return List.of();
        }

        @Override
        public Availability availability(dev.vbench.spi.Params params) {
            return Availability.unavailable(reason);
        }

        @Override
        public dev.vbench.spi.Workload create(dev.vbench.spi.Params params) {
            throw new IllegalArgumentException(reason);
        }
    }

    private WorkloadProvider resolve(String ref) {
        int sep = ref.indexOf("::");
        String target = sep < 0 ? ref : ref.substring(0, sep);
        String method = sep < 0 ? null : ref.substring(sep + 2).strip();
        if (method != null && method.isEmpty()) {
            throw new IllegalArgumentException("'" + ref + "' names no method; write CLASS::METHOD, e.g. java.util.UUID::randomUUID");
        }
        if (target.endsWith(".java")) {
            return fromSource(ref, target, method);
        }
        if (method != null) {
            Class<?> type = load(target, ref);
            if (JmhBenchmarks.isBenchmarkClass(type) && JmhBenchmarks.isBenchmark(type, method)) {
                return JmhBenchmarks.resolveMethod(origin(type), type, method);
            }
            return MethodWorkloadProvider.resolve(ref, origin(type), type, method);
        }
        List<Found<WorkloadProvider>> named = workloadsByName().get(ref);
        if (named != null) {
            return unique("workload", ref, named, "WorkloadProvider.name()");
        }
        if (!CLASS_NAME.matcher(ref).matches() || !ref.contains(".")) {
            throw new IllegalArgumentException("unknown workload '" + ref + "'; valid workloads: "
                    + String.join(", ", workloadsByName().keySet())
                    + " (or a provider class, CLASS::METHOD, or FILE.java)");
        }
        Class<?> type = load(ref, ref);
        if (!WorkloadProvider.class.isAssignableFrom(type) && JmhBenchmarks.isBenchmarkClass(type)) {
            JmhBenchmarks.ClassBenchmarks found = JmhBenchmarks.resolveClass(origin(type), type);
            List<JmhWorkloadProvider> benchmarks = found.runnable();
            if (benchmarks.isEmpty()) {
                throw new IllegalArgumentException(found.reasons());
            }
            if (benchmarks.size() > 1) {
                throw new IllegalArgumentException("class " + ref + " holds " + benchmarks.size() + " JMH benchmarks ("
                        + String.join(", ", benchmarks.stream().map(JmhWorkloadProvider::name).toList())
                        + "); 'vbench run -w " + ref + "' runs them all, elsewhere name one as CLASS::METHOD");
            }
            return benchmarks.get(0);
        }
        if (!WorkloadProvider.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("class " + type.getName() + " is not a WorkloadProvider; to time one of its"
                    + " methods write '" + ref + "::METHOD'" + MethodWorkloadProvider.wouldDo(type));
        }
        for (List<Found<WorkloadProvider>> list : workloadsByName().values()) {
            for (Found<WorkloadProvider> f : list) {
                if (f.value() instanceof GuardedProvider g ? g.delegate().getClass() == type : f.value().getClass() == type) {
                    return unique("workload", f.value().name(), list, "WorkloadProvider.name()");
                }
            }
        }
        return new GuardedProvider(ref, instantiate(type, WorkloadProvider.class), origin(type));
    }

    private WorkloadProvider fromSource(String ref, String file, String method) {
        Path source = Path.of(file);
        String fingerprint = String.join(",", code().stream().filter(c -> !CodeEntry.SOURCE.equals(c.kind()))
                .map(CodeEntry::sha256).toList());
        SourceCompiler.Compiled compiled = SourceCompiler.compile(file, source, classPath.absolute(), fingerprint, cacheRoot);
        if (compiled.fromCache()) {
            detail.accept(file + ": compiled classes reused from " + compiled.dir() + " (source unchanged; not compiled again)");
        } else {
            log.accept(file + ": compiled in " + compiled.compileMillis() + " ms, cached in " + compiled.dir());
        }
        sources.add(new CodeEntry(file, CodeEntry.SOURCE, compiled.sourceSha256()));
        URLClassLoader classes;
        try {
            classes = new URLClassLoader(LOADER_NAME, new URL[] {compiled.dir().toUri().toURL()}, loader);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        opened.add(classes);
        List<Class<?>> types = new ArrayList<>();
        for (String name : compiled.classNames()) {
            try {
                types.add(Class.forName(name, false, classes));
            } catch (ClassNotFoundException | LinkageError e) {
                throw new IllegalArgumentException(file + ": compiled class " + name + " cannot be loaded (" + e
                        + "); delete " + compiled.dir() + " and run again");
            }
        }
        String origin = "compiled from " + file;
        String stem = source.getFileName().toString().replaceFirst("\\.java$", "");
        if (method == null) {
            List<Class<?>> providers = types.stream().filter(t -> WorkloadProvider.class.isAssignableFrom(t)
                    && Modifier.isPublic(t.getModifiers()) && !Modifier.isAbstract(t.getModifiers())).toList();
            if (providers.size() > 1) {
                throw new IllegalArgumentException(file + " holds " + providers.size() + " workload providers ("
                        + String.join(", ", providers.stream().map(Class::getName).toList())
                        + "); keep one per file, or name a method with " + file + "::METHOD");
            }
            if (providers.size() == 1) {
                return new GuardedProvider(ref, instantiate(providers.get(0), WorkloadProvider.class), origin);
            }
        }
        Class<?> main = types.stream().filter(t -> t.getSimpleName().equals(stem) && t.getEnclosingClass() == null)
                .findFirst().orElse(null);
        if (main == null) {
            throw new IllegalArgumentException(file + " declares no class " + stem + "; name the public class after the file");
        }
        if (method == null && !Modifier.isPublic(main.getModifiers())) {
            throw new IllegalArgumentException(file + ": class " + stem + " is not public and the file has no public"
                    + " WorkloadProvider; make " + stem + " public with a public run() or run(long) method");
        }
        try {
            return MethodWorkloadProvider.resolve(ref, origin, main, method == null ? "run" : method);
        } catch (IllegalArgumentException e) {
            if (method == null && e.getMessage().contains("has no public method 'run'")) {
                throw new IllegalArgumentException(file + " has neither a WorkloadProvider nor a public run() or run(long)"
                        + " method in class " + stem + MethodWorkloadProvider.wouldDo(main) + " (then write " + file
                        + "::METHOD)");
            }
            throw e;
        }
    }

    /** Loads {@code name} through the user's loader without initialising it. */
    private Class<?> load(String name, String ref) {
        if (!CLASS_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("'" + ref + "' is not CLASS::METHOD with a Java class name; write e.g."
                    + " com.acme.Checkout::handle");
        }
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            Class<?> nested = nested(name);
            if (nested != null) {
                return nested;
            }
            throw new IllegalArgumentException("class " + name + " not found on the class path (searched: "
                    + (classPath.isEmpty() ? "vbench and the JDK; no --classpath given" : classPath.describe()
                            + ", vbench and the JDK") + "); add the jar or directory that holds it with --classpath");
        } catch (LinkageError e) {
            throw new IllegalArgumentException("class " + name + " cannot be loaded: " + e
                    + "; add the jars it needs to --classpath");
        }
    }

    /**
     * A nested class written as Java and JMH write it, {@code pkg.Outer.Inner} for {@code pkg.Outer$Inner}: the
     * dots from the right made {@code $} one by one until a class loads; null when none does.
     */
    private Class<?> nested(String name) {
        String binary = name;
        for (int dot = binary.lastIndexOf('.'); dot > 0; dot = binary.lastIndexOf('.', dot - 1)) {
            binary = binary.substring(0, dot) + '$' + binary.substring(dot + 1);
            try {
                return Class.forName(binary, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                // not this split; the next dot to the left
            }
        }
        return null;
    }

    private <T> T instantiate(Class<?> type, Class<T> as) {
        MethodWorkloadProvider.checkPublic(type);
        java.lang.reflect.Constructor<?> c;
        try {
            c = type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("class " + type.getName() + " has no public no-argument constructor; add one");
        }
        try {
            return as.cast(c.newInstance());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw UserFailures.of("creating " + type.getName(), e);
        }
    }

    /** The name a provider of the user's gives itself: what it throws, or a null or blank name, is one line naming the method. */
    private static String nameOf(WorkloadProvider w, Class<?> type) {
        String name;
        try {
            name = w.name();
        } catch (RuntimeException | Error e) {
            throw UserFailures.of("asking " + type.getName() + " for its name", e);
        }
        if (name == null || name.isBlank()) {
            throw UserFailures.returnedNull(type.getName() + ".name()" + (name == null ? "" : " (blank)"),
                    "return the name that '-w NAME' finds it by");
        }
        return name;
    }

    private Map<String, List<Found<WorkloadProvider>>> workloadsByName() {
        if (workloadsByName == null) {
            workloadsByName = new LinkedHashMap<>();
            for (ServiceLoader.Provider<WorkloadProvider> p : providers(WorkloadProvider.class)) {
                Class<?> type = p.type();
                WorkloadProvider w = get(p);
                String name = isVbench(type) ? w.name() : nameOf(w, type);
                WorkloadProvider seen = isVbench(type) ? w : new GuardedProvider(name, w, origin(type));
                workloadsByName.computeIfAbsent(name, k -> new ArrayList<>()).add(new Found<>(seen, source(type)));
            }
        }
        return workloadsByName;
    }

    // ---------------------------------------------------------------- executors

    /** Every executor strategy: the built-ins, then those found on the class path, one per name. */
    public List<ExecutorStrategy> executors() {
        List<ExecutorStrategy> out = new ArrayList<>();
        for (Map.Entry<String, List<Found<ExecutorStrategy>>> e : executorsByName().entrySet()) {
            out.add(unique("executor", e.getKey(), e.getValue(), "ExecutorProvider.name()"));
        }
        return out;
    }

    /**
     * Parses an executor spec ({@code NAME[:key=value,…]}) against every strategy.
     *
     * @throws IllegalArgumentException unknown name, bad parameter, or a name two strategies claim
     */
    public ConfiguredExecutor executor(String spec) {
        return ExecutorStrategies.parse(spec, strategiesFor(spec));
    }

    /**
     * Parses an executor spec whose parameters may sweep ({@code virtual:parallelism=1,2,4}) into one
     * executor per value ({@link ExecutorStrategies#parseSweep}).
     *
     * @throws IllegalArgumentException unknown name, bad parameter, or a name two strategies claim
     */
    public List<ConfiguredExecutor> executors(String spec) {
        return ExecutorStrategies.parseSweep(spec, strategiesFor(spec));
    }

    /** Every strategy, once the name of {@code spec} is known to be claimed by one only. */
    private List<ExecutorStrategy> strategiesFor(String spec) {
        String name = spec.strip().split(":", 2)[0];
        List<Found<ExecutorStrategy>> named = executorsByName().get(name);
        if (named != null) {
            unique("executor", name, named, "ExecutorProvider.name()");
        }
        List<ExecutorStrategy> all = new ArrayList<>();
        executorsByName().values().forEach(list -> all.add(list.get(0).value()));
        return all;
    }

    private Map<String, List<Found<ExecutorStrategy>>> executorsByName() {
        if (executorsByName == null) {
            executorsByName = new LinkedHashMap<>();
            for (ExecutorStrategy s : ExecutorStrategies.all()) {
                executorsByName.computeIfAbsent(s.name(), k -> new ArrayList<>())
                        .add(new Found<>(s, "built into vbench"));
            }
            for (ServiceLoader.Provider<ExecutorProvider> p : providers(ExecutorProvider.class)) {
                ExecutorProvider e = get(p);
                if (e.name() == null || e.name().isBlank() || e.name().contains(":") || e.name().contains(",")) {
                    throw new IllegalArgumentException("executor provider " + p.type().getName() + " (" + source(p.type())
                            + ") has the name '" + e.name() + "'; ExecutorProvider.name() must be non-empty, without ':' or ','");
                }
                executorsByName.computeIfAbsent(e.name(), k -> new ArrayList<>())
                        .add(new Found<>(new ProvidedStrategy(e), p.type().getName() + " (" + source(p.type()) + ")"));
            }
        }
        return executorsByName;
    }

    // ---------------------------------------------------------------- shared

    private <T> List<ServiceLoader.Provider<T>> providers(Class<T> service) {
        try {
            return ServiceLoader.load(service, loader).stream().toList();
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("cannot load a " + service.getSimpleName() + " listed in META-INF/services: "
                    + e.getMessage() + "; fix that file or the class it names");
        }
    }

    private static <T> T get(ServiceLoader.Provider<T> p) {
        try {
            return p.get();
        } catch (ServiceConfigurationError e) {
            throw UserFailures.of("creating " + p.type().getName() + " (listed in META-INF/services)",
                    e.getCause() != null ? e.getCause() : e);
        }
    }

    private static <T> T unique(String what, String name, List<Found<T>> found, String rename) {
        if (found.size() > 1) {
            List<String> sources = new ArrayList<>();
            for (Found<T> f : found) {
                sources.add(f.value() instanceof GuardedProvider g ? g.delegate().getClass().getName() + " (" + f.source() + ")"
                        : f.value() instanceof WorkloadProvider ? f.value().getClass().getName() + " (" + f.source() + ")"
                        : f.source());
            }
            throw new IllegalArgumentException(what + " name '" + name + "' is defined " + found.size() + " times: by "
                    + String.join(" and by ", sources) + "; rename one (" + rename + ") or drop it from --classpath");
        }
        return found.get(0).value();
    }

    private static boolean isVbench(Class<?> type) {
        return type.getClassLoader() == UserCode.class.getClassLoader();
    }

    /** Where {@code type} came from: "built into vbench" or its jar or directory. */
    private static String source(Class<?> type) {
        var cs = type.getProtectionDomain().getCodeSource();
        var own = UserCode.class.getProtectionDomain().getCodeSource();
        if (cs == null || cs.getLocation() == null) {
            return "the JDK";
        }
        if (own != null && cs.getLocation().equals(own.getLocation())) {
            return "built into vbench";
        }
        try {
            return Path.of(cs.getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return cs.getLocation().toString();
        }
    }

    /** "built into vbench", "from the JDK" or "from PATH". */
    private static String origin(Class<?> type) {
        String s = source(type);
        return s.equals("built into vbench") ? s : "from " + s;
    }

    @Override
    public void close() {
        for (URLClassLoader l : opened) {
            try {
                l.close();
            } catch (IOException ignored) {
                // closing jar handles at the end of a command
            }
        }
    }
}
