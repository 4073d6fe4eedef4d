package dev.vbench.result;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The check every reader of a result file passes through after the file was mapped to records: a
 * field that the tables use without a null check ({@link #REQUIRED}) that is missing or null is one
 * {@link ResultFormatException} that names the file and the field in JSON path form
 * ({@code cells[2].summary.max.unit}), never a NullPointerException in a table.
 *
 * <pre>{@code
 * RequiredFields.check(result, "r.json"); // throws: r.json: cells[0].config is missing or null; …
 * }</pre>
 */
final class RequiredFields {

    private RequiredFields() {}

    /** @throws ResultFormatException naming {@code source} and the first required field that is null */
    static void check(Object value, String source) {
        String missing;
        try {
            missing = firstNull(value, "");
        } catch (RuntimeException | LinkageError e) {
            return; // a runtime without record reflection (a native image missing its metadata): Jackson's own checks
            // stand
        }
        if (missing != null) {
            String what = missing.endsWith(NUL_MARK)
                    ? missing.substring(0, missing.length() - NUL_MARK.length()) + " holds a NUL character"
                    : missing + " is missing or null";
            throw new ResultFormatException(source + ": " + what + "; give a result file"
                    + " written by 'vbench run -o FILE.json' (was it edited by hand?)");
        }
    }

    /** Ends the path of a text that holds a NUL character (no store keeps one; PostgreSQL refuses it). */
    private static final String NUL_MARK = "\u0000";

    /**
     * The path of the first null that is not allowed below {@code value}, or of the first text holding a NUL
     * character (marked {@link #NUL_MARK}), or null when there is none. The path is built only for what is found
     * (a result of thousands of cells is checked on every read: {@code history add} reads hundreds of files).
     */
    private static String firstNull(Object value, String path) {
        String found = below(value);
        // a record's first component has no dot before it: "cells[0].config", not ".cells[0].config"
        return found == null ? null : path + (path.isEmpty() && value instanceof Record ? found.substring(1) : found);
    }

    /** {@link #firstNull}'s path relative to {@code value} (".name", "[i]", ".key" steps), or null. */
    private static String below(Object value) {
        if (value instanceof String text) {
            return text.indexOf('\u0000') >= 0 ? NUL_MARK : null;
        }
        if (value instanceof Record record) {
            for (RecordShape.Component c : RecordShape.of(record.getClass()).components()) {
                Object v = c.of(record);
                String found = v == null ? (optional(record.getClass(), c.name()) ? null : "") : below(v);
                if (found != null) {
                    return "." + c.name() + found;
                }
            }
        } else if (value instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                Object v = list.get(i);
                String found = v == null ? "" : below(v);
                if (found != null) {
                    return "[" + i + "]" + found;
                }
            }
        } else if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String found = e.getValue() == null ? "" : below(e.getValue());
                if (found == null && e.getKey() instanceof String key && key.indexOf('\u0000') >= 0) {
                    found = NUL_MARK;
                }
                if (found != null) {
                    return "." + e.getKey() + found;
                }
            }
        } else if (value instanceof Collection<?> other) {
            for (Object o : other) {
                String found = o == null ? "" : below(o);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * The components the tables and readers use without a null check, per record: a missing or null one
     * is refused on read. Every other component may be missing (older files, trials in which no task
     * completed have no latency, a run without JVMs has no {@code jvm}); the code that reads them checks.
     */
    private static final Map<Class<?>, Set<String>> REQUIRED = Map.of(
            RunResult.class, Set.of("schema", "environment", "settings", "cells"),
            CellResult.class, Set.of("id", "config", "status", "trials", "summary", "notes"),
            CellConfig.class, Set.of("workload", "params", "executor"),
            ExecutorInfo.class, Set.of("spec", "kind", "params", "threadKind"),
            MetricSummary.class, Set.of("unit", "outliers"),
            TrialResult.class, Set.of("failureSamples", "telemetry"),
            Environment.class,
                    Set.of(
                            "jvmArguments",
                            "vbenchVersion",
                            "javaVendor",
                            "javaVersion",
                            "jvmName",
                            "osName",
                            "osVersion",
                            "osArch",
                            "hostName",
                            "startTime",
                            "commandLine"));

    /** Whether the component {@code name} of {@code type} may be null (asked only of a null one). */
    private static boolean optional(Class<?> type, String name) {
        return !REQUIRED.getOrDefault(type, Set.of()).contains(name);
    }
}
