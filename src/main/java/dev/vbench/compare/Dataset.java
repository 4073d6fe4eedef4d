package dev.vbench.compare;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One input file of {@code vbench compare}, read into series.
 *
 * @param label column header for this file (its name without {@code .json}, or {@code --labels})
 * @param path the path as given on the command line
 * @param kind {@code vbench} or {@code jmh}
 * @param environment facts that make runs comparable, in display order (JVM, CPUs, heap, OS, tool
 *     version); {@code compare} footnotes the ones that differ between files
 * @param series one per cell (vbench) or benchmark entry (JMH), in file order
 * @param notes remarks about the file, e.g. entries that carry no samples
 */
public record Dataset(
        String label,
        String path,
        String kind,
        Map<String, String> environment,
        List<Series> series,
        List<String> notes) {

    public Dataset {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        series = List.copyOf(series);
        notes = List.copyOf(notes);
    }
}
