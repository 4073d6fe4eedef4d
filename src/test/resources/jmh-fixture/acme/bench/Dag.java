package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/** JMH's states DAG in small: a per-thread state whose fixtures take the shared state and a Blackhole. */
public class Dag {

    @State(Scope.Benchmark)
    public static class Shared {
        public int base;

        @Setup
        public void setup() {
            base = 40;
            Fixtures.log("Dag.shared");
        }
    }

    @State(Scope.Thread)
    public static class Local {
        public int value;

        @Setup
        public void setup(Shared shared, Blackhole bh) {
            bh.consume(shared);
            value = shared.base + 2; // the shared state is set up first
            Fixtures.log("Dag.local " + value);
        }

        @TearDown
        public void done(Shared shared) {
            Fixtures.log("Dag.done " + shared.base);
        }
    }

    @Benchmark
    public int test(Local local) {
        if (local.value != 42) {
            throw new IllegalStateException("the local state was set up before the shared one");
        }
        return local.value;
    }
}
