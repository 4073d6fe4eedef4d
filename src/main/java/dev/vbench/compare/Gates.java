package dev.vbench.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Per-benchmark gates ({@code vbench-gates.yaml}, or {@code gates:} in a suite file): thresholds per
 * series and metric that replace {@code --fail-on-regression}, and series the gate ignores. The one rule
 * of which gate applies to a row, for {@code compare} and {@code history check} alike: the
 * <em>last</em> gate whose words all match the row's configuration and whose metric (if it names one)
 * is the row's.
 *
 * <p>A gate's {@code match} is words separated by spaces, each a glob ({@code *} any text, {@code ?} one
 * character) that must equal one word of the row: the configuration as tables print it, split on spaces
 * ({@code io duration=100ms fixed:threads=200 tasks=10000}); a history series' {@code |} separators are not
 * words. An empty match matches every row.
 *
 * <pre>{@code
 * Gates g = new Gates(List.of(new Gates.Gate(3, "io duration=100ms", "makespan", 0.10, false, "")), "gates.yaml");
 * g.find("io duration=100ms virtual tasks=10000", "makespan").threshold(); // 0.10
 * }</pre>
 *
 * @param gates in file order; a later gate wins over an earlier one
 * @param source the file they came from, for messages; empty when none
 */
public record Gates(List<Gate> gates, String source) {

    /** No gates: every row takes {@code --fail-on-regression}. */
    public static final Gates NONE = new Gates(List.of(), "");

    public Gates {
        gates = List.copyOf(gates);
    }

    /**
     * One gate.
     *
     * @param line its line in the file (for messages)
     * @param match the words a row's configuration must contain (globs); empty for every row
     * @param metric the metric it applies to ({@code makespan}, {@code p99}, a JMH mode), or null for every one
     * @param threshold the regression threshold as a fraction (0.05 = 5%), or null to keep {@code --fail-on-regression}
     * @param ignore whether the gate ignores the row: it never fails, and CI output shows it as skipped
     * @param reason why, shown beside an ignored row; may be empty
     */
    public record Gate(int line, String match, String metric, Double threshold, boolean ignore, String reason) {

        public Gate {
            match = match == null ? "" : match.strip();
            reason = reason == null ? "" : reason.strip();
        }

        /** Whether this gate applies to a row with {@code configuration} and {@code metric}. */
        public boolean matches(String configuration, String rowMetric) {
            if (metric != null && !metric.equalsIgnoreCase(rowMetric)) {
                return false;
            }
            List<String> words = words(configuration);
            for (String wanted : words(match)) {
                Pattern glob = glob(wanted);
                if (words.stream().noneMatch(w -> glob.matcher(w).matches())) {
                    return false;
                }
            }
            return true;
        }

        /** Where it is, for messages: {@code vbench-gates.yaml:4}. */
        public String at(String source) {
            return source + ":" + line;
        }
    }

    /**
     * What the gates decide for one row.
     *
     * @param threshold the threshold that applies (a fraction), or null for no gate
     * @param ignored whether the row is ignored
     * @param reason why it is ignored; empty otherwise or when the gate gives none
     * @param at where the gate that decided is ({@code vbench-gates.yaml:4}); empty when none matched
     */
    public record Decision(Double threshold, boolean ignored, String reason, String at) {}

    /**
     * The decision for a row: the last matching gate's threshold or ignore, else {@code defaultThreshold}
     * ({@code --fail-on-regression}, null for none).
     */
    public Decision decide(String configuration, String metric, Double defaultThreshold) {
        Gate found = null;
        for (Gate g : gates) {
            if (g.matches(configuration, metric)) {
                found = g;
            }
        }
        if (found == null) {
            return new Decision(defaultThreshold, false, "", "");
        }
        if (found.ignore()) {
            return new Decision(null, true, found.reason(), found.at(source));
        }
        return new Decision(
                found.threshold() != null ? found.threshold() : defaultThreshold, false, "", found.at(source));
    }

    /** Whether any gate sets a threshold: then {@code history check} and {@code compare} gate without the option. */
    public boolean anyThreshold() {
        return gates.stream().anyMatch(g -> !g.ignore() && g.threshold() != null);
    }

    /** The words of a configuration: split on spaces, the {@code |} separators of a series label left out. */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.strip().split("\\s+")) {
            if (!w.isEmpty() && !w.equals("|")) {
                out.add(w);
            }
        }
        return out;
    }

    private static Pattern glob(String word) {
        StringBuilder re = new StringBuilder();
        for (char c : word.toCharArray()) {
            re.append(
                    switch (c) {
                        case '*' -> ".*";
                        case '?' -> ".";
                        default -> Pattern.quote(String.valueOf(c));
                    });
        }
        return Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE);
    }
}
