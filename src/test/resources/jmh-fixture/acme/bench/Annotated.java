package acme.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Timeout;
import org.openjdk.jmh.annotations.Warmup;

/** A benchmark that sets JMH's run options vbench does not apply, on its class and on its method. */
@Fork(value = 2, jvmArgs = {"-Xmx1g", "-XX:+UseParallelGC"})
@Threads(4)
public class Annotated {

    @Benchmark
    @Warmup(iterations = 2, batchSize = 50)
    @Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS, batchSize = 100)
    @Timeout(time = 10)
    public static int run() {
        return 42;
    }
}
