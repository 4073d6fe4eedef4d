package dev.vbench.result;

import dev.vbench.spi.Redactor;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One entry of a JMH JSON result file ({@code -rf json}): a benchmark method with one combination of
 * {@code @Param} values, and its per-iteration scores. JMH writes no standard deviation and no N;
 * the per-iteration values in {@code primaryMetric.rawData} are what vbench treats as samples.
 *
 * @param benchmark fully qualified benchmark name, e.g. {@code org.example.MyBench.render}
 * @param mode {@code thrpt}, {@code avgt}, {@code sample} or {@code ss}
 * @param threads worker threads
 * @param forks forked JVMs
 * @param params {@code @Param} values, sorted by name
 * @param unit {@code primaryMetric.scoreUnit}, e.g. {@code us/op}, {@code ops/s}
 * @param rawData every measured iteration of every fork ({@code rawData} flattened, fork by fork);
 *     empty in {@code sample} mode, where JMH writes {@code rawDataHistogram} instead
 * @param jmhVersion JMH that wrote the entry
 * @param jdkVersion JDK version of the benchmark JVM
 * @param vmName VM name, e.g. {@code OpenJDK 64-Bit Server VM}
 * @param vmVersion VM version
 * @param jvmArgs arguments of the benchmark JVM
 * @param secondaryMetrics JMH's secondary results by name ({@code @AuxCounters}, profilers), those with {@code rawData}
 */
public record JmhBenchmark(
        String benchmark,
        String mode,
        int threads,
        int forks,
        Map<String, String> params,
        String unit,
        List<Double> rawData,
        String jmhVersion,
        String jdkVersion,
        String vmName,
        String vmVersion,
        List<String> jvmArgs,
        Map<String, Secondary> secondaryMetrics) {

    /** A secondary result: its unit ({@code ops/s}, {@code #}) and every measured iteration of every fork. */
    public record Secondary(String unit, List<Double> rawData) {
        public Secondary {
            rawData = List.copyOf(rawData);
        }
    }

    /** Secrets in parameters and JVM arguments are masked ({@link dev.vbench.spi.Redactor}). */
    public JmhBenchmark {
        TreeMap<String, String> shown = new TreeMap<>();
        params.forEach((name, value) -> shown.put(name, Redactor.redact(name, value)));
        params = Collections.unmodifiableMap(shown);
        rawData = List.copyOf(rawData);
        jvmArgs = jvmArgs.stream().map(Redactor::redact).toList();
        secondaryMetrics = secondaryMetrics == null
                ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(secondaryMetrics));
    }

    /** An entry without secondary results. */
    public JmhBenchmark(
            String benchmark,
            String mode,
            int threads,
            int forks,
            Map<String, String> params,
            String unit,
            List<Double> rawData,
            String jmhVersion,
            String jdkVersion,
            String vmName,
            String vmVersion,
            List<String> jvmArgs) {
        this(
                benchmark,
                mode,
                threads,
                forks,
                params,
                unit,
                rawData,
                jmhVersion,
                jdkVersion,
                vmName,
                vmVersion,
                jvmArgs,
                Map.of());
    }

    /** True for modes where a larger score is better: {@code thrpt} (operations per time). */
    public boolean higherIsBetter() {
        return "thrpt".equals(mode);
    }
}
