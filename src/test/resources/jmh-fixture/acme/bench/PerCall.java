package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** Fixtures per invocation much slower than the method: a 5 ms setup around a method of a few ns. */
@State(Scope.Benchmark)
public class PerCall {
    public int x = 3;

    @Setup(Level.Invocation)
    public void before() throws InterruptedException {
        Fixtures.log("PerCall.setup");
        Thread.sleep(5);
    }

    @TearDown(Level.Invocation)
    public void after() {
        Fixtures.log("PerCall.teardown");
    }

    @Benchmark
    public int tiny() {
        return x * 3 + 1;
    }
}
