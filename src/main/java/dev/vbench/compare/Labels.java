package dev.vbench.compare;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Splits row configurations into what differs between rows (the row labels) and what all rows
 * share (the table title), the way benchstat shows only the varying parts of benchmark names.
 */
final class Labels {

    private final List<String> names;
    private final Set<String> varying;

    private Labels(List<String> names, Set<String> varying) {
        this.names = names;
        this.varying = varying;
    }

    static Labels of(List<List<Dim>> keys) {
        Set<String> names = new LinkedHashSet<>();
        keys.forEach(k -> k.forEach(d -> names.add(d.name())));
        Set<String> varying = new LinkedHashSet<>();
        for (String name : names) {
            if (keys.stream().map(k -> value(k, name)).distinct().count() > 1) {
                varying.add(name);
            }
        }
        return new Labels(new ArrayList<>(names), varying);
    }

    /**
     * The row label: its varying dimensions, or its bare ones (workload, executor) when nothing varies.
     * When one dimension varies, the label column is headed by its name ({@link #header()}), so its
     * cells hold the bare value ({@code virtual}, not {@code executor=virtual}).
     */
    String label(List<Dim> key) {
        List<String> parts = new ArrayList<>();
        for (Dim d : key) {
            if (varying.isEmpty() ? d.bare() : varying.contains(d.name())) {
                parts.add(varying.size() == 1 && !d.name().equals("benchmark") ? d.value() : text(d));
            }
        }
        return parts.isEmpty() ? String.join(" ", key.stream().map(Labels::text).toList()) : String.join(" ", parts);
    }

    /** Header of the label column: the one varying dimension's name, else {@code Benchmark}. */
    String header() {
        if (varying.size() == 1) {
            String name = varying.iterator().next();
            return name.equals("benchmark") ? "Benchmark" : name;
        }
        return "Benchmark";
    }

    /** What every row shares, then the metric and unit when those are shared too. */
    String title(List<Row> rows) {
        List<Dim> first = rows.get(0).key();
        List<String> shared = new ArrayList<>();
        for (String name : names) {
            if (varying.contains(name) || name.equals("mode")) {
                continue;
            }
            Dim d = first.stream()
                    .filter(x -> x.name().equals(name))
                    .findFirst()
                    .orElse(null);
            if (d != null && !(varying.isEmpty() && d.bare())) {
                shared.add(text(d));
            }
        }
        List<String> parts = new ArrayList<>();
        if (varying.isEmpty()) {
            parts.add(label(first));
        }
        parts.addAll(shared);
        String head = String.join(" ", parts);
        boolean oneMode = rows.stream().map(Row::mode).distinct().count() == 1;
        boolean oneUnit = rows.stream().map(Row::unit).distinct().count() == 1;
        String metric = (oneMode ? rows.get(0).mode() : "")
                + (oneUnit ? " (" + rows.get(0).unit() + ")" : "");
        if (metric.isBlank()) {
            return head;
        }
        return head.isEmpty() ? metric.strip() : head + " · " + metric.strip();
    }

    private static String value(List<Dim> key, String name) {
        return key.stream()
                .filter(d -> d.name().equals(name))
                .map(Dim::value)
                .findFirst()
                .orElse(null);
    }

    /** A dimension as shown: JMH benchmark names without their package ({@code MyBench.render}). */
    static String text(Dim d) {
        if (d.name().equals("benchmark")) {
            String v = d.value();
            int last = v.lastIndexOf('.');
            int second = last > 0 ? v.lastIndexOf('.', last - 1) : -1;
            return second >= 0 ? v.substring(second + 1) : v;
        }
        return d.text();
    }
}
