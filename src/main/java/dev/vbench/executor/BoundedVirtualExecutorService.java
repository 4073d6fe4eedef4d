package dev.vbench.executor;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A virtual thread per task, with a {@link Semaphore} of {@code permits} acquired inside the
 * virtual thread before the task runs: the way JEP 444 recommends limiting concurrency ("use
 * semaphores, not pools"). Threads are cheap to create; waiting for a permit shows up as queue wait.
 */
final class BoundedVirtualExecutorService extends AbstractExecutorService {

    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Semaphore permits;

    BoundedVirtualExecutorService(int permits) {
        this.permits = new Semaphore(permits);
    }

    @Override
    public void execute(Runnable command) {
        threads.execute(() -> {
            permits.acquireUninterruptibly();
            try {
                command.run();
            } finally {
                permits.release();
            }
        });
    }

    @Override
    public void shutdown() {
        threads.shutdown();
    }

    @Override
    public List<Runnable> shutdownNow() {
        return threads.shutdownNow();
    }

    @Override
    public boolean isShutdown() {
        return threads.isShutdown();
    }

    @Override
    public boolean isTerminated() {
        return threads.isTerminated();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return threads.awaitTermination(timeout, unit);
    }
}
