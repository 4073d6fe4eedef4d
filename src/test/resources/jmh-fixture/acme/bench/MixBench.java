package acme.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/** An archetype-style JMH benchmark: a shared state, a per-thread state, two @Param fields, a Blackhole. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 1, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 2, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class MixBench {

    @Param({"8", "32"})
    public int size;

    @Param({"a", "bb"})
    public String word;

    private long[] data;

    @Setup(Level.Trial)
    public void trial() {
        data = new long[size];
        for (int i = 0; i < size; i++) {
            data[i] = i * 31L + word.length();
        }
        Fixtures.log("MixBench.trial size=" + size + " word=" + word);
    }

    @Setup(Level.Iteration)
    public void iteration() {
        Fixtures.log("MixBench.iteration size=" + size);
    }

    @TearDown(Level.Trial)
    public void done() {
        Fixtures.log("MixBench.teardown size=" + size);
    }

    /** One per thread: a counter nobody else touches. */
    @State(Scope.Thread)
    public static class Counter {
        public long count;

        @Setup(Level.Trial)
        public void start() {
            count = 0;
            Fixtures.log("Counter.trial");
        }
    }

    @Benchmark
    public long sum() {
        long s = 0;
        for (long v : data) {
            s += v;
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(4)
    public void sumInto(Counter counter, Blackhole bh) {
        for (int k = 0; k < 4; k++) {
            counter.count++;
            bh.consume(data[(int) (counter.count % data.length)]);
        }
    }
}
