package dev.vbench.suite;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.io.IOException;
import java.util.List;

/**
 * One per-benchmark gate as written in {@code vbench-gates.yaml} or under {@code gates:} in a suite file;
 * what it means is {@link dev.vbench.compare.Gates}.
 *
 * <pre>{@code
 * gates:
 *   - match: "io duration=100ms"      # words of the configuration, globs allowed
 *     metric: makespan                # optional: only this metric
 *     failOnRegression: 10%           # replaces --fail-on-regression for these rows
 *   - match: "noop*"
 *     ignore: true
 *     reason: flaky on shared runners
 * }</pre>
 *
 * @param line line of the gate in its file (for messages)
 * @param fields the gate as written
 */
@JsonDeserialize(using = GateSpec.Deserializer.class)
public record GateSpec(int line, Fields fields) {

    /**
     * @param match words a row's configuration must contain (globs); absent for every row
     * @param metric only rows of this metric
     * @param failOnRegression the threshold as written ({@code 10%})
     * @param ignore whether the gate ignores the rows it matches
     * @param reason why they are ignored
     */
    public record Fields(String match, String metric, String failOnRegression, Boolean ignore, String reason) {}

    /** A file of gates: {@code gates:} and nothing else. */
    public record File(List<GateSpec> gates) {
        public File {
            gates = gates == null ? List.of() : List.copyOf(gates);
        }
    }

    /** Records where the gate starts, then binds its fields normally. */
    static final class Deserializer extends JsonDeserializer<GateSpec> {
        @Override
        public GateSpec deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            int line = p.currentTokenLocation().getLineNr();
            return new GateSpec(line, ctxt.readValue(p, Fields.class));
        }
    }
}
