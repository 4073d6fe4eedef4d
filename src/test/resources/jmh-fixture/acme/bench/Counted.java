package acme.bench;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** JMH's @AuxCounters sample in small, with counts a test can predict: each call is counted once, odd or even. */
public class Counted {

    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Calls {
        public int evens;
        public long odds;
        private int next;

        public long total() {
            return evens + odds;
        }

        void count() {
            if (next++ % 2 == 0) {
                evens++;
            } else {
                odds++;
            }
        }
    }

    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Events {
        public int seen = 7; // reset to 0 before each trial, as JMH resets it before each iteration
    }

    @Benchmark
    public int split(Calls calls, Events events) {
        calls.count();
        events.seen++;
        return calls.evens;
    }
}
