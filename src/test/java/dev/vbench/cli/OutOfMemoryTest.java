package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.Heap;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.VbenchProcess;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running out of memory is an environment problem like any other: one line naming the fix, exit 3,
 * and the result files of the cells that finished are kept. Where the heap is too small for a
 * trial's task slots whatever else happens, the run is refused before it starts.
 */
class OutOfMemoryTest {

    @TempDir
    Path tmp;

    /**
     * The report's case: at -Xmx8m JFR runs out of heap (starting the pinning recording, or reading it)
     * in the virtual-thread cell; the fixed-pool cell before it (grouped order: all of its trials first)
     * needs no JFR and finishes, and its file stays. Serial GC so the heap's layout does not depend on the
     * machine's CPUs and memory.
     */
    @Test
    void tooSmallHeapIsOneLineAndKeepsFinishedCells() throws Exception {
        Path json = tmp.resolve("r.json");
        Child child = vbench(
                List.of("-Xmx8m", "-XX:+UseSerialGC"),
                "run",
                "-w",
                "noop",
                "-e",
                "fixed:threads=2",
                "-e",
                "virtual",
                "--tasks",
                "1000",
                "--order",
                "grouped",
                "-o",
                json.toString(),
                "-q");
        assertEquals(ExitCodes.ENVIRONMENT, child.code(), child::toString);
        // JFR's own periodic thread may hit the same OOM and the JVM log it on stdout ("[3.017s][warning]
        // [jfr,system] Error in Periodic task: Java heap space"): the JVM's unified logging, which vbench can
        // only reconfigure through the platform MBean server (~400 ms per JVM), so it is left out here
        String line = child.output()
                .lines()
                .filter(l -> !l.matches("\\[[0-9.]+s\\]\\[warning\\]\\[jfr[a-z,]*\\] .*"))
                .collect(Collectors.joining("\n"))
                .strip();
        assertFalse(line.contains("\n"), () -> "not one line: " + child);
        assertTrue(line.startsWith("vbench: out of memory (Java heap space, max heap "), child::toString);
        assertTrue(line.contains("; give the JVM more with VBENCH_JAVA_OPTS=-Xmx16m"), child::toString);
        // where the heap runs out first depends on the JVM and the machine (JFR's recording usually, the
        // tables' statistics at the end sometimes): wherever it names, it names the way out
        assertTrue(
                !line.contains(" while ")
                        || line.contains(" the JFR recording of pinned events (--pinning off skips it)"),
                child::toString);
        assertFalse(line.contains("Exception") || line.contains("Error"), child::toString);
        RunResult kept = ResultCodec.read(json);
        assertTrue(kept.cells().size() >= 1, child::toString);
        assertEquals("fixed:threads=2", kept.cells().get(0).config().executor().spec());
    }

    /** 2,000,000 tasks need 62.9 MiB of slots per trial: at -Xmx32m that is refused before any cell runs. */
    @Test
    void taskSlotsLargerThanTheHeapAreRefusedUpFront() throws Exception {
        Path json = tmp.resolve("r.json");
        Child child = vbench(
                List.of("-Xmx32m"),
                "run",
                "-w",
                "noop",
                "-e",
                "fixed:threads=2",
                "--tasks",
                "100,2000000",
                "-o",
                json.toString());
        assertEquals(ExitCodes.ENVIRONMENT, child.code(), child::toString);
        assertEquals(
                "vbench: cell noop | fixed:threads=2 | tasks=2000000 preallocates 62.9 MiB of task slots per trial,"
                        + " more than the 32 MiB max heap of this JVM; give it more with VBENCH_JAVA_OPTS=-Xmx128m,"
                        + " or run fewer tasks and more --trials",
                child.output().strip());
        assertFalse(Files.exists(json), "nothing ran, so nothing was written");
    }

    /** A cell on a --jvm-args option set is checked against that JVM's probed heap, and the fix names --jvm-args. */
    @Test
    void aJvmOptionSetIsCheckedAgainstItsOwnHeap() {
        CliRun r = CliRun.of(
                "run", "-w", "noop", "-e", "fixed:threads=2", "--tasks", "1000000", "--jvm-args", "small=-Xmx16m");
        assertEquals(ExitCodes.ENVIRONMENT, r.code(), r::toString);
        String line = r.errLine();
        assertFalse(line.contains("\n"), r::toString);
        assertTrue(
                line.matches(
                        "vbench: cell .* preallocates 31.5 MiB of task slots per trial, more than the 1[56](\\.\\d)? MiB max heap"
                                + " of JVM small; give it more with -Xmx64m in its --jvm-args, or run fewer tasks and more --trials"),
                line);
    }

    @Test
    void theMessageSaysWhatRanOutWhereAndTheFix() {
        OutOfMemoryError jvm = new OutOfMemoryError("Java heap space");
        OutOfMemoryError where = new OutOfMemoryError("reading the thing (--thing off skips it)");
        where.initCause(jvm);
        long heap = Runtime.getRuntime().maxMemory();
        String mib = Heap.size(heap);
        assertEquals(
                "vbench: out of memory (Java heap space, max heap " + mib + ") while reading the thing"
                        + " (--thing off skips it); give the JVM more with VBENCH_JAVA_OPTS=" + Heap.option(2 * heap),
                onOutOfMemory(where));
        assertEquals(
                "vbench: out of memory (Java heap space, max heap " + mib
                        + "); give the JVM more with VBENCH_JAVA_OPTS=" + Heap.option(2 * heap),
                onOutOfMemory(jvm));
        assertTrue(onOutOfMemory(new OutOfMemoryError("unable to create native thread: possibly out of memory"))
                .endsWith(
                        "; the system refused another thread; use fewer threads (--concurrency, an executor's threads=)"
                                + " or raise the process limit (ulimit -u)"));
        assertTrue(onOutOfMemory(new OutOfMemoryError("Metaspace")).contains("-XX:MaxMetaspaceSize="));
    }

    @Test
    void heapOptionsArePowersOfTwoThatHoldTheBytes() {
        assertEquals("-Xmx16m", Heap.option(15L << 20));
        assertEquals("-Xmx16m", Heap.option(16L << 20));
        assertEquals("-Xmx32m", Heap.option((16L << 20) + 1));
        assertEquals("-Xmx1g", Heap.option(630L << 20));
        assertEquals("-Xmx16g", Heap.option(12L << 30));
        assertEquals("1 GiB", Heap.size(1L << 30));
        assertEquals("8 MiB", Heap.size(8L << 20));
    }

    private static String onOutOfMemory(OutOfMemoryError e) {
        StringWriter err = new StringWriter();
        assertEquals(ExitCodes.ENVIRONMENT, Cli.onOutOfMemory(e, new PrintWriter(err), false));
        return err.toString().strip();
    }

    private record Child(int code, String output) {
        @Override
        public String toString() {
            return "exit " + code + "\n" + output;
        }
    }

    /** vbench in a child JVM with {@code jvmOptions}, stdout and stderr together. */
    private Child vbench(List<String> jvmOptions, String... args) throws Exception {
        Path log = tmp.resolve("out.log");
        Process p = VbenchProcess.start(log, jvmOptions, args);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "vbench did not finish in 2 minutes");
        return new Child(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
