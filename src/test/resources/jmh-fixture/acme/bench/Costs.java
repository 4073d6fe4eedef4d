package acme.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** Methods of known cost: a few arithmetic operations, and a millisecond's sleep. */
@State(Scope.Benchmark)
public class Costs {
    public int x = 7;

    @Benchmark
    public int fourOps() {
        return ((x * 3) + 1) ^ (x >>> 1);
    }

    @Benchmark
    public void sleep1ms() throws InterruptedException {
        TimeUnit.MILLISECONDS.sleep(1);
    }
}
