package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** Benchmarks vbench must refuse or report, each for one reason. */
public class Broken {

    @State(Scope.Group)
    public static class Shared {
        public int n;
    }

    @Benchmark
    @Group("pair")
    public int grouped(Shared s) {
        return s.n;
    }

    @State(Scope.Benchmark)
    public static class Failing {
        @Param({"ok", "fail"})
        public String mode;

        @Setup
        public void open() {
            if (mode.equals("fail")) {
                throw new IllegalStateException("cannot open the test database");
            }
        }
    }

    @Benchmark
    public int setupFails(Failing f) {
        return f.mode.length();
    }
}
