package dev.vbench.compare;

import dev.vbench.compare.Comparison.GeomeanRow;
import dev.vbench.result.MetricSummary;
import dev.vbench.stats.Geomean;
import dev.vbench.stats.MannWhitney;
import dev.vbench.stats.Power;
import dev.vbench.stats.Summaries;
import dev.vbench.stats.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Computes a {@link Comparison}: matches rows across files by configuration, summarises each side
 * (median and 95% CI, {@link Summaries}), tests each pair of the layout with a two-sided
 * Mann-Whitney U test ({@link MannWhitney}), corrects each column of tests with Holm and decides the
 * verdicts ({@link Verdict#decide}), and builds the geomean row ({@link Geomean})
 * and the footnotes. Problems a user must fix (nothing matches, ambiguous matches, mixed units)
 * are {@link IllegalArgumentException}s with a one-sentence message.
 */
public final class Comparisons {

    private Comparisons() {}

    public static Comparison compute(List<Dataset> files, CompareOptions options) {
        List<int[]> pairs = options.layout().pairs(files.size());
        checkIgnoredNames(files, options.matchIgnore());
        List<Map<List<Dim>, Series>> byKey = new ArrayList<>();
        for (Dataset file : files) {
            byKey.add(index(file, options.matchIgnore()));
        }
        Map<List<Dim>, List<Integer>> presence = new LinkedHashMap<>();
        for (int f = 0; f < files.size(); f++) {
            for (List<Dim> key : byKey.get(f).keySet()) {
                presence.computeIfAbsent(key, k -> new ArrayList<>()).add(f);
            }
        }
        int needed = options.everyRow()
                ? 1
                : Math.min(2, files.size()); // one column (a run with one executor) still shows its rows
        List<List<Dim>> rowKeys = presence.entrySet().stream()
                .filter(e -> e.getValue().size() >= needed)
                .map(Map.Entry::getKey)
                .toList();
        if (rowKeys.isEmpty()) {
            throw new NoCellsMatch(Notes.noMatch(files, byKey));
        }
        Labels labels = Labels.of(rowKeys);
        List<Row> rows = new ArrayList<>();
        for (List<Dim> key : rowKeys) {
            rows.add(row(key, labels.label(key), files, byKey, pairs));
        }
        rows = applyHolm(rows, pairs, options, byKey);
        List<String> notes = new ArrayList<>();
        notes.addAll(Notes.ignored(files, options.matchIgnore()));
        notes.addAll(Notes.onlyIn(files, presence));
        files.forEach(f -> notes.addAll(f.notes()));
        notes.addAll(Notes.tooFewSamples(rows));
        notes.addAll(Notes.unreachable(rows, options.alpha()));
        notes.addAll(Notes.shedLoad(rows, files));
        notes.addAll(Notes.environment(files));
        notes.addAll(options.notes());
        String title = labels.title(rows);
        if (title.isEmpty()) {
            title = files.get(0).kind().equals("jmh") ? "JMH primary metric" : "";
        }
        return new Comparison(
                files,
                options.layout(),
                pairs,
                options.noise(),
                options.alpha(),
                title,
                labels.header(),
                rows,
                geomean(rows, pairs),
                notes);
    }

    private static Map<List<Dim>, Series> index(Dataset file, Set<String> ignore) {
        Map<List<Dim>, Series> out = new LinkedHashMap<>();
        for (Series s : file.series()) {
            Series matched = s.without(ignore);
            Series previous = out.put(matched.key(), matched);
            if (previous != null) {
                throw new IllegalArgumentException(file.path() + " has two cells that match as " + matched.fullLabel()
                        + (ignore.isEmpty()
                                ? "; give files with one cell per configuration"
                                : " once " + String.join(", ", ignore)
                                        + " is ignored; ignore fewer names in --match-ignore"));
            }
        }
        return out;
    }

    private static void checkIgnoredNames(List<Dataset> files, Set<String> ignore) {
        Set<String> known = new LinkedHashSet<>();
        files.forEach(f -> f.series().forEach(s -> s.key().forEach(d -> known.add(d.name()))));
        for (String name : ignore) {
            if (!known.contains(name)) {
                throw new IllegalArgumentException("--match-ignore " + name + " names nothing in the inputs; they have "
                        + String.join(", ", known));
            }
        }
    }

    private static Row row(
            List<Dim> key, String label, List<Dataset> files, List<Map<List<Dim>, Series>> byKey, List<int[]> pairs) {
        List<MetricSummary> columns = new ArrayList<>();
        List<Boolean> shed = new ArrayList<>();
        Series any = null;
        for (int f = 0; f < files.size(); f++) {
            Series s = byKey.get(f).get(key);
            if (s != null && any != null && !s.unit().equals(any.unit())) {
                throw new IllegalArgumentException(
                        any.fullLabel() + " is in " + any.unit() + " in one file but in " + s.unit() + " in "
                                + files.get(f).path() + "; compare results measured in the same unit (JMH: -tu)");
            }
            any = s != null && any == null ? s : any;
            columns.add(s == null || s.values().length == 0 ? null : Summaries.summarize(s.values(), s.unit()));
            shed.add(s != null && s.shedLoad());
        }
        List<Change> changes = new ArrayList<>();
        for (int[] pair : pairs) {
            Series from = byKey.get(pair[0]).get(key);
            Series to = byKey.get(pair[1]).get(key);
            if (from == null || to == null || from.values().length == 0 || to.values().length == 0) {
                changes.add(null); // absent, or a cell that measured nothing (every task failed): shown as —
                continue;
            }
            double ratio = columns.get(pair[1]).median() / columns.get(pair[0]).median();
            if (from.shedLoad()
                    || to.shedLoad()) { // docs/statistics.md rule 10: never ranked faster; not tested at all
                changes.add(new Change(
                        pair[0],
                        pair[1],
                        ratio,
                        Double.NaN,
                        Double.NaN,
                        from.values().length,
                        to.values().length,
                        Verdict.WITHIN_VARIANCE,
                        true));
                continue;
            }
            MannWhitney.Result test = MannWhitney.test(from.values(), to.values());
            changes.add(new Change(
                    pair[0], pair[1], ratio, test.p(), test.p(), test.n1(), test.n2(), Verdict.WITHIN_VARIANCE));
        }
        return new Row(label, key, any.mode(), any.unit(), any.higherIsBetter(), columns, changes, shed);
    }

    /**
     * Holm across the rows of each column of changes, then the verdicts and each change's minimum
     * detectable effect (docs/statistics.md rules 5, 6 and 13).
     */
    private static List<Row> applyHolm(
            List<Row> rows, List<int[]> pairs, CompareOptions options, List<Map<List<Dim>, Series>> byKey) {
        List<List<Change>> changes = new ArrayList<>();
        rows.forEach(r -> changes.add(new ArrayList<>(r.changes())));
        for (int c = 0; c < pairs.size(); c++) {
            List<Verdict.Test> tests = new ArrayList<>();
            for (int r = 0; r < rows.size(); r++) {
                Change ch = changes.get(r).get(c);
                if (ch == null) {
                    tests.add(
                            new Verdict.Test(Double.NaN, Double.NaN, rows.get(r).higherIsBetter()));
                    continue;
                }
                double[] from = byKey.get(ch.from()).get(rows.get(r).key()).values();
                double[] to = byKey.get(ch.to()).get(rows.get(r).key()).values();
                tests.add(new Verdict.Test(
                        ch.delta(), ch.p(), rows.get(r).higherIsBetter(), level -> Power.mannWhitney(from, to, level)));
            }
            Verdict.Decided decided = Verdict.decide(tests, options.noise(), options.alpha());
            for (int r = 0; r < rows.size(); r++) {
                Change ch = changes.get(r).get(c);
                if (ch != null) {
                    changes.get(r)
                            .set(
                                    c,
                                    new Change(
                                            ch.from(),
                                            ch.to(),
                                            ch.ratio(),
                                            ch.p(),
                                            decided.pAdjusted()[r],
                                            ch.nFrom(),
                                            ch.nTo(),
                                            decided.verdicts()[r],
                                            ch.shedLoad(),
                                            decided.mde()[r]));
                }
            }
        }
        List<Row> out = new ArrayList<>();
        for (int r = 0; r < rows.size(); r++) {
            out.add(rows.get(r).withChanges(changes.get(r)));
        }
        return out;
    }

    /** docs/statistics.md rule 8: geomean of the medians per column; its change is the geomean of the per-row ratios. */
    private static GeomeanRow geomean(List<Row> rows, List<int[]> pairs) {
        List<Row> complete = rows.stream().filter(Row::complete).toList();
        if (complete.size() < 2
                || complete.stream()
                                .map(r -> r.unit() + r.higherIsBetter())
                                .distinct()
                                .count()
                        > 1) {
            return null;
        }
        int files = complete.get(0).columns().size();
        List<Double> centres = new ArrayList<>();
        for (int f = 0; f < files; f++) {
            int file = f;
            centres.add(Geomean.of(complete.stream()
                    .mapToDouble(r -> r.columns().get(file).median())
                    .toArray()));
        }
        List<Double> ratios = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (int c = 0; c < pairs.size(); c++) {
            int column = c;
            ratios.add(Geomean.of(complete.stream()
                    .mapToDouble(r -> r.changes().get(column).ratio())
                    .toArray()));
            List<Verdict> rowVerdicts = complete.stream()
                    .map(r -> r.changes().get(column).verdict())
                    .distinct()
                    .toList();
            verdicts.add(rowVerdicts.size() == 1 ? rowVerdicts.get(0) : Verdict.WITHIN_VARIANCE);
        }
        if (centres.stream().anyMatch(v -> v.isNaN())) {
            return null;
        }
        return new GeomeanRow(centres, ratios, complete.get(0).unit(), verdicts);
    }

    /** No cell of one input matches a cell of another: nothing to compare (the message says what differs and the fix). */
    public static final class NoCellsMatch extends IllegalArgumentException {
        NoCellsMatch(String message) {
            super(message);
        }
    }
}
