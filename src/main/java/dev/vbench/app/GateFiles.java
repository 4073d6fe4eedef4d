package dev.vbench.app;

import dev.vbench.compare.Gates;
import dev.vbench.result.Metric;
import dev.vbench.suite.GateSpec;
import dev.vbench.suite.SuiteException;
import dev.vbench.suite.SuiteLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * {@code --gates FILE} of {@code compare} and {@code history check}: a gates file or a suite file's
 * {@code gates:} read by {@link SuiteLoader} (its shape, with {@code file:line} errors), then checked here
 * for what it means: a known metric, a percentage for {@code failOnRegression}, one of that or
 * {@code ignore}.
 */
public final class GateFiles {

    /** JMH's benchmark modes, the metric of a JMH row. */
    private static final Set<String> JMH_MODES = Set.of("thrpt", "avgt", "sample", "ss");

    private GateFiles() {}

    /**
     * The gates of {@code file}, or {@link Gates#NONE} for null.
     *
     * @throws SuiteException naming the file, the line and the fix
     */
    public static Gates load(Path file) {
        if (file == null) {
            return Gates.NONE;
        }
        String source = file.toString();
        List<Gates.Gate> gates = new ArrayList<>();
        for (GateSpec spec : SuiteLoader.loadGates(file)) {
            gates.add(gate(spec, source));
        }
        return new Gates(gates, source);
    }

    private static Gates.Gate gate(GateSpec spec, String source) {
        GateSpec.Fields f = spec.fields();
        String at = source + ":" + spec.line() + ": ";
        if (f == null) {
            throw new SuiteException(at + "empty gate; give match: and failOnRegression: or ignore: true");
        }
        boolean ignore = Boolean.TRUE.equals(f.ignore());
        if (ignore && f.failOnRegression() != null) {
            throw new SuiteException(
                    at + "a gate either ignores its rows or sets failOnRegression, not both; drop one");
        }
        if (!ignore && f.failOnRegression() == null) {
            throw new SuiteException(at + "the gate sets nothing; add failOnRegression: 10% or ignore: true");
        }
        if (f.metric() != null && Metric.byKey(f.metric()) == null && !JMH_MODES.contains(f.metric())) {
            throw new SuiteException(at + "metric '" + f.metric() + "' is unknown; use one of " + Metric.validValues()
                    + " or a JMH mode ("
                    + String.join(", ", JMH_MODES.stream().sorted().toList()) + ")");
        }
        Double threshold = null;
        if (f.failOnRegression() != null) {
            try {
                threshold = Percentages.parse("failOnRegression", f.failOnRegression(), "10%");
            } catch (UsageException e) {
                throw new SuiteException(at
                        + e.getMessage()
                                .replace("write e.g. failOnRegression 10%", "write e.g. failOnRegression: 10%"));
            }
        }
        String metric = f.metric() == null
                ? null
                : Metric.byKey(f.metric()) != null ? Metric.byKey(f.metric()).key() : f.metric();
        return new Gates.Gate(spec.line(), f.match(), metric, threshold, ignore, f.reason());
    }
}
