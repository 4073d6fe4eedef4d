package dev.vbench.history;

import dev.vbench.result.MetricSummary;
import dev.vbench.spi.Redactor;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run as the store keeps it, built by {@link Importer} from a vbench result or a JMH file.
 *
 * @param testbed the machine
 * @param started when the run started (for an imported file: the time inside it)
 * @param vbenchVersion the vbench (or JMH) version that wrote it
 * @param commandLine the command line, passwords redacted
 * @param branch git branch, empty when unknown
 * @param commit git commit, empty when unknown
 * @param labels {@code --label k=v} pairs
 * @param source where it came from: a file name, or {@code run}
 * @param format {@code vbench-result/N} or {@code jmh}
 * @param documentGzip the original document, gzip-compressed
 * @param cells one entry per stored cell
 */
public record StoredRun(
        Testbed testbed,
        Instant started,
        String vbenchVersion,
        String commandLine,
        String branch,
        String commit,
        Map<String, String> labels,
        String source,
        String format,
        byte[] documentGzip,
        List<Cell> cells) {

    /** The command line, the labels, the branch and the commit are stored with every secret masked. */
    public StoredRun {
        Map<String, String> shown = new TreeMap<>();
        labels.forEach((name, value) -> shown.put(name, Redactor.redact(name, value)));
        labels = Map.copyOf(shown);
        commandLine = Redactor.redact(commandLine);
        branch = Redactor.redact(branch);
        commit = Redactor.redact(commit);
        cells = List.copyOf(cells);
    }

    /**
     * One cell's result.
     *
     * @param cellId the cell's id in its run ({@code c3}; JMH: the entry number)
     * @param series what breaks history
     * @param status {@code ok} (only finished cells are stored)
     * @param javaVersion exact JVM version (metadata)
     * @param javaVendor JVM vendor (metadata)
     * @param vmName VM name (metadata)
     * @param measurements one per metric the trials measured
     */
    public record Cell(
            String cellId,
            SeriesKey series,
            String status,
            String javaVersion,
            String javaVendor,
            String vmName,
            List<Measurement> measurements) {

        public Cell {
            measurements = List.copyOf(measurements);
        }
    }

    /**
     * Every trial's value of one metric and their summary.
     *
     * @param metric metric key ({@code makespan}; JMH: its mode, {@code thrpt})
     * @param unit unit of the values
     * @param higherIsBetter whether larger is better
     * @param trials every measured trial's value, in trial order
     * @param summary statistics over the trials
     */
    public record Measurement(
            String metric, String unit, boolean higherIsBetter, double[] trials, MetricSummary summary) {}
}
