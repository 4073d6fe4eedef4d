package dev.vbench.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Validated parameter values of one cell: every declared parameter has a value (the user's or the
 * default), already parsed by its {@link ParamType}.
 *
 * <pre>{@code
 * Duration d = params.get(IoWorkload.DURATION);
 * }</pre>
 */
public final class Params {

    private final Map<String, Object> values;
    private final Map<String, String> texts;

    private final Map<String, String> unredacted;

    private Params(Map<String, Object> values, Map<String, String> texts, Map<String, String> unredacted) {
        this.values = values;
        this.texts = texts;
        this.unredacted = unredacted;
    }

    /** What declares parameters, as error messages name it: "parameter 'threads' of executor 'fixed'". */
    public enum Owner {
        WORKLOAD("workload"),
        EXECUTOR("executor");

        private final String noun;

        Owner(String noun) {
            this.noun = noun;
        }

        /** {@code workload 'io'}, {@code executor 'fixed'}. */
        String name(String name) {
            return noun + " '" + name + "'";
        }
    }

    /**
     * Resolves a workload's parameters: {@link #resolve(Owner, String, List, Map)} with
     * {@link Owner#WORKLOAD}.
     */
    public static Params resolve(String workload, List<ParamSpec<?>> specs, Map<String, String> given) {
        return resolve(Owner.WORKLOAD, workload, specs, given);
    }

    /**
     * Resolves {@code given} (name → text) against {@code specs}: fills defaults, parses, validates.
     *
     * @param owner whose parameters these are, for messages
     * @param ownerName the workload's or executor's name
     * @throws IllegalArgumentException naming the owner, the parameter, the bad value and what
     *     is allowed; or listing the known parameters when a name is unknown
     */
    public static Params resolve(Owner owner, String ownerName, List<ParamSpec<?>> specs, Map<String, String> given) {
        Map<String, ParamSpec<?>> byName = new LinkedHashMap<>();
        specs.forEach(s -> byName.put(s.name(), s));
        for (String name : given.keySet()) {
            if (!byName.containsKey(name)) {
                String known = byName.isEmpty()
                        ? "it has no parameters"
                        : "its parameters are " + String.join(", ", byName.keySet());
                throw new IllegalArgumentException(
                        owner.name(ownerName) + " has no parameter '" + name + "'; " + known);
            }
        }
        Map<String, Object> values = new TreeMap<>();
        Map<String, String> texts = new TreeMap<>();
        Map<String, String> unredacted = new TreeMap<>();
        for (ParamSpec<?> spec : specs) {
            String text = given.getOrDefault(spec.name(), spec.defaultValue());
            // What is shown or stored never carries a secret (a password in a JDBC URL, a parameter named token);
            // the parsed value keeps it.
            String shown = Redactor.redact(spec.name(), text);
            try {
                values.put(spec.name(), spec.type().parse(text));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("parameter '" + spec.name() + "' of " + owner.name(ownerName) + ": '"
                        + shown + "' " + Redactor.redact(e.getMessage()));
            }
            if (!text.isEmpty()) {
                // an empty value is an optional parameter left unset (http url=, sql query=): not part of what a cell
                // is
                texts.put(spec.name(), shown);
            }
            unredacted.put(spec.name(), text);
        }
        return new Params(
                Collections.unmodifiableMap(values),
                Collections.unmodifiableMap(texts),
                Collections.unmodifiableMap(unredacted));
    }

    /** The parsed value of {@code spec}. */
    @SuppressWarnings("unchecked")
    public <T> T get(ParamSpec<T> spec) {
        Object v = values.get(spec.name());
        if (v == null) {
            throw new IllegalStateException("parameter '" + spec.name() + "' was not declared by the workload");
        }
        return (T) v;
    }

    /**
     * Every parameter as the user would write it, sorted by name, with secrets replaced by
     * {@code ***} ({@link Redactor}; the whole value of a parameter whose name is a secret's, such as
     * {@code token}): this is what results, tables and messages show. A parameter
     * whose value is empty (an optional one left unset, e.g. {@code url} of {@code http}) is left
     * out, so adding such a parameter to a workload changes no existing cell's identity. Workloads read
     * the real value with {@link #get}. Two parameter sets that differ only in a password therefore
     * have the same text.
     */
    public Map<String, String> asText() {
        return texts;
    }

    /**
     * Every parameter as given, secrets included. Only for handing the parameters to a child JVM
     * ({@code --forks}) through its private environment, and for telling apart parameter sets that
     * differ only in a secret; never show, log or store it.
     */
    public Map<String, String> unredactedText() {
        return unredacted;
    }

    @Override
    public String toString() {
        return texts.toString();
    }
}
