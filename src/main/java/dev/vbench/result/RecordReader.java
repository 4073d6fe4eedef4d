package dev.vbench.result;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps a result document onto the records of this package with Jackson's streaming parser, the records
 * themselves being the mapping: each JSON field fills the record component of its name, through the
 * record's canonical constructor. It reads what Jackson's databind would read from the same text with
 * {@link ResultCodec}'s settings (unknown fields ignored, a missing or null component is null, 0 or
 * false, numbers in strings and scalars as text accepted), without databind's first-use introspection of
 * the record graph, which was most of a {@code compare}'s start-up ({@code docs/performance.md},
 * "Start-up"). {@code RecordReaderTest} checks that both read every fixture to equal records.
 *
 * <p>Supported component types: {@code String}, {@code int}, {@code long}, {@code double},
 * {@code boolean} and their boxes, {@link CellStatus} (by its key), other enums (by name), records,
 * {@code List<T>} and {@code Map<String, T>} of those: the result's records, and the fork plan's
 * ({@link ResultCodec#readRecord}). A mismatch is one {@link ResultFormatException} naming the source and the field
 * ({@code cells[0].trials[2].tasks}).
 *
 * <pre>{@code
 * RunResult r = RecordReader.read(parser, RunResult.class, "r.json");
 * }</pre>
 */
final class RecordReader {

    private final JsonParser parser;
    private final String source;

    private RecordReader(JsonParser parser, String source) {
        this.parser = parser;
        this.source = source;
    }

    /**
     * Reads the value at the parser's next token as {@code type}.
     *
     * @throws ResultFormatException naming {@code source} and the field that does not fit
     * @throws IOException when the text is not JSON (the caller checked it before: not expected)
     */
    static <T> T read(JsonParser parser, Class<T> type, String source) throws IOException {
        RecordReader reader = new RecordReader(parser, source);
        parser.nextToken();
        return type.cast(reader.value(type, ""));
    }

    private Object value(Type type, String path) throws IOException {
        JsonToken token = parser.currentToken();
        if (type instanceof ParameterizedType generic) {
            Class<?> raw = (Class<?>) generic.getRawType();
            Type element = generic.getActualTypeArguments()[raw == Map.class ? 1 : 0];
            if (token == JsonToken.VALUE_NULL) {
                return null;
            }
            if (raw == List.class) {
                return list(element, path);
            }
            if (raw == Map.class) {
                return map(element, path);
            }
            throw new IllegalStateException("no JSON mapping for " + type);
        }
        Class<?> c = (Class<?>) type;
        if (c.isRecord()) {
            return token == JsonToken.VALUE_NULL ? null : record(c, path);
        }
        if (c == String.class) {
            return text(path);
        }
        if (c == CellStatus.class) {
            return status(path);
        }
        if (c.isEnum()) {
            return constant(c, path);
        }
        return scalar(c, path);
    }

    private List<Object> list(Type element, String path) throws IOException {
        expect(JsonToken.START_ARRAY, "an array", path);
        List<Object> out = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            out.add(value(element, path + "[" + out.size() + "]"));
        }
        return out;
    }

    private Map<String, Object> map(Type element, String path) throws IOException {
        expect(JsonToken.START_OBJECT, "an object", path);
        Map<String, Object> out = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String key = parser.currentName();
            parser.nextToken();
            out.put(key, value(element, path + "." + key));
        }
        return out;
    }

    private Object record(Class<?> type, String path) throws IOException {
        expect(JsonToken.START_OBJECT, "an object", path);
        RecordShape shape = RecordShape.of(type);
        List<RecordShape.Component> components = shape.components();
        Object[] args = new Object[components.size()];
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            parser.nextToken();
            Integer i = shape.indexOf(name);
            if (i == null) {
                parser.skipChildren(); // a field this vbench does not know: ignored, as databind did
            } else {
                args[i] = value(components.get(i).type(), path.isEmpty() ? name : path + "." + name);
            }
        }
        for (int i = 0; i < args.length; i++) {
            if (args[i] == null && components.get(i).raw().isPrimitive()) {
                args[i] = zero(components.get(i).raw());
            }
        }
        try {
            return shape.constructor().newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof NullPointerException) { // a record refused a null, in a list or map too
                throw new ResultFormatException(
                        source + ": " + firstNull(shape, args, path)
                                + " is missing or null; give a result file written by 'vbench run -o FILE.json' (was it edited by hand?)");
            }
            Throwable why = e.getCause();
            throw new ResultFormatException(source + (path.isEmpty() ? "" : ": " + path)
                    + " does not match its schema ("
                    + (why.getMessage() != null
                            ? why.getMessage()
                            : why.getClass().getSimpleName())
                    + "); was it edited by hand?");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make a " + type.getSimpleName(), e);
        }
    }

    /** The path of the first null argument, or of the first null in a list or map argument; {@code path} when none. */
    private static String firstNull(RecordShape shape, Object[] args, String path) {
        for (int i = 0; i < args.length; i++) {
            String name = shape.components().get(i).name();
            String at = path.isEmpty() ? name : path + "." + name;
            if (args[i] == null) {
                return at;
            }
            if (args[i] instanceof List<?> list && list.contains(null)) {
                return at + "[" + list.indexOf(null) + "]";
            }
            if (args[i] instanceof Map<?, ?> map && map.containsValue(null)) {
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (e.getValue() == null) {
                        return at + "." + e.getKey();
                    }
                }
            }
        }
        return path;
    }

    /** A string component: a JSON string, or any other scalar as its text (databind's scalar coercion). */
    /** A cell's status by its key ({@link CellStatus#of}), as databind reads it through the enum's creator. */
    private CellStatus status(String path) throws IOException {
        String key = text(path);
        try {
            return key == null ? null : CellStatus.of(key);
        } catch (IllegalArgumentException e) {
            throw new ResultFormatException(source + ": " + path + " " + e.getMessage() + "; was it edited by hand?");
        }
    }

    /** Any other enum's constant by its name, as databind reads an enum without a creator. */
    private Object constant(Class<?> type, String path) throws IOException {
        String name = text(path);
        if (name == null) {
            return null;
        }
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equals(name)) {
                return constant;
            }
        }
        throw new ResultFormatException(source + ": " + path + " is '" + name + "', not one of "
                + Arrays.toString(type.getEnumConstants()) + "; was it edited by hand?");
    }

    private String text(String path) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (token.isScalarValue()) {
            return parser.getText();
        }
        throw mismatch("a string", path);
    }

    /**
     * A number or boolean component. As databind with its default coercions: a number in a string is
     * read, an empty string or the string {@code null} is null, a fraction is cut to an integer, and
     * {@code "NaN"} and {@code "Infinity"} are doubles (the codec writes NaN so).
     */
    private Object scalar(Class<?> type, String path) throws IOException {
        JsonToken token = parser.currentToken();
        Class<?> kind = type.isPrimitive() ? box(type) : type;
        try {
            switch (token) {
                case VALUE_NULL:
                    return type.isPrimitive() ? zero(type) : null;
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT:
                    if (kind == Boolean.class) {
                        if (token == JsonToken.VALUE_NUMBER_INT) {
                            return parser.getLongValue() != 0;
                        }
                        break;
                    }
                    return number(kind, token == JsonToken.VALUE_NUMBER_INT, path);
                case VALUE_TRUE, VALUE_FALSE:
                    if (kind == Boolean.class) {
                        return token == JsonToken.VALUE_TRUE;
                    }
                    break;
                case VALUE_STRING:
                    return fromText(type, kind, parser.getText().strip(), path);
                default:
                    break;
            }
        } catch (InputCoercionException | NumberFormatException e) {
            throw mismatch(kind == Double.class ? "a number" : "an integer in range", path);
        }
        throw mismatch(kind == Boolean.class ? "true or false" : "a number", path);
    }

    private Object number(Class<?> kind, boolean integral, String path) throws IOException {
        if (kind == Double.class) {
            return parser.getDoubleValue();
        }
        if (!integral) { // databind's ACCEPT_FLOAT_AS_INT: the fraction is cut
            double d = parser.getDoubleValue();
            if (kind == Integer.class
                    ? d < Integer.MIN_VALUE || d > Integer.MAX_VALUE
                    : d < Long.MIN_VALUE || d > Long.MAX_VALUE) {
                throw mismatch("an integer in range", path);
            }
            return kind == Integer.class ? (Object) (int) d : (Object) (long) d;
        }
        return kind == Integer.class ? (Object) parser.getIntValue() : (Object) parser.getLongValue();
    }

    private Object fromText(Class<?> type, Class<?> kind, String text, String path) {
        if (text.isEmpty() || text.equals("null")) {
            return type.isPrimitive() ? zero(type) : null;
        }
        if (kind == Boolean.class) {
            if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
                return Boolean.parseBoolean(text);
            }
            throw mismatch("true or false", path);
        }
        if (kind == Double.class) {
            return switch (text) {
                case "NaN" -> Double.NaN;
                case "Infinity", "+Infinity", "INF", "+INF" -> Double.POSITIVE_INFINITY;
                case "-Infinity", "-INF" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(text);
            };
        }
        return kind == Integer.class ? (Object) Integer.parseInt(text) : (Object) Long.parseLong(text);
    }

    private void expect(JsonToken token, String what, String path) {
        if (parser.currentToken() != token) {
            throw mismatch(what, path);
        }
    }

    private ResultFormatException mismatch(String expected, String path) {
        JsonToken token = parser.currentToken();
        String found = switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NULL -> "null";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> "a number";
        };
        return new ResultFormatException(source + (path.isEmpty() ? "" : ": " + path) + " does not match its schema ("
                + expected + " was expected, the file has " + found + "); was it edited by hand?");
    }

    private static Class<?> box(Class<?> primitive) {
        if (primitive == int.class) {
            return Integer.class;
        }
        if (primitive == long.class) {
            return Long.class;
        }
        if (primitive == double.class) {
            return Double.class;
        }
        if (primitive == boolean.class) {
            return Boolean.class;
        }
        throw new IllegalStateException("no JSON mapping for " + primitive);
    }

    private static Object zero(Class<?> primitive) {
        if (primitive == int.class) {
            return 0;
        }
        if (primitive == long.class) {
            return 0L;
        }
        if (primitive == double.class) {
            return 0.0;
        }
        if (primitive == boolean.class) {
            return false;
        }
        throw new IllegalStateException("no JSON mapping for " + primitive);
    }
}
