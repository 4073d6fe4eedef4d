package dev.vbench.loader;

import dev.vbench.executor.ConfiguredExecutor;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.executor.ExecutorStrategy;
import dev.vbench.result.CodeEntry;
import dev.vbench.spi.ExecutorProvider;
import dev.vbench.spi.WorkloadProvider;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The user's code for one command: the {@code --classpath} entries, the ONE class loader over them
 * (its parent is vbench's own loader, so the API and the JDK resolve as usual), and every lookup
 * through it — workloads by name, provider class, {@code Class::method} or source file
 * ({@link WorkloadLookup}), and executor strategies by name (built-ins plus every {@link ExecutorProvider}
 * found with {@link ServiceLoader}: {@link ExecutorLookup}).
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

    static final Pattern CLASS_NAME = Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}.$]*");

    private final ClassPathEntries classPath;
    private final ClassLoader loader;
    private final List<URLClassLoader> opened = new ArrayList<>();
    private final List<CodeEntry> sources = new ArrayList<>();
    private List<CodeEntry> fingerprints;
    private final WorkloadLookup workloads;
    private final ExecutorLookup executors;

    /** One provider and where it came from. */
    record Found<T>(T value, String source) {}

    private UserCode(ClassPathEntries classPath, Path cacheRoot, Consumer<String> log, Consumer<String> detail) {
        this.classPath = classPath;
        ClassLoader vbench = UserCode.class.getClassLoader();
        if (classPath.isEmpty()) {
            this.loader = vbench;
        } else {
            List<URL> urls = new ArrayList<>();
            for (ClassPathEntries.Entry e : classPath.entries()) {
                try {
                    urls.add(e.path().toUri().toURL());
                } catch (MalformedURLException ex) {
                    throw new IllegalArgumentException(
                            "class path entry '" + e.given() + "' is not a valid path; fix it");
                }
            }
            URLClassLoader l = new URLClassLoader(LOADER_NAME, urls.toArray(URL[]::new), vbench);
            opened.add(l);
            this.loader = l;
        }
        this.workloads = new WorkloadLookup(this, cacheRoot, log, detail);
        this.executors = new ExecutorLookup(this);
    }

    /**
     * @param classPath {@code --classpath} as given (blank: none)
     * @param workingDir what relative entries are relative to
     * @param cacheRoot where compiled source files are cached ({@code <root>/compiled/})
     * @param log receives one-line notes worth showing always (a source file compiled)
     * @param detail receives one-line notes for {@code --verbose} (compiled classes reused from the cache)
     * @throws IllegalArgumentException a missing or unreadable entry, naming it and the fix
     */
    public static UserCode open(
            String classPath, Path workingDir, Path cacheRoot, Consumer<String> log, Consumer<String> detail) {
        return new UserCode(ClassPathEntries.parse(classPath, workingDir), cacheRoot, log, detail);
    }

    /** vbench's own workloads and executors (and any on the JVM's class path), nothing else. */
    public static UserCode builtIn() {
        return new UserCode(
                ClassPathEntries.EMPTY, Path.of(System.getProperty("java.io.tmpdir"), "vbench"), m -> {}, m -> {});
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
        return workloads.all();
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
        return workloads.find(reference);
    }

    /**
     * The workloads {@code reference} names: a JMH class gives one per {@code @Benchmark} method (named
     * {@code CLASS::METHOD}); any other reference gives the one {@link #workload} finds.
     *
     * @throws IllegalArgumentException (exit 2) one sentence naming the fix
     */
    public List<WorkloadProvider> workloads(String reference) {
        return workloads.named(reference);
    }

    /**
     * The JMH benchmarks on the class path ({@code META-INF/BenchmarkList}, else the class files): one
     * workload per {@code @Benchmark} method; one vbench cannot run (jmh-core missing, Scope.Group) is
     * listed as unavailable with the reason.
     */
    public List<WorkloadProvider> jmhBenchmarks() {
        return workloads.jmhBenchmarks();
    }

    // ---------------------------------------------------------------- executors

    /** Every executor strategy: the built-ins, then those found on the class path, one per name. */
    public List<ExecutorStrategy> executors() {
        return executors.all();
    }

    /**
     * Parses an executor spec ({@code NAME[:key=value,…]}) against every strategy.
     *
     * @throws IllegalArgumentException unknown name, bad parameter, or a name two strategies claim
     */
    public ConfiguredExecutor executor(String spec) {
        return executors.find(spec);
    }

    /**
     * Parses an executor spec whose parameters may sweep ({@code virtual:parallelism=1,2,4}) into one
     * executor per value ({@link ExecutorStrategies#parseSweep}).
     *
     * @throws IllegalArgumentException unknown name, bad parameter, or a name two strategies claim
     */
    public List<ConfiguredExecutor> executors(String spec) {
        return executors.sweep(spec);
    }

    // ---------------------------------------------------------------- shared by the lookups

    /** A loader over classes compiled from a source file, below the class path's; the file joins {@link #code()}. */
    ClassLoader openCompiled(SourceCompiler.Compiled compiled, CodeEntry source) {
        sources.add(source);
        URLClassLoader classes;
        try {
            classes = new URLClassLoader(
                    LOADER_NAME, new URL[] {compiled.dir().toUri().toURL()}, loader);
        } catch (MalformedURLException e) {
            throw new IllegalStateException(e);
        }
        opened.add(classes);
        return classes;
    }

    /** Loads {@code name} through the user's loader without initialising it. */
    Class<?> load(String name, String ref) {
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
                    + (classPath.isEmpty()
                            ? "vbench and the JDK; no --classpath given"
                            : classPath.describe() + ", vbench and the JDK")
                    + "); add the jar or directory that holds it with --classpath");
        } catch (LinkageError e) {
            throw new IllegalArgumentException(
                    "class " + name + " cannot be loaded: " + e + "; add the jars it needs to --classpath");
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

    <T> T instantiate(Class<?> type, Class<T> as) {
        MethodWorkloadProvider.checkPublic(type);
        Constructor<?> c;
        try {
            c = type.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(
                    "class " + type.getName() + " has no public no-argument constructor; add one");
        }
        try {
            return as.cast(c.newInstance());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw UserFailures.of("creating " + type.getName(), e);
        }
    }

    <T> List<ServiceLoader.Provider<T>> providers(Class<T> service) {
        try {
            return ServiceLoader.load(service, loader).stream().toList();
        } catch (ServiceConfigurationError e) {
            throw new IllegalArgumentException("cannot load a " + service.getSimpleName()
                    + " listed in META-INF/services: " + e.getMessage() + "; fix that file or the class it names");
        }
    }

    static <T> T get(ServiceLoader.Provider<T> p) {
        try {
            return p.get();
        } catch (ServiceConfigurationError e) {
            throw UserFailures.of(
                    "creating " + p.type().getName() + " (listed in META-INF/services)",
                    e.getCause() != null ? e.getCause() : e);
        }
    }

    static <T> T unique(String what, String name, List<Found<T>> found, String rename) {
        if (found.size() > 1) {
            List<String> sources = new ArrayList<>();
            for (Found<T> f : found) {
                sources.add(
                        f.value() instanceof GuardedProvider g
                                ? g.delegate().getClass().getName() + " (" + f.source() + ")"
                                : f.value() instanceof WorkloadProvider
                                        ? f.value().getClass().getName() + " (" + f.source() + ")"
                                        : f.source());
            }
            throw new IllegalArgumentException(what + " name '" + name + "' is defined " + found.size() + " times: by "
                    + String.join(" and by ", sources) + "; rename one (" + rename + ") or drop it from --classpath");
        }
        return found.get(0).value();
    }

    static boolean isVbench(Class<?> type) {
        return type.getClassLoader() == UserCode.class.getClassLoader();
    }

    /** Where {@code type} came from: "built into vbench" or its jar or directory. */
    static String source(Class<?> type) {
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
        } catch (URISyntaxException | RuntimeException e) {
            return cs.getLocation().toString();
        }
    }

    /** "built into vbench", "from the JDK" or "from PATH". */
    static String origin(Class<?> type) {
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
