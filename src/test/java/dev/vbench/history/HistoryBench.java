package dev.vbench.history;

import dev.vbench.cli.Cli;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The history benchmark's helper ({@code bench/history.sh}), not a test: {@code build URL RUNS SERIES}
 * fills a store with synthetic nightly runs (a 5% step in series 1 at run RUNS/2), {@code time URL
 * SERIES} times {@code history show}, {@code analyze} of one series and {@code check} of all in this JVM;
 * {@code files DIR RUNS SERIES} writes such runs as result files (for {@code history add}, one process each).
 */
public final class HistoryBench {

    private HistoryBench() {}

    public static void main(String[] args) throws Exception {
        if (args[0].equals("files")) { // files DIR RUNS SERIES: the nightly results as files, for history add
            List<Path> files = HistoryFixtures.writeRuns(
                    Path.of(args[1]),
                    Integer.parseInt(args[2]),
                    HistoryFixtures.series(Integer.parseInt(args[3]), 0.01),
                    Integer.MAX_VALUE,
                    1.0,
                    7);
            System.out.println("wrote " + files.size() + " result files to " + args[1]);
            return;
        }
        String url = args[1];
        HistoryUrl where = HistoryUrl.resolve(url, Map.of(), Path.of(System.getProperty("user.home")));
        if (args[0].equals("build")) {
            int runs = Integer.parseInt(args[2]);
            int series = Integer.parseInt(args[3]);
            int threads = args.length > 4 ? Integer.parseInt(args[4]) : 1;
            List<HistoryFixtures.Cell> cells = HistoryFixtures.series(series, 0.01);
            long start = System.nanoTime();
            AtomicInteger done = new AtomicInteger();
            store(
                    where, cells, runs, 0, 1, 1, done,
                    start); // run 0 alone: testbed and series exist before the writers race
            List<Thread> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int offset = t;
                Thread w = new Thread(() -> store(where, cells, runs, 1 + offset, runs, threads, done, start));
                w.start();
                writers.add(w);
            }
            for (Thread w : writers) {
                w.join();
            }
            System.out.printf(
                    Locale.ROOT,
                    "built %d runs x %d series in %.0f s%n",
                    runs,
                    series,
                    (System.nanoTime() - start) / 1e9);
            return;
        }
        String seriesId = args[2];
        for (int round = 1; round <= 3; round++) {
            time(round, "show " + seriesId, "history", "show", seriesId, "--history", url);
            time(round, "analyze " + seriesId, "history", "analyze", seriesId, "--history", url);
            time(round, "check (all series)", "history", "check", "--history", url);
        }
    }

    /** Stores runs first, first + step, … below {@code limit}; series 1 steps up 5% from run runs/2. */
    private static void store(
            HistoryUrl where,
            List<HistoryFixtures.Cell> cells,
            int runs,
            int first,
            int limit,
            int step,
            AtomicInteger done,
            long start) {
        List<HistoryFixtures.Cell> stepped = new ArrayList<>(cells);
        HistoryFixtures.Cell c = cells.get(0);
        stepped.set(
                0,
                new HistoryFixtures.Cell(c.workload(), c.params(), c.executor(), c.makespanMillis() * 1.05, c.noise()));
        try (HistoryStore store = HistoryStore.open(where, true)) {
            for (int i = first; i < limit; i += step) {
                RunResult run = HistoryFixtures.run(i, i >= runs / 2 ? stepped : cells, 1.0, 7);
                store.add(Importer.fromRun(
                        run,
                        ResultCodec.toJson(run),
                        "bench-" + i,
                        new Importer.Meta(null, "main", String.format("%040x", i), Map.of()),
                        null));
                if (done.incrementAndGet() % 1000 == 0) {
                    System.out.printf(
                            Locale.ROOT, "%d runs stored, %.0f s%n", done.get(), (System.nanoTime() - start) / 1e9);
                }
            }
        }
    }

    private static void time(int round, String what, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        int code = Cli.run(new PrintWriter(out), new PrintWriter(err), args);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpu = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "round %d  %-22s wall %6.3f s  cpu %6.3f s  (exit %d, %d lines)%n",
                round,
                what,
                seconds,
                cpu,
                code,
                out.toString().lines().count());
    }
}
