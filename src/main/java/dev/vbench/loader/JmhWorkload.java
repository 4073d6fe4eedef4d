package dev.vbench.loader;

import dev.vbench.spi.WorkloadProvider;
import java.util.List;
import java.util.Map;

/**
 * A workload that is one {@code @Benchmark} method of the user's JMH class: what the planner needs
 * beyond {@link WorkloadProvider} to run it as JMH would.
 *
 * <pre>{@code
 * if (provider instanceof JmhWorkload jmh && !jmh.perClientStates().isEmpty() && concurrency == 0) {
 *     // refuse: one Scope.Thread instance per client needs a bound on the clients
 * }
 * }</pre>
 */
public interface JmhWorkload extends WorkloadProvider {

    /** Every {@code @Param} with the values its annotation declares: each combination is a cell, as in JMH. */
    Map<String, List<String>> paramValues();

    /** The {@code @State(Scope.Thread)} classes the method uses (one instance per client); empty when none. */
    List<String> perClientStates();

    /** {@code @OperationsPerInvocation}: operations one call of the method stands for (1 when not given). */
    int operationsPerInvocation();

    /**
     * Whether a state of the method has {@code @Setup}/{@code @TearDown(Level.Invocation)}: they run around each
     * task, outside its timed region, so a task is one call ({@code --batch} is refused).
     */
    boolean invocationFixtures();

    /** The benchmark as JMH names it: {@code pkg.Class.method}. */
    String jmhName();

    /**
     * The options of a fork that runs it, as JMH starts its forks ({@link JmhJit#forkOptions}): the Blackhole's compile
     * commands and the benchmark's compiler hints ({@code @CompilerControl}, JMH's default {@code inline} of the method).
     */
    List<String> forkJvmOptions();
}
