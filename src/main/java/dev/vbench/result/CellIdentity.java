package dev.vbench.result;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What makes two cells the same cell: the one definition behind {@code compare}'s matching of cells
 * across files ({@code compare/Inputs}) and the history's series ({@code history/SeriesKey}). A cell is
 * identified by every field of its {@link CellConfig} as JSON that has a value — workload, parameters,
 * executor (by its spec), tasks, concurrency, load shape, JVM label, batch — so a field a later schema
 * adds takes part without code here. Fields that describe the JVM exactly ({@link #METADATA}: version,
 * vendor) never do: a JDK update is a point in a trend, not another cell.
 *
 * <p>The two users differ on purpose, each for a reason of its own:
 * <ul>
 *   <li>compare splits the parameters into one dimension each (so {@code --match-ignore NAME} can leave one
 *       out and a table's labels name only what varies) and leaves out {@code concurrency=0} (unlimited, the
 *       default) from its labels; a history series hashes the parameters as one JSON text and keeps every
 *       field as stored, because the fingerprint of a stored series must never change;</li>
 *   <li>compare drops the JVM label when it compares the JVMs of one file with each other
 *       ({@code Inputs.jvmPart}); the history adds the JVM's options ({@code --jvm-args}), which the
 *       configuration names only by label, so other options start another series.</li>
 * </ul>
 *
 * <pre>{@code
 * for (CellIdentity.Field f : CellIdentity.fields(cell.config())) {
 *     System.out.println(f.name() + "=" + f.text()); // workload=noop, params={}, executor=virtual, tasks=1000, …
 * }
 * }</pre>
 */
public final class CellIdentity {

    /** Configuration fields that describe the JVM exactly and are metadata, never identity. */
    public static final Set<String> METADATA =
            Set.of("javaVersion", "javaVendor", "jvmVersion", "jvmVendor", "vmName", "vmVersion");

    private CellIdentity() {}

    /**
     * One identifying field.
     *
     * @param name the field's JSON name
     * @param value its value as the record holds it (a scalar, a map or a record); the executor as its spec text
     */
    public record Field(String name, Object value) {

        /** The value as text: a scalar as itself, an object or array as compact JSON. */
        public String text() {
            return structured() ? tree().toString() : String.valueOf(value);
        }

        /** The value as a JSON tree (made through the mapper: only the history, which writes, needs it). */
        public JsonNode tree() {
            return ResultCodec.mapper().valueToTree(value);
        }

        private boolean structured() {
            return value instanceof Record || value instanceof Collection<?> || value instanceof Map<?, ?>;
        }
    }

    /**
     * The identifying fields of {@code config}, in the order of its JSON form: the fields its JSON has
     * ({@link ResultCodec#writtenFields}), read without the mapper so that {@code compare} and {@code report}
     * never pay its first use.
     */
    public static List<Field> fields(CellConfig config) {
        List<Field> fields = new ArrayList<>();
        for (Map.Entry<String, Object> e : ResultCodec.writtenFields(config).entrySet()) {
            Object value = e.getValue();
            if (METADATA.contains(e.getKey()) || value == null) {
                continue;
            }
            fields.add(new Field(
                    e.getKey(),
                    e.getKey().equals("executor") ? config.executor().spec() : value));
        }
        return List.copyOf(fields);
    }
}
