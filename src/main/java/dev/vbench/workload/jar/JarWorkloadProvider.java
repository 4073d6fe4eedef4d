package dev.vbench.workload.jar;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.util.List;
import java.util.OptionalLong;

/**
 * {@code jar}: parallel {@link java.util.jar.JarFile} read (seed 002). One task reads one entry
 * of a shared, already-open jar to EOF; {@code fanout > 1} issues that many concurrent reads of
 * the same entry and joins them, like the source's "parallel" benchmarks.
 *
 * <pre>{@code
 * vbench run -w jar -p entry=big-stored,small-stored -p fanout=1,2 -e fixed:threads=2 -e virtual
 * }</pre>
 */
public final class JarWorkloadProvider implements WorkloadProvider {

    static final ParamSpec<String> ENTRY = ParamSpec.of(
            "entry", "jar entry each read opens and reads to EOF", "small-stored", ParamType.choice(BenchJar.names()));
    static final ParamSpec<Integer> FANOUT = ParamSpec.of(
            "fanout",
            "concurrent reads of the entry per task, issued together and joined (1 = the source's 'single')",
            "1",
            ParamType.intRange(1, 1024));

    @Override
    public String name() {
        return "jar";
    }

    @Override
    public String description() {
        return "read one entry of a shared open JarFile to EOF, fanned out to 'fanout' concurrent reads (seed 002)";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(ENTRY, FANOUT);
    }

    /** Default tasks for the 4,160-byte entries: microseconds per read, so 10,000 would make a trial of tens of ms. */
    static final long SMALL_TASKS = 100_000;
    /** Default tasks for the 8 MiB entries (a big-compressed read inflates 8 MiB: tens of ms). */
    static final long BIG_TASKS = 200;

    @Override
    public OptionalLong defaultTasks(Params params) {
        return OptionalLong.of(params.get(ENTRY).startsWith("big-") ? BIG_TASKS : SMALL_TASKS);
    }

    @Override
    public String notes() {
        int parallel = Math.max(Runtime.getRuntime().availableProcessors() / 2, 1);
        return "Input: a jar generated from --seed with JarOutputStream into <data-dir>/jar/seed-N/bench.jar, verified"
                + " (size + SHA-256 manifest) before every reuse. Entries: small-stored and small-compressed (4,160 bytes:"
                + " 64 lines of 64 random [A-Za-z0-9] + newline), big-stored and big-compressed (exactly 8 MiB = 8,388,608"
                + " bytes of the same lines, the last one 32 characters; the source's exact big size is not recoverable)."
                + " *-stored entries are STORED with CRC and sizes set, *-compressed ones DEFLATED at the default level;"
                + " every entry has its own random content and a fixed time (2024-01-01), so a seed always gives the same bytes. One read = JarFile.getJarEntry(name) + getInputStream(entry)"
                + " on the one JarFile opened in prepare, read to EOF into a 16,384-byte buffer allocated per read (as the"
                + " source's JMH benchmark did: no buffer is shared, pooled or thread-local), counting bytes; the task"
                + " returns the bytes read (fanout x entry size) and verify() (run by the contract test) checks exactly that. The source looked the"
                + " entry up through Class.getResourceAsStream, which reaches the same JarFile.getInputStream after a class"
                + " loader lookup that vbench leaves out. fanout=1 reads on the task's own thread (the source's 'single'"
                + " still handed its one read to the benchmark's pool of max(cores/2, 1) threads; vbench measures the"
                + " executor under test instead)."
                + " fanout=F>1 issues F reads with CompletableFuture.supplyAsync and joins them, on threads of the same kind"
                + " as the task's thread: a new virtual thread per read when the task runs on a virtual thread; otherwise a"
                + " cached pool of platform threads created in prepare and reused across tasks and trials (a platform"
                + " thread per read would measure thread creation, not the jar). The source's 'parallel' was"
                + " max(cores/2, 1) reads = " + parallel + " on this machine; pass -p fanout=" + parallel
                + " to match it."
                + " Default --tasks: " + SMALL_TASKS + " for small-* and " + BIG_TASKS + " for big-* entries (a"
                + " big-compressed read inflates 8 MiB, tens of ms), so a default trial takes seconds; the source"
                + " measured JMH avgt (ns/op, one benchmark thread, 3 x 1 s); with -e sequential the mean latency column"
                + " is that figure, with a pool it also counts queueing (per-task service time is in the histograms)."
                + " Contention is the point: ZipFile reads of the shared jar synchronize on it in JDK 21-25.";
    }

    @Override
    public Workload create(Params params) {
        return new JarReadWorkload(BenchJar.entry(params.get(ENTRY)), params.get(FANOUT));
    }
}
