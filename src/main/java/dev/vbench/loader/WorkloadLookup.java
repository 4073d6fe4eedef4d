package dev.vbench.loader;

import dev.vbench.result.CodeEntry;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Consumer;

/**
 * The workloads of one {@link UserCode}, found through its class loader: registered names
 * ({@link ServiceLoader}), provider classes, {@code Class::method} references, JMH benchmark classes and methods
 * ({@link JmhBenchmarks}), and source files compiled once ({@link SourceCompiler}). What it found is kept, so
 * the same reference gives the same provider again.
 *
 * <pre>{@code
 * WorkloadProvider p = new WorkloadLookup(code, cacheRoot, note -> {}, detail -> {}).find("com.acme.Checkout::handle");
 * }</pre>
 */
final class WorkloadLookup {

    private final UserCode code;
    private final Path cacheRoot;
    private final Consumer<String> log;
    private final Consumer<String> detail;
    private final Map<String, WorkloadProvider> resolved = new LinkedHashMap<>();
    private Map<String, List<UserCode.Found<WorkloadProvider>>> workloadsByName;

    /**
     * @param cacheRoot where compiled source files are cached ({@code <root>/compiled/})
     * @param log receives one-line notes worth showing always (a source file compiled)
     * @param detail receives one-line notes for {@code --verbose} (compiled classes reused from the cache)
     */
    WorkloadLookup(UserCode code, Path cacheRoot, Consumer<String> log, Consumer<String> detail) {
        this.code = code;
        this.cacheRoot = cacheRoot;
        this.log = log;
        this.detail = detail;
    }

    /** Every workload found by name (built-ins and providers on the class path), one per name. */
    List<WorkloadProvider> all() {
        List<WorkloadProvider> out = new ArrayList<>();
        for (Map.Entry<String, List<UserCode.Found<WorkloadProvider>>> e :
                workloadsByName().entrySet()) {
            out.add(UserCode.unique("workload", e.getKey(), e.getValue(), "WorkloadProvider.name()"));
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
    WorkloadProvider find(String reference) {
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
     * {@code CLASS::METHOD}); any other reference gives the one {@link #find} finds.
     *
     * @throws IllegalArgumentException (exit 2) one sentence naming the fix
     */
    List<WorkloadProvider> named(String reference) {
        String ref = reference.strip();
        if (!ref.contains("::")
                && !ref.endsWith(".java")
                && !resolved.containsKey(ref)
                && !workloadsByName().containsKey(ref)
                && UserCode.CLASS_NAME.matcher(ref).matches()
                && ref.contains(".")) {
            Class<?> type = code.load(ref, ref);
            if (!WorkloadProvider.class.isAssignableFrom(type) && JmhBenchmarks.isBenchmarkClass(type)) {
                JmhBenchmarks.ClassBenchmarks benchmarks = JmhBenchmarks.resolveClass(UserCode.origin(type), type);
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
        return List.of(find(ref));
    }

    /**
     * The JMH benchmarks on the class path ({@code META-INF/BenchmarkList}, else the class files): one
     * workload per {@code @Benchmark} method; one vbench cannot run (jmh-core missing, Scope.Group) is
     * listed as unavailable with the reason.
     */
    List<WorkloadProvider> jmhBenchmarks() {
        List<WorkloadProvider> out = new ArrayList<>();
        if (code.classPath().isEmpty()) {
            return out;
        }
        for (String className : Jmh.benchmarkClasses(code.classPath(), code.loader())) {
            List<String> methods;
            Class<?> type;
            try {
                type = code.load(className, className);
                methods = JmhBenchmarks.benchmarkNames(type);
            } catch (IllegalArgumentException e) {
                out.add(new Unrunnable(className, e.getMessage()));
                continue;
            }
            for (String method : methods) {
                String ref = type.getName() + "::" + method;
                try {
                    out.add(find(ref));
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
        public List<ParamSpec<?>> params() {
            return List.of();
        }

        @Override
        public Availability availability(Params params) {
            return Availability.unavailable(reason);
        }

        @Override
        public Workload create(Params params) {
            throw new IllegalArgumentException(reason);
        }
    }

    private WorkloadProvider resolve(String ref) {
        int sep = ref.indexOf("::");
        String target = sep < 0 ? ref : ref.substring(0, sep);
        String method = sep < 0 ? null : ref.substring(sep + 2).strip();
        if (method != null && method.isEmpty()) {
            throw new IllegalArgumentException(
                    "'" + ref + "' names no method; write CLASS::METHOD, e.g. java.util.UUID::randomUUID");
        }
        if (target.endsWith(".java")) {
            return fromSource(ref, target, method);
        }
        if (method != null) {
            Class<?> type = code.load(target, ref);
            if (JmhBenchmarks.isBenchmarkClass(type) && JmhBenchmarks.isBenchmark(type, method)) {
                return JmhBenchmarks.resolveMethod(UserCode.origin(type), type, method);
            }
            return MethodWorkloadProvider.resolve(ref, UserCode.origin(type), type, method);
        }
        List<UserCode.Found<WorkloadProvider>> named = workloadsByName().get(ref);
        if (named != null) {
            return UserCode.unique("workload", ref, named, "WorkloadProvider.name()");
        }
        if (!UserCode.CLASS_NAME.matcher(ref).matches() || !ref.contains(".")) {
            throw new IllegalArgumentException("unknown workload '" + ref + "'; valid workloads: "
                    + String.join(", ", workloadsByName().keySet())
                    + " (or a provider class, CLASS::METHOD, or FILE.java)");
        }
        Class<?> type = code.load(ref, ref);
        if (!WorkloadProvider.class.isAssignableFrom(type) && JmhBenchmarks.isBenchmarkClass(type)) {
            JmhBenchmarks.ClassBenchmarks found = JmhBenchmarks.resolveClass(UserCode.origin(type), type);
            List<JmhWorkloadProvider> benchmarks = found.runnable();
            if (benchmarks.isEmpty()) {
                throw new IllegalArgumentException(found.reasons());
            }
            if (benchmarks.size() > 1) {
                throw new IllegalArgumentException("class " + ref + " holds " + benchmarks.size() + " JMH benchmarks ("
                        + String.join(
                                ", ",
                                benchmarks.stream()
                                        .map(JmhWorkloadProvider::name)
                                        .toList())
                        + "); 'vbench run -w " + ref + "' runs them all, elsewhere name one as CLASS::METHOD");
            }
            return benchmarks.get(0);
        }
        if (!WorkloadProvider.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(
                    "class " + type.getName() + " is not a WorkloadProvider; to time one of its" + " methods write '"
                            + ref + "::METHOD'" + MethodWorkloadProvider.wouldDo(type));
        }
        for (List<UserCode.Found<WorkloadProvider>> list : workloadsByName().values()) {
            for (UserCode.Found<WorkloadProvider> f : list) {
                if (f.value() instanceof GuardedProvider g
                        ? g.delegate().getClass() == type
                        : f.value().getClass() == type) {
                    return UserCode.unique("workload", f.value().name(), list, "WorkloadProvider.name()");
                }
            }
        }
        return new GuardedProvider(ref, code.instantiate(type, WorkloadProvider.class), UserCode.origin(type));
    }

    private WorkloadProvider fromSource(String ref, String file, String method) {
        Path source = Path.of(file);
        String fingerprint = String.join(
                ",",
                code.code().stream()
                        .filter(c -> !CodeEntry.SOURCE.equals(c.kind()))
                        .map(CodeEntry::sha256)
                        .toList());
        SourceCompiler.Compiled compiled =
                SourceCompiler.compile(file, source, code.classPath().absolute(), fingerprint, cacheRoot);
        if (compiled.fromCache()) {
            detail.accept(file + ": compiled classes reused from " + compiled.dir()
                    + " (source unchanged; not compiled again)");
        } else {
            log.accept(file + ": compiled in " + compiled.compileMillis() + " ms, cached in " + compiled.dir());
        }
        ClassLoader classes =
                code.openCompiled(compiled, new CodeEntry(file, CodeEntry.SOURCE, compiled.sourceSha256()));
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
            List<Class<?>> providers = types.stream()
                    .filter(t -> WorkloadProvider.class.isAssignableFrom(t)
                            && Modifier.isPublic(t.getModifiers())
                            && !Modifier.isAbstract(t.getModifiers()))
                    .toList();
            if (providers.size() > 1) {
                throw new IllegalArgumentException(file + " holds " + providers.size() + " workload providers ("
                        + String.join(
                                ", ", providers.stream().map(Class::getName).toList())
                        + "); keep one per file, or name a method with " + file + "::METHOD");
            }
            if (providers.size() == 1) {
                return new GuardedProvider(ref, code.instantiate(providers.get(0), WorkloadProvider.class), origin);
            }
        }
        Class<?> main = types.stream()
                .filter(t -> t.getSimpleName().equals(stem) && t.getEnclosingClass() == null)
                .findFirst()
                .orElse(null);
        if (main == null) {
            throw new IllegalArgumentException(
                    file + " declares no class " + stem + "; name the public class after the file");
        }
        if (method == null && !Modifier.isPublic(main.getModifiers())) {
            throw new IllegalArgumentException(file + ": class " + stem + " is not public and the file has no public"
                    + " WorkloadProvider; make " + stem + " public with a public run() or run(long) method");
        }
        try {
            return MethodWorkloadProvider.resolve(ref, origin, main, method == null ? "run" : method);
        } catch (IllegalArgumentException e) {
            if (method == null && e.getMessage().contains("has no public method 'run'")) {
                throw new IllegalArgumentException(file
                        + " has neither a WorkloadProvider nor a public run() or run(long)"
                        + " method in class " + stem + MethodWorkloadProvider.wouldDo(main) + " (then write " + file
                        + "::METHOD)");
            }
            throw e;
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
            throw UserFailures.returnedNull(
                    type.getName() + ".name()" + (name == null ? "" : " (blank)"),
                    "return the name that '-w NAME' finds it by");
        }
        return name;
    }

    private Map<String, List<UserCode.Found<WorkloadProvider>>> workloadsByName() {
        if (workloadsByName == null) {
            workloadsByName = new LinkedHashMap<>();
            for (ServiceLoader.Provider<WorkloadProvider> p : code.providers(WorkloadProvider.class)) {
                Class<?> type = p.type();
                WorkloadProvider w = UserCode.get(p);
                String name = UserCode.isVbench(type) ? w.name() : nameOf(w, type);
                WorkloadProvider seen =
                        UserCode.isVbench(type) ? w : new GuardedProvider(name, w, UserCode.origin(type));
                workloadsByName
                        .computeIfAbsent(name, k -> new ArrayList<>())
                        .add(new UserCode.Found<>(seen, UserCode.source(type)));
            }
        }
        return workloadsByName;
    }
}
