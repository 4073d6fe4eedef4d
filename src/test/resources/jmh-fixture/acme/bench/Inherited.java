package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH's inheritance sample in small: the benchmark method, its state and its @Setup in an abstract superclass,
 * each concrete subclass a benchmark of its own; the method checks that the inherited @Setup ran.
 */
public class Inherited {

    @State(Scope.Thread)
    public abstract static class Base {
        public double x;
        public boolean setUp;

        @Setup
        public void setup() {
            x = 0.5;
            setUp = true;
            Fixtures.log("Inherited.setup " + getClass().getSimpleName());
        }

        @Benchmark
        public double bench() {
            if (!setUp) {
                throw new IllegalStateException("@Setup was not called");
            }
            return work();
        }

        protected abstract double work();
    }

    public static class Cos extends Base {
        @Override
        protected double work() {
            return Math.cos(x);
        }
    }

    public static class Sin extends Base implements Defaulted {
        @Override
        protected double work() {
            return Math.sin(x);
        }
    }
}
