package dev.vbench.compare;

import dev.vbench.config.Defaults;
import dev.vbench.result.MetricSummary;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Power;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The footnotes of a comparison and the message when nothing matches; one sentence each. */
public final class Notes {

    /** How many configurations a message lists before it says "and N more". */
    private static final int LIST_LIMIT = 3;

    /** Fewest samples with a finite 95% CI of the median (see {@link dev.vbench.stats.MedianInterval}). */
    private static final int MIN_SAMPLES_FOR_CI = 6;

    /** The footnote of every table that shows a ± it cannot compute. */
    public static final String NO_CONFIDENCE_INTERVAL = "±∞: fewer than " + MIN_SAMPLES_FOR_CI
            + " samples give no 95% confidence interval for a median; use 6 or more trials";

    private Notes() {}

    static String noMatch(List<Dataset> files, List<Map<List<Dim>, Series>> byKey) {
        StringBuilder sb = new StringBuilder(
                files.size() == 2
                        ? "no cells match between " + files.get(0).path() + " and "
                                + files.get(1).path() + ": "
                        : "no cell appears in two or more of the files: ");
        List<String> has = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            List<String> labels =
                    byKey.get(f).values().stream().map(Series::fullLabel).toList();
            has.add(files.get(f).path() + " has " + (labels.isEmpty() ? "no cells" : list(labels)));
        }
        sb.append(String.join("; ", has));
        Set<String> differing = differingNames(byKey);
        if (differing.contains("workload") || differing.contains("benchmark")) {
            sb.append("; they measure different ")
                    .append(differing.contains("workload") ? "workloads" : "benchmarks")
                    .append(", so there is nothing to compare");
        } else if (!differing.isEmpty()) {
            sb.append("; they differ in ")
                    .append(String.join(", ", differing))
                    .append(": add --match-ignore ")
                    .append(String.join(",", differing))
                    .append(" to match across it");
        } else {
            sb.append("; compare runs of the same workload and executors, or use --match-ignore NAME");
        }
        return sb.toString();
    }

    /** Names present in every file whose sets of values differ between files. */
    private static Set<String> differingNames(List<Map<List<Dim>, Series>> byKey) {
        List<Map<String, Set<String>>> valuesPerFile = new ArrayList<>();
        for (Map<List<Dim>, Series> file : byKey) {
            Map<String, Set<String>> values = new LinkedHashMap<>();
            file.keySet()
                    .forEach(k -> k.forEach(d -> values.computeIfAbsent(d.name(), n -> new LinkedHashSet<>())
                            .add(d.value())));
            valuesPerFile.add(values);
        }
        Set<String> out = new LinkedHashSet<>();
        for (String name : valuesPerFile.get(0).keySet()) {
            boolean everywhere = valuesPerFile.stream().allMatch(v -> v.containsKey(name));
            boolean differs =
                    valuesPerFile.stream().map(v -> v.get(name)).distinct().count() > 1;
            if (everywhere && differs) {
                out.add(name);
            }
        }
        return out;
    }

    static List<String> ignored(List<Dataset> files, Set<String> ignore) {
        List<String> notes = new ArrayList<>();
        for (String name : ignore.stream().sorted().toList()) {
            List<String> parts = new ArrayList<>();
            for (Dataset f : files) {
                Set<String> values = new LinkedHashSet<>();
                f.series()
                        .forEach(s -> s.key().stream()
                                .filter(d -> d.name().equals(name))
                                .forEach(d -> values.add(d.value())));
                parts.add(f.label() + " has " + (values.isEmpty() ? "none" : name + "=" + String.join(",", values)));
            }
            notes.add("matched ignoring " + name + ": " + String.join(", ", parts));
        }
        return notes;
    }

    static List<String> onlyIn(List<Dataset> files, Map<List<Dim>, List<Integer>> presence) {
        if (files.size() < 2) { // one column (a sweep of one executor): every row is in it, and nowhere else to be
            return List.of();
        }
        List<String> notes = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            int file = f;
            List<String> only = presence.entrySet().stream()
                    .filter(e -> e.getValue().equals(List.of(file)))
                    .map(e -> e.getKey().stream().map(Dim::text).collect(Collectors.joining(" ")))
                    .toList();
            if (!only.isEmpty()) {
                notes.add("only in " + files.get(f).label() + ": " + list(only));
            }
        }
        return notes;
    }

    static List<String> tooFewSamples(List<Row> rows) {
        List<String> notes = new ArrayList<>();
        Map<String, String> untestable = new LinkedHashMap<>();
        boolean noCi = false;
        for (Row row : rows) {
            for (Change c : row.changes()) {
                if (c != null && !c.shedLoad() && Math.min(c.nFrom(), c.nTo()) < MannWhitney.MIN_SAMPLES_PER_SIDE) {
                    untestable.putIfAbsent(
                            row.label(),
                            row.label() + " n=" + c.nFrom() + "+" + c.nTo() + ": "
                                    + Numbers.pValue(MannWhitney.minimumP(c.nFrom(), c.nTo())));
                }
            }
            for (MetricSummary s : row.columns()) {
                noCi |= s != null && s.n() < MIN_SAMPLES_FOR_CI;
            }
        }
        if (!untestable.isEmpty()) {
            notes.add("fewer than " + MannWhitney.MIN_SAMPLES_PER_SIDE + " samples on a side leave the test too little"
                    + " power to detect a difference at α = " + Numbers.fixed(Defaults.ALPHA, 2)
                    + " (smallest possible p: " + list(new ArrayList<>(untestable.values()))
                    + "); use 6 or more trials");
        }
        if (noCi) {
            notes.add(NO_CONFIDENCE_INTERVAL);
        }
        return notes;
    }

    /**
     * docs/statistics.md rule 13: one note when no row of a column of changes can be called faster or
     * slower whatever the data, because the smallest p its trial counts allow, times the Holm factor of
     * the table's tested rows, is at least α; it names the trials per side that would reach α. Empty
     * when every column can, or when {@link #tooFewSamples} already says why not.
     */
    public static List<String> unreachable(List<Row> rows, double alpha) {
        Set<String> notes = new LinkedHashSet<>();
        int pairs = rows.stream().mapToInt(r -> r.changes().size()).max().orElse(0);
        for (int c = 0; c < pairs; c++) {
            int column = c;
            List<Change> tested = rows.stream()
                    .map(r -> column < r.changes().size() ? r.changes().get(column) : null)
                    .filter(ch -> ch != null && !Double.isNaN(ch.p()))
                    .toList();
            int m = tested.size();
            if (m == 0
                    || tested.stream()
                            .anyMatch(ch -> Math.min(ch.nFrom(), ch.nTo()) < MannWhitney.MIN_SAMPLES_PER_SIDE
                                    || Power.attainable(ch.nFrom(), ch.nTo(), alpha, m))) {
                continue;
            }
            Change typical = tested.get(0);
            notes.add(unreachableText(typical.nFrom(), typical.nTo(), m, alpha));
        }
        return new ArrayList<>(notes);
    }

    /**
     * "no row can be called faster or slower: with 6+6 trials the smallest possible Mann-Whitney p is 0.0022,
     * and Holm across 25 rows asks for one below 0.0020; 7 trials per side would reach it (--trials 7)".
     */
    public static String unreachableText(int n1, int n2, int rows, double alpha) {
        return "no row can be called faster or slower: " + unreachableBy(n1, n2, rows, rows + " rows", alpha);
    }

    /**
     * "with 6+6 trials the smallest possible Mann-Whitney p is 0.0022, and Holm across {@code across} asks for one
     * below 0.0020; 7 trials per side would reach it (--trials 7)", for a Holm factor of {@code tests}.
     */
    static String unreachableBy(int n1, int n2, int tests, String across, double alpha) {
        int needed = Power.trialsNeeded(alpha, tests);
        return "with " + n1 + "+" + n2 + " trials the smallest possible Mann-Whitney p is "
                + Numbers.fixed(MannWhitney.minimumP(n1, n2), 4) + ", and Holm across " + across
                + " asks for one below "
                + Numbers.fixed(alpha / tests, 4) + "; " + needed + " trials per side would reach it (--trials "
                + needed
                + ")";
    }

    /** The mark on a value or change whose side shed load (docs/statistics.md rule 10). */
    static final String SHED_MARK = "†";

    /** docs/statistics.md rule 10: which columns shed load, so their changes read n/a rather than faster. */
    static List<String> shedLoad(List<Row> rows, List<Dataset> files) {
        Set<String> shedding = new LinkedHashSet<>();
        for (Row row : rows) {
            for (int f = 0; f < row.shedLoad().size(); f++) {
                if (row.shedLoad().get(f)) {
                    shedding.add(files.get(f).label() + " (" + row.label() + ")");
                }
            }
        }
        if (shedding.isEmpty()) {
            return List.of();
        }
        return List.of(
                "n/a " + SHED_MARK + ": " + list(new ArrayList<>(shedding)) + " dropped or timed out tasks"
                        + " (--timeout), so its figures cover only the tasks that ran; it is not tested and never ranked faster");
    }

    /**
     * docs/statistics.md rule 11: one note naming every environment fact that differs, with the files that have each
     * value. A fact a file does not record (JMH's file has no heap size, vbench's no JMH version) is no difference.
     * Beside JMH's file, which names its JVM by the VM's name ({@code OpenJDK 64-Bit Server VM 25.0.3+9-LTS}) where
     * vbench names the vendor ({@code Eclipse Adoptium 25.0.3+9-LTS}), JVMs are the same when their versions are.
     */
    static List<String> environment(List<Dataset> files) {
        Set<String> facts = new LinkedHashSet<>();
        files.forEach(f -> facts.addAll(f.environment().keySet()));
        boolean withJmh = files.stream().anyMatch(f -> f.kind().equals("jmh"));
        List<String> differences = new ArrayList<>();
        for (String fact : facts) {
            Map<String, List<String>> labelsByValue = new LinkedHashMap<>();
            Set<String> distinct = new LinkedHashSet<>();
            for (Dataset f : files) {
                String value = f.environment().get(fact);
                if (value == null) {
                    continue;
                }
                labelsByValue
                        .computeIfAbsent(value.isBlank() ? "none" : value, v -> new ArrayList<>())
                        .add(f.label());
                distinct.add(withJmh && fact.equals("JVM") ? value.substring(value.lastIndexOf(' ') + 1) : value);
            }
            if (distinct.size() > 1) {
                differences.add(fact + " "
                        + labelsByValue.entrySet().stream()
                                .map(e -> e.getKey() + " (" + String.join(", ", e.getValue()) + ")")
                                .collect(Collectors.joining(" vs ")));
            }
        }
        if (differences.isEmpty()) {
            return List.of();
        }
        return List.of("environments differ, so differences may not be caused by the change alone: "
                + String.join("; ", differences));
    }

    private static String list(List<String> items) {
        if (items.size() <= LIST_LIMIT) {
            return String.join(", ", items);
        }
        return String.join(", ", items.subList(0, LIST_LIMIT)) + " and " + (items.size() - LIST_LIMIT) + " more";
    }
}
