package dev.vbench.report.ci;

import dev.vbench.report.ci.GateReport.Check;
import dev.vbench.report.ci.GateReport.Outcome;
import dev.vbench.text.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * GitHub Actions workflow commands that annotate a run: {@code ::error} for each change past the gate,
 * {@code ::warning} for each other slower change, {@code ::notice} for each faster one, as
 * {@code ::LEVEL title=TITLE::MESSAGE} lines on stdout. Data is escaped as the Actions toolkit does
 * ({@code %} → {@code %25}, CR → {@code %0D}, LF → {@code %0A}); a property value also escapes {@code :}
 * ({@code %3A}) and {@code ,} ({@code %2C}).
 *
 * <p>GitHub shows at most {@link #SHOWN_PER_LEVEL} annotations of each level per step, so past that the
 * last one of a level says how many more there are (every row is in the job summary).
 */
public final class WorkflowCommands {

    /** Annotations of one level GitHub shows per step. */
    public static final int SHOWN_PER_LEVEL = 10;

    private WorkflowCommands() {}

    /** The commands, one line each ({@code \n}-terminated); empty when nothing changed. */
    public static String render(GateReport report) {
        StringBuilder sb = new StringBuilder();
        level(
                sb,
                report,
                "error",
                report.checks().stream()
                        .filter(c -> c.outcome() == Outcome.FAILED)
                        .toList());
        level(
                sb,
                report,
                "warning",
                report.checks().stream()
                        .filter(c -> c.outcome() == Outcome.SLOWER)
                        .toList());
        level(
                sb,
                report,
                "notice",
                report.checks().stream()
                        .filter(c -> c.outcome() == Outcome.FASTER)
                        .toList());
        return sb.toString();
    }

    private static void level(StringBuilder sb, GateReport report, String level, List<Check> checks) {
        List<Check> shown = checks.size() <= SHOWN_PER_LEVEL ? checks : checks.subList(0, SHOWN_PER_LEVEL - 1);
        for (Check c : shown) {
            command(sb, level, title(report, c), message(c));
        }
        if (shown.size() < checks.size()) {
            int more = checks.size() - shown.size();
            command(
                    sb,
                    level,
                    "vbench " + report.command() + ": " + more + " more",
                    more + " more "
                            + (level.equals("notice") ? "faster" : "slower") + " rows than GitHub shows as annotations;"
                            + " the job summary lists every row");
        }
    }

    private static String title(GateReport report, Check c) {
        String what = switch (c.outcome()) {
            case FAILED -> "regression past the gate";
            case SLOWER -> "slower";
            default -> "faster";
        };
        return "vbench " + report.command() + ": " + what;
    }

    /** {@code io duration=100ms fixed:threads=200 tasks=10000: makespan +5.0% (100.5 ms → 105.5 ms, p=0.002, n=6+6), past the 5% gate}. */
    static String message(Check c) {
        StringBuilder sb = new StringBuilder(c.name())
                .append(": ")
                .append(c.metric())
                .append(' ')
                .append(Numbers.deltaPercent(c.delta()))
                .append(" (")
                .append(c.from())
                .append(' ')
                .append(Numbers.metric(c.base(), c.unit()))
                .append(" → ")
                .append(c.to())
                .append(' ')
                .append(Numbers.metric(c.head(), c.unit()))
                .append(", p=")
                .append(Numbers.pValue(c.p()))
                .append(" Holm-adjusted, n=")
                .append(c.nBase())
                .append('+')
                .append(c.nHead())
                .append(')');
        if (c.outcome() == Outcome.FAILED) {
            sb.append(", past the ")
                    .append(Numbers.fixed(c.threshold() * 100, 1))
                    .append("% gate");
        }
        return sb.toString();
    }

    private static void command(StringBuilder sb, String level, String title, String message) {
        sb.append("::")
                .append(level)
                .append(" title=")
                .append(property(title))
                .append("::")
                .append(data(message))
                .append('\n');
    }

    /** Workflow-command data: {@code %}, CR and LF escaped. */
    public static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A workflow-command property value: as {@link #data}, and {@code :} and {@code ,} too. */
    public static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }

    /** The commands as a list of lines, for callers that print line by line. */
    public static List<String> lines(GateReport report) {
        List<String> out = new ArrayList<>();
        for (String line : render(report).split("\n")) {
            if (!line.isEmpty()) {
                out.add(line);
            }
        }
        return out;
    }
}
