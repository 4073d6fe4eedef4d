package dev.vbench.report;

import dev.vbench.result.CellConfig;
import dev.vbench.result.CellResult;
import dev.vbench.result.Environment;
import dev.vbench.result.RunResult;
import dev.vbench.result.TrialResult;
import java.util.Locale;

/**
 * Go benchmark format ({@code golang.org/x/perf/benchfmt}), so benchstat users can cross-check
 * vbench's verdicts: {@code benchstat a.bench b.bench}. File-level configuration lines
 * ({@code goos:}, {@code goarch:}, {@code pkg:}, {@code cpu:}, then {@code jvm:} and {@code vbench:})
 * come first, then one line per measured trial, so benchstat sees every trial as a sample:
 *
 * <pre>
 * BenchmarkIo/duration=20ms/executor=virtual/tasks=2000  1  23456789 ns/op  85263 tasks/s  21004288 ns/task-p50  22036479 ns/task-p99
 * </pre>
 *
 * <p>One "op" is one trial: {@code ns/op} is the makespan, {@code tasks/s} the throughput, and the
 * {@code ns/task-pNN} units the trial's end-to-end latency percentiles (benchstat shows them as
 * {@code sec/task-p50}). The name holds the cell's configuration as {@code /key=value} parts
 * (whitespace replaced by {@code _}), {@code tasks} last so no part ends in benchstat's
 * {@code -GOMAXPROCS} suffix.
 */
final class GobenchExporter implements Exporter {

    GobenchExporter(ReportOptions options) {
        // every trial is written; options do not change the lines
    }

    @Override
    public String render(RunResult result) {
        StringBuilder sb = new StringBuilder();
        header(sb, result.environment());
        for (CellResult cell : result.cells()) {
            String name = name(cell.config());
            for (TrialResult t : cell.trials()) {
                sb.append(name)
                        .append('\t')
                        .append(1)
                        .append('\t')
                        .append(t.makespanNanos())
                        .append(" ns/op\t")
                        .append(String.format(Locale.ROOT, "%.2f", t.throughputPerSecond()))
                        .append(" tasks/s\t")
                        .append(t.latency().p50Nanos())
                        .append(" ns/task-p50\t")
                        .append(t.latency().p99Nanos())
                        .append(" ns/task-p99\n");
            }
        }
        return sb.toString();
    }

    private static void header(StringBuilder sb, Environment env) {
        sb.append("goos: ").append(clean(env.osName().toLowerCase(Locale.ROOT))).append('\n');
        sb.append("goarch: ").append(goarch(env.osArch())).append('\n');
        sb.append("pkg: vbench\n");
        sb.append("cpu: ").append(env.availableProcessors()).append(" CPUs\n");
        sb.append("jvm: ")
                .append(env.javaVendor())
                .append(' ')
                .append(env.javaVersion())
                .append('\n');
        sb.append("vbench: ").append(env.vbenchVersion()).append('\n');
    }

    /** {@code BenchmarkIo/duration=20ms/executor=virtual/concurrency=100/tasks=2000}. */
    static String name(CellConfig config) {
        StringBuilder sb = new StringBuilder("Benchmark");
        String w = config.workload();
        sb.append(w.isEmpty() ? "" : Character.toUpperCase(w.charAt(0)) + w.substring(1));
        config.params()
                .forEach((k, v) -> sb.append('/').append(clean(k)).append('=').append(clean(v)));
        sb.append("/executor=").append(clean(config.executor().spec()));
        if (config.concurrency() > 0) {
            sb.append("/concurrency=").append(config.concurrency());
        }
        sb.append("/tasks=").append(config.tasks());
        return sb.toString();
    }

    /** Go's names for the JVM's {@code os.arch} values. */
    static String goarch(String osArch) {
        return switch (osArch) {
            case "x86_64", "amd64" -> "amd64";
            case "aarch64", "arm64" -> "arm64";
            case "x86", "i386", "i686" -> "386";
            default -> clean(osArch);
        };
    }

    private static String clean(String s) {
        return s.replaceAll("\\s+", "_");
    }
}
