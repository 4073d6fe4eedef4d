package dev.vbench.jvm;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.PlatformManagedObject;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The virtual-thread scheduler of this JVM as it runs: its effective parallelism, its carrier threads,
 * how many virtual threads are mounted on a carrier and how many wait in its queues for one. Read from
 * {@code jdk.management.VirtualThreadSchedulerMXBean} on JDK 24+ (looked up reflectively: vbench's
 * bytecode is Java 21); on JDK 21–23 from the scheduler's {@link ForkJoinPool}, which its carrier
 * threads ({@link ForkJoinWorkerThread#getPool()}) lead to through public API only. Both compute the
 * same estimates: mounted = {@link ForkJoinPool#getActiveThreadCount()}, queued =
 * {@link ForkJoinPool#getQueuedTaskCount()} + {@link ForkJoinPool#getQueuedSubmissionCount()}.
 *
 * <p>Finding the pool starts one virtual thread (so the scheduler and a carrier exist), once per JVM;
 * every read after that is a few field reads and a walk over the pool's queues. Never called on the
 * task path: {@code measure.SchedulerSampler} reads it from a thread of its own.
 *
 * <pre>{@code
 * SchedulerGauge g = SchedulerGauge.get();   // null when the scheduler cannot be read
 * int mounted = g.mounted();
 * }</pre>
 */
public final class SchedulerGauge {

    /** Where the figures come from: {@code mxbean} (JDK 24+) or {@code carrier-pool} (JDK 21–23). */
    private final String source;

    private final MethodHandle parallelism;
    private final MethodHandle poolSize;
    private final MethodHandle mounted;
    private final MethodHandle queued;

    private static volatile SchedulerGauge instance;
    private static volatile boolean looked;

    private SchedulerGauge(
            String source, MethodHandle parallelism, MethodHandle poolSize, MethodHandle mounted, MethodHandle queued) {
        this.source = source;
        this.parallelism = parallelism;
        this.poolSize = poolSize;
        this.mounted = mounted;
        this.queued = queued;
    }

    /** The gauge of this JVM's scheduler, found once; null when neither way reads it (a custom scheduler on 21–23). */
    public static SchedulerGauge get() {
        if (!looked) {
            synchronized (SchedulerGauge.class) {
                if (!looked) {
                    instance = find();
                    looked = true;
                }
            }
        }
        return instance;
    }

    /** {@code mxbean} or {@code carrier-pool}. */
    public String source() {
        return source;
    }

    /** The scheduler's target parallelism, as it runs. */
    public int parallelism() {
        return (int) read(parallelism);
    }

    /** Carrier threads started and not yet ended; -1 when the scheduler does not say. */
    public int poolSize() {
        return (int) read(poolSize);
    }

    /** Virtual threads mounted on a carrier now (an estimate); -1 when the scheduler does not say. */
    public int mounted() {
        return (int) read(mounted);
    }

    /** Virtual threads queued for a carrier now (an estimate); -1 when the scheduler does not say. */
    public long queued() {
        return read(queued);
    }

    private static long read(MethodHandle h) {
        try {
            return (long) h.invokeExact();
        } catch (Throwable e) {
            return -1;
        }
    }

    private static SchedulerGauge find() {
        try {
            Thread.ofVirtual().start(() -> {}).join(); // the scheduler and at least one carrier now exist
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RuntimeException | Error e) {
            return null; // the scheduler failed to start (a custom one that cannot load): nothing to read
        }
        SchedulerGauge bean = fromMxBean();
        return bean != null ? bean : fromCarrierPool();
    }

    /** The JDK 24+ MXBean, its getters bound to it and widened to {@code ()long}. */
    @SuppressWarnings("unchecked")
    private static SchedulerGauge fromMxBean() {
        try {
            Class<?> type = Class.forName("jdk.management.VirtualThreadSchedulerMXBean");
            Object bean = ManagementFactory.getPlatformMXBean((Class<PlatformManagedObject>) type);
            if (bean == null) {
                return null;
            }
            return new SchedulerGauge(
                    "mxbean",
                    getter(type, bean, "getParallelism", int.class),
                    getter(type, bean, "getPoolSize", int.class),
                    getter(type, bean, "getMountedVirtualThreadCount", int.class),
                    getter(type, bean, "getQueuedVirtualThreadCount", long.class));
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null; // before JDK 24, or jdk.management not in the image
        }
    }

    private static MethodHandle getter(Class<?> type, Object bean, String name, Class<?> returns)
            throws ReflectiveOperationException {
        return MethodHandles.publicLookup()
                .findVirtual(type, name, MethodType.methodType(returns))
                .bindTo(bean)
                .asType(MethodType.methodType(long.class));
    }

    /** The ForkJoinPool of a carrier thread (the scheduler's own group, {@code CarrierThreads}). */
    private static SchedulerGauge fromCarrierPool() {
        ThreadGroup root = Thread.currentThread().getThreadGroup();
        while (root.getParent() != null) {
            root = root.getParent();
        }
        Thread[] threads = new Thread[root.activeCount() * 2 + 16];
        int n = root.enumerate(threads, true);
        for (int i = 0; i < n; i++) {
            if (threads[i] instanceof ForkJoinWorkerThread worker
                    && worker.getClass().getName().equals("jdk.internal.misc.CarrierThread")) {
                return ofPool(worker.getPool());
            }
        }
        return null;
    }

    private static SchedulerGauge ofPool(ForkJoinPool pool) {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            MethodHandle queued = lookup.findStatic(
                            SchedulerGauge.class, "queued", MethodType.methodType(long.class, ForkJoinPool.class))
                    .bindTo(pool);
            return new SchedulerGauge(
                    "carrier-pool",
                    poolGetter(pool, "getParallelism"),
                    poolGetter(pool, "getPoolSize"),
                    poolGetter(pool, "getActiveThreadCount"),
                    queued);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    private static MethodHandle poolGetter(ForkJoinPool pool, String name) throws ReflectiveOperationException {
        return MethodHandles.publicLookup()
                .findVirtual(ForkJoinPool.class, name, MethodType.methodType(int.class))
                .bindTo(pool)
                .asType(MethodType.methodType(long.class));
    }

    /** What the JDK 24+ MXBean computes as queued virtual threads. */
    private static long queued(ForkJoinPool pool) {
        return pool.getQueuedTaskCount() + pool.getQueuedSubmissionCount();
    }
}
