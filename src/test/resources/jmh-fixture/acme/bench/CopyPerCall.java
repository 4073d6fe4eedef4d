package acme.bench;

import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A per-invocation fixture that takes the state it copies (JMH's JMHSample_38_PerInvokeSetup, measureNeutral): each
 * call sorts a fresh copy of the trial's unsorted data.
 */
public class CopyPerCall {

    @State(Scope.Thread)
    public static class Data {
        public int[] source;

        @Setup
        public void setup() {
            source = new int[] {5, 3, 9, 1, 7};
        }
    }

    @State(Scope.Thread)
    public static class Copy {
        public int[] copy;

        @Setup(Level.Invocation)
        public void fresh(Data data, Blackhole bh) {
            bh.consume(data);
            copy = data.source.clone();
            Fixtures.log("Copy.fresh");
        }

        @TearDown(Level.Invocation)
        public void check(Data data) {
            if (!Arrays.equals(data.source, new int[] {5, 3, 9, 1, 7})) {
                throw new IllegalStateException("the benchmark sorted the trial's data, not its copy");
            }
            Fixtures.log("Copy.check");
        }
    }

    @Benchmark
    public int sortCopy(Copy c) {
        if (c.copy[0] != 5) {
            throw new IllegalStateException("the copy was not made fresh for this call");
        }
        Arrays.sort(c.copy);
        return c.copy[0];
    }
}
