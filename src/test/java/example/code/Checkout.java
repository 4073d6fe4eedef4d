package example.code;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/** An instance-method workload: one instance per trial, fields and a setter bound with -p, closed after the trial. */
public class Checkout implements AutoCloseable {

    public static final AtomicInteger CREATED = new AtomicInteger();
    public static final AtomicInteger CLOSED = new AtomicInteger();
    /** Values seen by the last instance that was closed: items,region,timeout. */
    public static volatile String lastSeen = "";

    public int items = 3;
    public Duration timeout = Duration.ofMillis(5);
    private String region = "eu";
    public final int fixed = 1;

    public Checkout() {
        CREATED.incrementAndGet();
    }

    public void setRegion(String region) {
        this.region = region;
    }

    public String getRegion() {
        return region;
    }

    public long handle(long index) {
        long sum = 0;
        for (int i = 0; i < items; i++) {
            sum += index + i;
        }
        return sum;
    }

    @Override
    public void close() {
        lastSeen = items + "," + region + "," + timeout.toMillis();
        CLOSED.incrementAndGet();
    }
}
