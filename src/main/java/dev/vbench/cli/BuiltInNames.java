package dev.vbench.cli;

import dev.vbench.app.ListUseCase;
import java.util.Iterator;

/**
 * The built-in workloads' and executors' names for shell completion ({@code completionCandidates}), read from the
 * same lists {@code vbench list} prints, only when picocli iterates them (generating the completion script), so a
 * command's start-up loads no workload. One small subclass per option, because picocli instantiates the candidates
 * class by name.
 */
abstract class BuiltInNames implements Iterable<String> {

    /** {@code -w/--workload}: io, cpu, noop, sql, … (a class, {@code CLASS::METHOD} or a file is completed as a path too). */
    static final class Workloads extends BuiltInNames {
        @Override
        public Iterator<String> iterator() {
            return ListUseCase.builtInWorkloadNames().iterator();
        }
    }

    /** {@code -e/--executor}: virtual, fixed, sequential, … (their {@code :key=value} parameters are typed). */
    static final class Executors extends BuiltInNames {
        @Override
        public Iterator<String> iterator() {
            return ListUseCase.builtInExecutorNames().iterator();
        }
    }
}
