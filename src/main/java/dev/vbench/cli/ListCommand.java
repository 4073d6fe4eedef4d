package dev.vbench.cli;

import dev.vbench.app.ListUseCase;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code vbench list}: workloads and executors with their parameters, defaults and availability. */
@Command(
        name = "list",
        description = {
            "List workloads and executors with their parameters and defaults.",
            "A workload that cannot run here (e.g. a database that does not answer) is listed as unavailable with the reason."
        })
public final class ListCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    ClassPathOption classPath;

    @Option(
            names = {"-w", "--workload"},
            paramLabel = "WORKLOAD",
            completionCandidates = BuiltInNames.Workloads.class,
            description = "Show one workload in detail, with its notes: a NAME, a provider CLASS, 'CLASS::METHOD' or"
                    + " FILE.java (what was found: the method chosen, its parameters and their defaults).")
    String workload;

    @Option(
            names = {"-p", "--param"},
            paramLabel = "NAME=VALUE",
            description = "Check availability with these parameter values (e.g. -p url=jdbc:postgresql://…).")
    Map<String, String> params = Map.of();

    @Option(
            names = "--jvms",
            description = "List the JDKs found (JAVA_HOME, /usr/lib/jvm, ~/.sdkman/candidates/java,"
                    + " ~/.jdks, VBENCH_JVM_DIRS) with their versions, for 'vbench run --jvm'.")
    boolean jvms;

    @Override
    public Integer call() {
        return ListUseCase.list(
                new ListUseCase.Request(classPath.value(), workload, params, jvms),
                spec.commandLine().getOut(),
                spec.commandLine().getErr());
    }
}
