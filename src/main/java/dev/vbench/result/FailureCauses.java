package dev.vbench.result;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Why tasks failed, over trials: each distinct cause (exception class and message, as {@link TrialResult#failureSamples}
 * holds it) with how many tasks failed with it, first seen first.
 *
 * <pre>{@code
 * FailureCauses.of(cell.trials()).describe(3)
 * // "20× dev.vbench.workload.http.HttpStatusException: HTTP 404 Not Found at http://127.0.0.1:8080/nope"
 * }</pre>
 *
 * @param failures tasks that failed
 * @param counts tasks per cause; a cause's count is 0 where the trials did not count their failures per cause
 *     (results written before {@link TrialResult#failureCounts})
 */
public record FailureCauses(long failures, Map<String, Long> counts) {

    public FailureCauses {
        counts = Collections.unmodifiableMap(new LinkedHashMap<>(counts));
    }

    /** The causes of the failed tasks of {@code trials}. */
    public static FailureCauses of(List<TrialResult> trials) {
        long failures = 0;
        Map<String, Long> counts = new LinkedHashMap<>();
        for (TrialResult t : trials) {
            failures += t.failures();
            boolean counted = t.failureCounts().size() == t.failureSamples().size();
            for (int i = 0; i < t.failureSamples().size(); i++) {
                counts.merge(
                        t.failureSamples().get(i), counted ? t.failureCounts().get(i) : 0L, Long::sum);
            }
        }
        return new FailureCauses(failures, counts);
    }

    /** The causes of the failed tasks of every cell. */
    public static FailureCauses ofCells(List<CellResult> cells) {
        return of(cells.stream().flatMap(c -> c.trials().stream()).toList());
    }

    /**
     * The first {@code limit} causes, counted, most frequent first ({@code 20× java.io.IOException: reset}), then
     * {@code 4 more of other causes} for tasks the shown causes do not account for; one entry each, empty without causes.
     */
    public List<String> lines(int limit) {
        List<String> lines = new ArrayList<>();
        long shown = 0;
        for (Map.Entry<String, Long> e : sorted()) {
            if (lines.size() == limit) {
                break;
            }
            lines.add((e.getValue() > 0 ? e.getValue() + "× " : "") + e.getKey());
            shown += e.getValue();
        }
        boolean counted = counts.values().stream().allMatch(n -> n > 0);
        if (counted && shown < failures && !lines.isEmpty()) {
            lines.add((failures - shown) + " more of other causes");
        }
        return lines;
    }

    /** {@link #lines} in one line: {@code 20× java.io.IOException: reset; 3× …}. */
    public String describe(int limit) {
        return String.join("; ", lines(limit));
    }

    /** The causes, most tasks first; ties keep the order first seen. */
    public List<Map.Entry<String, Long>> sorted() {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed());
        return entries;
    }
}
