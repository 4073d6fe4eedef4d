package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A class of which vbench runs some benchmarks: two plain methods, and two that share a JMH thread group. */
public class Partial {

    @State(Scope.Benchmark)
    public static class Plain {
        public int x = 5;
    }

    @State(Scope.Group)
    public static class Shared {
        public int n;
    }

    @Benchmark
    public int first(Plain p) {
        return p.x * 3;
    }

    @Benchmark
    public static int second() {
        return 7;
    }

    @Benchmark
    @Group("pair")
    public int reader(Shared s) {
        return s.n;
    }

    @Benchmark
    @Group("pair")
    public void writer(Shared s) {
        s.n++;
    }
}
