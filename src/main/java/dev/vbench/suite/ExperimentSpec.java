package dev.vbench.suite;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import dev.vbench.result.TableSpec;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One experiment of a suite: a workload × executor matrix, the overrides that make it quick, and
 * its tables. Every list accepts a single value too ({@code tasks: 10000}).
 *
 * @param line line of the experiment in the suite file (for error messages)
 * @param fields the experiment as written
 */
@JsonDeserialize(using = ExperimentSpec.Deserializer.class)
public record ExperimentSpec(int line, Fields fields) {

    /**
     * @param name unique within the suite
     * @param title heading of its tables
     * @param workload workload name
     * @param params parameter → values (a list sweeps)
     * @param executors executor specs, in column order
     * @param tasks tasks per trial (a list sweeps)
     * @param concurrency maximum tasks in flight (a list sweeps)
     * @param warmup warmup trials (overrides the suite's)
     * @param trials measured trials (overrides the suite's)
     * @param quick overrides applied with {@code --scale quick}
     * @param tables tables to print from this experiment's cells
     * @param jvms labels of the suite's {@code jvms} this experiment runs on, as columns (each cell in
     *     forks on that JVM); empty = the JVM vbench runs on
     * @param jvmArgs JVM option sets, label → options ({@code {tl-on: "-Dx=true", tl-off: "-Dx=false"}}),
     *     crossed with {@code jvms}; empty = none
     */
    public record Fields(
            String name,
            String title,
            String workload,
            Map<String, List<String>> params,
            List<String> executors,
            List<String> tasks,
            List<String> concurrency,
            Integer warmup,
            Integer trials,
            Overrides quick,
            List<TableSpec> tables,
            List<String> jvms,
            Map<String, String> jvmArgs) {

        public Fields {
            params = params == null ? Map.of() : params;
            executors = executors == null ? List.of() : executors;
            tables = tables == null ? List.of() : tables;
            jvms = jvms == null ? List.of() : jvms;
            jvmArgs = jvmArgs == null ? Map.of() : jvmArgs;
        }
    }

    /** What {@code --scale quick} replaces; absent fields keep the full value. */
    public record Overrides(
            Map<String, List<String>> params,
            List<String> executors,
            List<String> tasks,
            List<String> concurrency,
            Integer warmup,
            Integer trials) {}

    /** Records where the experiment starts, then binds its fields normally. */
    static final class Deserializer extends JsonDeserializer<ExperimentSpec> {
        @Override
        public ExperimentSpec deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            int line = p.currentTokenLocation().getLineNr();
            Fields fields = ctxt.readValue(p, Fields.class);
            return new ExperimentSpec(line, fields);
        }
    }
}
