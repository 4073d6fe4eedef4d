package dev.vbench.cli;

import dev.vbench.app.UsageException;
import dev.vbench.app.ExitCodes;
import dev.vbench.engine.DataDirs;
import dev.vbench.executor.ExecutorStrategy;
import dev.vbench.loader.UserCode;
import dev.vbench.plan.Planner;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.WorkloadProvider;
import dev.vbench.spi.WorkloadProvider.Availability;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vbench list}: workloads and executors with their parameters, defaults and availability. */
@Command(name = "list", description = {"List workloads and executors with their parameters and defaults.",
    "A workload that cannot run here (e.g. a database that does not answer) is listed as unavailable with the reason."})
public final class ListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    ClassPathOption classPath;

    @Option(names = {"-w", "--workload"}, paramLabel = "WORKLOAD",
            description = "Show one workload in detail, with its notes: a NAME, a provider CLASS, 'CLASS::METHOD' or"
                    + " FILE.java (what was found: the method chosen, its parameters and their defaults).")
    String workload;

    @Option(names = {"-p", "--param"}, paramLabel = "NAME=VALUE",
            description = "Check availability with these parameter values (e.g. -p url=jdbc:postgresql://…).")
    Map<String, String> params = Map.of();

    @Option(names = "--jvms", description = "List the JDKs found (JAVA_HOME, /usr/lib/jvm, ~/.sdkman/candidates/java,"
            + " ~/.jdks, VBENCH_JVM_DIRS) with their versions, for 'vbench run --jvm'.")
    boolean jvms;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        try (UserCode code = classPath.open(DataDirs.defaultRoot(), note -> {
            err.println("vbench: " + note);
            err.flush();
        }, note -> {})) {
            return list(code);
        }
    }

    private int list(UserCode code) {
        PrintWriter out = spec.commandLine().getOut();
        if (jvms) {
            dev.vbench.jvm.JdkDiscovery.fromSystem().listing().forEach(out::println);
            out.flush();
            return ExitCodes.OK;
        }
        if (workload != null) {
            WorkloadProvider p = Planner.workload(code, workload);
            printWorkload(out, p, true);
            return ExitCodes.OK;
        }
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
            out.println("JMH benchmarks on the class path (-w CLASS runs every @Benchmark method of the class, 'CLASS::METHOD'"
                    + " one; -w 'CLASS::METHOD' here shows how JMH's annotations map):");
            out.println();
            for (WorkloadProvider p : benchmarks) {
                printWorkload(out, p, false);
            }
        }
        out.println("Executors (-e NAME[:key=value,…]):");
        out.println();
        for (ExecutorStrategy e : strategies) {
            out.println("  " + e.name() + " — " + e.description());
            printParams(out, e.params());
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
        Map<String, String> given = workload != null ? params : Map.of();
        try {
            return p.availability(Params.resolve(p.name(), p.params(), given));
        } catch (IllegalArgumentException e) {
            if (workload != null) {
                throw new UsageException(e.getMessage());
            }
            return Availability.unavailable(e.getMessage());
        } catch (RuntimeException e) {
            return Availability.unavailable(String.valueOf(e.getMessage()));
        }
    }

    private static void printParams(PrintWriter out, List<ParamSpec<?>> specs) {
        for (ParamSpec<?> s : specs) {
            String dflt = s.defaultValue().isEmpty() ? "not set" : "default " + s.defaultValue();
            out.println("      " + s.name() + "  (" + dflt + "; " + s.type().describe() + ")  " + s.description());
        }
    }

    static List<String> wrap(String text, int width) {
        List<String> lines = new java.util.ArrayList<>();
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
