package acme.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/** JMH's compiler-control sample in small: one method the JIT must not compile, one it must not inline, one it must. */
@State(Scope.Benchmark)
public class Controlled {
    public int x = 3;

    @CompilerControl(CompilerControl.Mode.EXCLUDE)
    public void excluded() {
        // empty, as in JMH's sample: what is measured is the call
    }

    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    public void notInlined() {
        // empty
    }

    @CompilerControl(CompilerControl.Mode.INLINE)
    public void inlined() {
        // empty
    }

    @Benchmark
    public void calls() {
        excluded();
        notInlined();
        inlined();
    }

    @Benchmark
    public void consumes(Blackhole bh) {
        for (int i = 0; i < 16; i++) {
            bh.consume(x + i);
        }
    }
}
