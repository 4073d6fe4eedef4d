package dev.vbench.app;

import dev.vbench.engine.DataDirs;
import dev.vbench.executor.ExecutorStrategies;
import dev.vbench.executor.ExecutorStrategy;
import dev.vbench.executor.VirtualScheduler;
import dev.vbench.jvm.JdkDiscovery;
import dev.vbench.jvm.JvmFeatures;
import dev.vbench.loader.UserCode;
import dev.vbench.plan.Planner;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.spi.WorkloadProvider.Availability;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The {@code vbench list} use case: the workloads and executors found (built in and on the class path),
 * with their parameters, defaults and availability here; one workload in detail; or the JDKs found.
 *
 * <pre>{@code
 * ListUseCase.list(new ListUseCase.Request(null, "io", Map.of(), false), out, err);
 * }</pre>
 */
public final class ListUseCase {

    private final Request request;

    private ListUseCase(Request request) {
        this.request = request;
    }

    /**
     * @param classPath the user's code ({@code --classpath}, else {@code $VBENCH_CLASSPATH}), or null
     * @param workload one workload to show in detail, or null for all
     * @param params parameter values its availability is checked with
     * @param jvms list the JDKs found instead
     */
    public record Request(String classPath, String workload, Map<String, String> params, boolean jvms) {
        public Request {
            params = Map.copyOf(params);
        }
    }

    /**
     * Lists what {@code request} asks for on {@code out}; notes (a source file compiled) on {@code err}.
     *
     * @return the exit code: 0
     * @throws UsageException for a workload that cannot be found or parameters it refuses
     */
    public static int list(Request request, PrintWriter out, PrintWriter err) {
        UserCode code;
        try {
            code = UserCode.open(
                    request.classPath(),
                    Path.of(""),
                    DataDirs.defaultRoot(),
                    note -> {
                        err.println("vbench: " + note);
                        err.flush();
                    },
                    note -> {});
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        try (code) {
            return new ListUseCase(request).list(code, out);
        }
    }

    /** The built-in workloads' names, in the order {@code vbench list} shows them: what shell completion offers after {@code -w}. */
    public static List<String> builtInWorkloadNames() {
        try (UserCode code = UserCode.builtIn()) {
            return code.workloads().stream().map(WorkloadProvider::name).toList();
        }
    }

    /** The built-in executors' names, in the order {@code vbench list} shows them: what completion offers after {@code -e}. */
    public static List<String> builtInExecutorNames() {
        return ExecutorStrategies.all().stream().map(ExecutorStrategy::name).toList();
    }

    private int list(UserCode code, PrintWriter out) {
        String workload = request.workload();
        if (request.jvms()) {
            JdkDiscovery.fromSystem().listing().forEach(out::println);
            out.flush();
            return ExitCodes.OK;
        }
        if (workload != null) {
            WorkloadProvider p = Planner.workload(code, workload);
            printWorkload(out, p, true);
            return ExitCodes.OK;
        }
        // which scheduler properties this JDK reads (a few class files' constant pools), beside the workloads' listing
        CompletableFuture<Set<String>> reads = new CompletableFuture<>();
        Thread.ofPlatform().daemon().name("vbench-list-scheduler").start(() -> {
            try {
                reads.complete(JvmFeatures.readByThisJdk());
            } catch (RuntimeException | Error e) {
                reads.complete(null); // unknown: nothing marked
            }
        });
        List<WorkloadProvider> workloads;
        List<ExecutorStrategy> strategies;
        try {
            workloads = code.workloads();
            strategies = code.executors();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        out.println("Workloads (-w NAME, parameters with -p NAME=VALUE; also -w CLASS, 'CLASS::METHOD', FILE.java):");
        out.println();
        for (WorkloadProvider p : workloads) {
            printWorkload(out, p, false);
        }
        List<WorkloadProvider> benchmarks;
        try {
            benchmarks = code.jmhBenchmarks();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        if (!benchmarks.isEmpty()) {
            out.println(
                    "JMH benchmarks on the class path (-w CLASS runs every @Benchmark method of the class, 'CLASS::METHOD'"
                            + " one; -w 'CLASS::METHOD' here shows how JMH's annotations map):");
            out.println();
            for (WorkloadProvider p : benchmarks) {
                printWorkload(out, p, false);
            }
        }
        out.println("Executors (-e NAME[:key=value,…]):");
        out.println();
        Set<String> read = reads.join();
        String jdk = "JDK " + System.getProperty("java.version");
        String schedulerShown = null; // the first strategy listing the scheduler's parameters; the others refer to it
        for (ExecutorStrategy e : strategies) {
            String unavailable = e.name().equals("structured") ? ExecutorStrategies.structuredScopeUnavailable() : null;
            out.println("  " + e.name() + " — " + e.description()
                    + (unavailable == null ? "" : "  [not on this " + jdk + ": it has no StructuredTaskScope.open]"));
            List<ParamSpec<?>> scheduler = e.params().stream()
                    .filter(VirtualScheduler::isSchedulerParam)
                    .toList();
            List<ParamSpec<?>> own =
                    e.params().stream().filter(p -> !scheduler.contains(p)).toList();
            printParams(out, schedulerShown == null ? e.params() : own, name -> {
                String property = VirtualScheduler.property(name);
                return read == null
                                || scheduler.stream().noneMatch(p -> p.name().equals(name))
                                || read.contains(property)
                        ? ""
                        : "  [not read by this " + jdk + "]";
            });
            if (!scheduler.isEmpty() && schedulerShown != null) {
                out.println("      "
                        + String.join(
                                ", ", scheduler.stream().map(ParamSpec::name).toList()) + "  the scheduler's, as for "
                        + schedulerShown);
            } else if (!scheduler.isEmpty()) {
                schedulerShown = e.name();
            }
        }
        out.flush();
        return ExitCodes.OK;
    }

    private void printWorkload(PrintWriter out, WorkloadProvider p, boolean detail) {
        Availability availability = availability(p);
        out.println("  " + p.name() + " — " + p.description()
                + (availability.available() ? "" : "  [unavailable: " + availability.reason() + "]"));
        printParams(out, p.params());
        if (detail && !p.notes().isBlank()) {
            out.println();
            for (String line : wrap(p.notes(), 96)) {
                out.println("    " + line);
            }
        }
        out.println();
    }

    private Availability availability(WorkloadProvider p) {
        Map<String, String> given = request.workload() != null ? request.params() : Map.of();
        try {
            return p.availability(Params.resolve(p.name(), p.params(), given));
        } catch (IllegalArgumentException e) {
            if (request.workload() != null) {
                throw new UsageException(e.getMessage());
            }
            return Availability.unavailable(e.getMessage());
        } catch (RuntimeException e) {
            return Availability.unavailable(String.valueOf(e.getMessage()));
        }
    }

    private static void printParams(PrintWriter out, List<ParamSpec<?>> specs) {
        printParams(out, specs, name -> "");
    }

    /** @param note what to add after a parameter's line (this JDK does not read its property), or "" */
    private static void printParams(PrintWriter out, List<ParamSpec<?>> specs, Function<String, String> note) {
        for (ParamSpec<?> s : specs) {
            String dflt = s.defaultValue().isEmpty() ? "not set" : "default " + s.defaultValue();
            out.println("      " + s.name() + "  (" + dflt + "; " + s.type().describe() + ")  " + s.description()
                    + note.apply(s.name()));
        }
    }

    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
