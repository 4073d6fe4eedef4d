package dev.vbench.workload.jar;

import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.workload.inputs.GeneratedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** A prepared {@code jar} workload: the open jar, the entry to read and the fan-out pool. */
final class JarReadWorkload implements Workload {

    /** Read buffer size of the source benchmark. */
    static final int BUFFER_BYTES = 16_384;

    /** Starts each fan-out read on a new virtual thread. */
    static final Executor VIRTUAL_THREAD_PER_READ = Thread::startVirtualThread;

    private final BenchJar.Spec entry;
    private final int fanout;
    private JarFile jar;
    private ExecutorService platformFanout;
    private Task task;

    JarReadWorkload(BenchJar.Spec entry, int fanout) {
        this.entry = entry;
        this.fanout = fanout;
    }

    @Override
    public void prepare(PrepareContext context) throws IOException {
        Path dir = context.dataDir().resolve("seed-" + context.seed());
        GeneratedFiles.ensure(
                dir,
                "generated jar",
                context,
                tmp -> BenchJar.write(tmp.resolve(BenchJar.FILE_NAME), context.seed(), context.progress()));
        Path file = dir.resolve(BenchJar.FILE_NAME);
        jar = new JarFile(file.toFile());
        JarEntry e = jar.getJarEntry(entry.name());
        if (e == null || e.getSize() != entry.size()) {
            throw WorkloadException.environment(
                    "generated jar " + file + " lacks entry " + entry.name() + " of " + entry.size() + " bytes; delete "
                            + dir + " and run again",
                    null);
        }
        if (fanout > 1) {
            platformFanout = Executors.newCachedThreadPool(daemonThreads());
        }
        task = fanout == 1 ? index -> read() : index -> readFannedOut();
    }

    @Override
    public Task task() {
        return task;
    }

    @Override
    public String verify() throws Exception {
        long expected = (long) fanout * entry.size();
        long read = task.run(0);
        if (read != expected) {
            throw new AssertionError("read " + read + " bytes of " + entry.name() + ", expected " + fanout + " x "
                    + entry.size() + " = " + expected);
        }
        return "read " + read + " bytes (" + fanout + " x " + entry.name() + ")";
    }

    /** One read of the entry to EOF, the source's {@code readResource}: a new 16 KiB buffer per read. */
    long read() throws IOException {
        long size = 0;
        byte[] buffer = new byte[BUFFER_BYTES];
        JarEntry e = jar.getJarEntry(entry.name());
        try (InputStream in = jar.getInputStream(e)) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                size += n;
            }
        }
        return size;
    }

    /** {@code fanout} reads issued together on threads like the caller's, then joined (the source's runGeneral). */
    private long readFannedOut() {
        Executor threads = fanoutThreads();
        @SuppressWarnings("unchecked")
        CompletableFuture<Long>[] reads = new CompletableFuture[fanout];
        for (int i = 0; i < fanout; i++) {
            reads[i] = CompletableFuture.supplyAsync(this::readUnchecked, threads);
        }
        long total = 0;
        for (CompletableFuture<Long> r : reads) {
            total += r.join();
        }
        return total;
    }

    /**
     * Where the calling thread's fan-out reads run: a new virtual thread each when the caller is
     * virtual, else the shared cached pool of platform threads.
     */
    Executor fanoutThreads() {
        return Thread.currentThread().isVirtual() ? VIRTUAL_THREAD_PER_READ : platformFanout;
    }

    private long readUnchecked() {
        try {
            return read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "vbench-jar-fanout-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    @Override
    public void close() throws Exception {
        if (platformFanout != null) {
            platformFanout.shutdownNow();
            platformFanout.awaitTermination(5, TimeUnit.SECONDS);
        }
        if (jar != null) {
            jar.close();
        }
    }
}
