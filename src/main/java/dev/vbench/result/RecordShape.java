package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the JSON codec knows of one record type, read once per type ({@link #of}): its components in record order,
 * each with its JSON name, type, accessor and {@code @JsonInclude} rule, and its canonical constructor.
 * {@link RecordWriter} and {@link ResultCodec#writtenFields} write through the accessors, {@link RecordReader}
 * reads through the constructor, {@link RequiredFields} checks a read record's fields through the accessors. Asking a record class for its components makes new reflective objects each
 * time, which cost a large result's writing twenty times the writing itself. (A class, not a record: no file
 * holds it.)
 */
final class RecordShape {

    /** One component as a JSON field. */
    static final class Component {
        private final String name;
        private final Type type;
        private final Class<?> raw;
        private final Method accessor;
        private final JsonInclude.Include rule;

        private Component(String name, Type type, Class<?> raw, Method accessor, JsonInclude.Include rule) {
            this.name = name;
            this.type = type;
            this.raw = raw;
            this.accessor = accessor;
            this.rule = rule;
        }

        /** The field's name: the component's. */
        String name() {
            return name;
        }

        /** The component's generic type. */
        Type type() {
            return type;
        }

        /** The component's class. */
        Class<?> raw() {
            return raw;
        }

        /** This component's value in {@code value}. */
        Object of(Record value) {
            try {
                return accessor.invoke(value);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(
                        "cannot read " + name + " of " + value.getClass().getSimpleName(), e);
            }
        }

        /**
         * Whether {@code v}, this component's value, is a field of the JSON under its rule (its own
         * {@code @JsonInclude}, else its type's, else ALWAYS): a null is left out under NON_NULL, an empty
         * text, list or map under NON_EMPTY, and a 0 or false too under NON_DEFAULT.
         */
        boolean written(Object v) {
            boolean empty = v == null
                    || v instanceof String s && s.isEmpty()
                    || v instanceof Collection<?> c && c.isEmpty()
                    || v instanceof Map<?, ?> m && m.isEmpty();
            boolean zero = v instanceof Number n && n.doubleValue() == 0 || Boolean.FALSE.equals(v);
            return switch (rule) {
                case NON_NULL, NON_ABSENT -> v != null;
                case NON_EMPTY -> !empty;
                case NON_DEFAULT -> !empty && !zero;
                default -> true;
            };
        }
    }

    private static final ClassValue<RecordShape> SHAPES = new ClassValue<>() {
        @Override
        protected RecordShape computeValue(Class<?> type) {
            return new RecordShape(type);
        }
    };

    private final List<Component> components;
    private final Map<String, Integer> index;
    private final Constructor<?> constructor;

    private RecordShape(Class<?> type) {
        JsonInclude byType = type.getAnnotation(JsonInclude.class);
        RecordComponent[] all = type.getRecordComponents();
        Component[] components = new Component[all.length];
        Class<?>[] raw = new Class<?>[all.length];
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < all.length; i++) {
            Method accessor = all[i].getAccessor();
            accessor.setAccessible(true); // a nested record that is not public
            JsonInclude own = accessor.getAnnotation(JsonInclude.class);
            JsonInclude.Include rule =
                    own != null ? own.value() : byType != null ? byType.value() : JsonInclude.Include.ALWAYS;
            raw[i] = all[i].getType();
            components[i] = new Component(all[i].getName(), all[i].getGenericType(), raw[i], accessor, rule);
            index.put(all[i].getName(), i);
        }
        this.components = List.of(components);
        this.index = Map.copyOf(index);
        try {
            this.constructor = type.getDeclaredConstructor(raw);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type + " has no canonical constructor", e);
        }
    }

    /** The shape of {@code type}, a record class. */
    static RecordShape of(Class<?> type) {
        return SHAPES.get(type);
    }

    /** The components in record order. */
    List<Component> components() {
        return components;
    }

    /** The position of the component named {@code name}, or null. */
    Integer indexOf(String name) {
        return index.get(name);
    }

    /** The canonical constructor. */
    Constructor<?> constructor() {
        return constructor;
    }
}
