import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * A store behind one lock, the shape that profiles show best: every task writes one entry through a
 * synchronized put, which holds the store's monitor while it waits on a slow device (a short sleep).
 *
 *   ./vbench run -w examples/single-file/Store.java -e virtual -e fixed:threads=4 --tasks 300 \
 *       --profile tasks,lock -o store.json
 *
 * The tasks queue for the monitor whatever the executor, so the makespan is about tasks × hold; the
 * profiles say where each executor's tasks waited: blocked on the monitor in Store.put, or in the pool's queue.
 */
public class Store {

    /** How long put holds the monitor, in microseconds; -p hold=50,500 sweeps it. */
    public int hold = 200;

    private final Map<Long, Long> entries = new HashMap<>();

    public long run(long index) throws InterruptedException {
        return put(index % 1024, index);
    }

    synchronized long put(long key, long value) throws InterruptedException {
        Thread.sleep(Duration.ofNanos(hold * 1_000L)); // the write to the slow device, under the lock
        Long previous = entries.put(key, value);
        return previous == null ? 0 : previous;
    }
}
