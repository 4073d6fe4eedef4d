import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The bare side of bench/agreement.sh's memory figure: N empty tasks (vbench's noop: return the index)
 * submitted in a loop to the executor vbench builds for the same spec, each task keeping its value in its
 * own field and storing its end time in its own slot of a preallocated array, as the bare loop of
 * 'vbench calibrate' does (the least a harness must keep to know when the last task ended). No vbench
 * class is loaded. Prints the makespan (first submit -> last task end) so the run can be checked.
 *
 *   java BareSubmitLoop virtual 1000000
 *   java BareSubmitLoop fixed:threads=2 1000000
 */
public final class BareSubmitLoop {

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: java BareSubmitLoop virtual|fixed:threads=N TASKS");
            System.exit(2);
        }
        ExecutorService executor = executor(args[0]);
        int tasks = Integer.parseInt(args[1]);
        long[] ends = new long[tasks];
        long start = System.nanoTime();
        for (int i = 0; i < tasks; i++) {
            executor.execute(new BareTask(i, ends));
        }
        executor.shutdown();
        if (!executor.awaitTermination(1, TimeUnit.HOURS)) {
            throw new IllegalStateException("tasks did not finish within an hour");
        }
        long last = start;
        for (long end : ends) {
            last = Math.max(last, end);
        }
        System.out.printf("%s: %d tasks, makespan %.1f ms%n", args[0], tasks, (last - start) / 1e6);
    }

    private static ExecutorService executor(String spec) {
        if (spec.equals("virtual")) {
            return Executors.newVirtualThreadPerTaskExecutor();
        }
        if (spec.startsWith("fixed:threads=")) {
            return Executors.newFixedThreadPool(Integer.parseInt(spec.substring("fixed:threads=".length())));
        }
        throw new IllegalArgumentException("executor '" + spec + "': use virtual or fixed:threads=N");
    }

    /** vbench's noop task (returns its index), its value kept in its own field, its end time in its own slot. */
    private static final class BareTask implements Runnable {
        private final int index;
        private final long[] ends;
        @SuppressWarnings("unused")
        private long sink;

        BareTask(int index, long[] ends) {
            this.index = index;
            this.ends = ends;
        }

        @Override
        public void run() {
            sink = index;
            ends[index] = System.nanoTime();
        }
    }
}
