/**
 * The smallest vbench workload: one public class with a public run method.
 *
 *   ./vbench run -w examples/single-file/Fib.java -e virtual -e fixed:threads=2 --tasks 1000
 *   ./vbench run -w examples/single-file/Fib.java -p n=20,25 -e virtual -e fixed:threads=2 --tasks 1000
 *   ./vbench list -w examples/single-file/Fib.java
 *
 * vbench compiles this file in memory (and caches the classes by its hash), creates one Fib per trial
 * with the public no-argument constructor, sets -p values on public fields, and calls run(index) once
 * per task on the executor under test. The returned value is consumed, so the JIT cannot drop the work.
 */
public class Fib {

    /** Which Fibonacci number each task computes; -p n=20,25 sweeps it. */
    public int n = 20;

    public long run(long index) {
        return fib(n);
    }

    static long fib(int k) {
        return k < 2 ? k : fib(k - 1) + fib(k - 2);
    }
}
