package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;

/** A @Benchmark default method of an interface: as JMH's annotation processor, not a benchmark of its implementors. */
public interface Defaulted {
    @Benchmark
    default int fromInterface() {
        return 1;
    }
}
