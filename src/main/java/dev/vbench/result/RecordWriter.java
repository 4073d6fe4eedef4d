package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes records as JSON with Jackson's streaming generator, the records themselves being the mapping, as
 * {@link RecordReader} reads them: each component is a field of its name, in record order, less those its
 * {@code @JsonInclude} leaves out ({@link RecordShape}); map keys sorted; an enum as its
 * {@code @JsonValue} or its name; NaN as the string {@code "NaN"}. The text is what {@link ResultCodec}'s
 * mapper writes for the same value, indented or on one line, without databind's first-use introspection of
 * the record graph, which was a quarter of a fork's start-up. {@code RecordWriterTest} checks that both
 * write every fixture alike.
 *
 * <p>Supported values: {@code String}, {@code Integer}, {@code Long}, {@code Double}, {@code Boolean},
 * enums, records, collections and string-keyed maps of those, and null.
 *
 * <pre>{@code
 * String json = RecordWriter.write(result, factory, true); // ResultCodec.toJson(result) as a file holds it
 * }</pre>
 */
final class RecordWriter {

    /** The {@code @JsonValue} accessor of each enum written, or none. */
    private static final ClassValue<Optional<Method>> ENUM_VALUES = new ClassValue<>() {
        @Override
        protected Optional<Method> computeValue(Class<?> type) {
            for (Method m : type.getMethods()) {
                if (m.isAnnotationPresent(JsonValue.class) && m.getParameterCount() == 0) {
                    return Optional.of(m);
                }
            }
            return Optional.empty();
        }
    };

    private RecordWriter() {}

    /** {@code value} as JSON: indented as the mapper's {@code INDENT_OUTPUT} indents, or on one line. */
    static String write(Object value, JsonFactory factory, boolean indented) {
        StringWriter out = new StringWriter(4096);
        try (JsonGenerator g = factory.createGenerator(out)) {
            if (indented) {
                g.setPrettyPrinter(new DefaultPrettyPrinter());
            }
            value(g, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String s) {
            g.writeString(s);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Record r) {
            g.writeStartObject();
            for (RecordShape.Component c : RecordShape.of(r.getClass()).components()) {
                Object field = c.of(r);
                if (c.written(field)) {
                    g.writeFieldName(c.name());
                    value(g, field);
                }
            }
            g.writeEndObject();
        } else if (v instanceof Map<?, ?> m) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : (m instanceof TreeMap<?, ?> ? m : new TreeMap<>(m)).entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object e : c) {
                value(g, e);
            }
            g.writeEndArray();
        } else if (v instanceof Enum<?> e) {
            Optional<Method> jsonValue = ENUM_VALUES.get(e.getDeclaringClass());
            value(g, jsonValue.isPresent() ? invoke(jsonValue.get(), e) : e.name());
        } else {
            throw new IllegalStateException(
                    "no JSON mapping for " + v.getClass().getName());
        }
    }

    private static Object invoke(Method m, Object target) {
        try {
            return m.invoke(target);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + m.getName() + " of " + target, e);
        }
    }
}
