package dev.vbench.result;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes and reads {@link RunResult} as JSON. Output is deterministic: map keys sorted, fields in
 * record order, two-space indentation, NaN written as the string {@code "NaN"}.
 *
 * <pre>{@code
 * String json = ResultCodec.toJson(result);
 * RunResult back = ResultCodec.read(Path.of("r.json"));
 * }</pre>
 */
public final class ResultCodec {

    /**
     * The parser and generator factory: Jackson's defaults, as the mapper's own. Reading and writing a result
     * need only jackson-core ({@link RecordReader}, {@link RecordWriter}); the mapper, whose set-up and first
     * use of the record graph cost a short command most of its start-up, is made only by the few that use it.
     */
    private static final JsonFactory PARSERS = JsonFactory.builder().build();

    /**
     * Made on first use: results and fork plans are read and written without it; the exporters, the
     * history's series keys and JMH's files use it.
     */
    private static final class Mapper {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    private ResultCodec() {}

    /**
     * Does the first, costly part of reading a result on the calling thread: the parser's classes and
     * their constants (Jackson's parser keeps {@code BigDecimal} bounds, and {@code BigDecimal}'s own
     * initialization computes 5^65536 on JDK 25, ~25 ms before the JIT). {@code Main} runs it beside the
     * command line's parsing for the commands that read results.
     */
    public static void prepareReading() {
        try (JsonParser p = PARSERS.createParser("{\"a\":[1.5,2,\"x\"]}")) {
            while (p.nextToken() != null) {
                if (p.currentToken() == JsonToken.VALUE_NUMBER_FLOAT) {
                    p.getDoubleValue();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shared mapper, configured for result files. */
    public static ObjectMapper mapper() {
        return Mapper.MAPPER;
    }

    /** {@code result} as a result file holds it: indented, ending with a newline. */
    public static String toJson(RunResult result) {
        return RecordWriter.write(result, PARSERS, true) + "\n";
    }

    /**
     * A record of plain components (text, numbers, booleans, enums, lists, maps and records of those) as
     * JSON in the result files' conventions, indented or on one line: what {@link #mapper()} writes for it.
     */
    public static String write(Record value, boolean indented) {
        return RecordWriter.write(value, PARSERS, indented);
    }

    /**
     * Reads what {@link #write} wrote as {@code type}, as {@link #mapper()} would read it.
     *
     * @throws ResultFormatException naming {@code source} when the text is not JSON or does not fit {@code type}
     */
    public static <T extends Record> T readRecord(String json, Class<T> type, String source) {
        return map(
                json,
                type,
                source,
                e -> new ResultFormatException(source + " is not valid JSON: " + firstLine(e.getOriginalMessage())));
    }

    /**
     * The components of {@code value} as its JSON has them, in record order (name → component value), less
     * those its {@code @JsonInclude} leaves out: a null under NON_NULL, an empty text, list or map under
     * NON_EMPTY, and a 0 or false too under NON_DEFAULT. Read from the record, without the mapper:
     * {@code compare} matches cells on the fields of their configurations.
     */
    public static Map<String, Object> writtenFields(Record value) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (RecordShape.Component c : RecordShape.of(value.getClass()).components()) {
            Object v = c.of(value);
            if (c.written(v)) {
                out.put(c.name(), v);
            }
        }
        return out;
    }

    /** Parses a vbench result document; schema version must be one this vbench knows. */
    public static RunResult fromJson(String json, String source) {
        String schema = schemaOf(json, source);
        return ResultReaders.read(json, schema, source);
    }

    /**
     * What a result says about where and how it ran, without its cells.
     *
     * @param settings null when the document has none
     */
    public record Header(String schema, Environment environment, RunSettings settings) {}

    /**
     * The environment and settings of a vbench result document, read without mapping its cells (a
     * stored run's page shows them for documents of any size).
     *
     * @throws ResultFormatException when it is not a vbench result this vbench reads (a JMH file, a newer schema)
     */
    public static Header header(String json, String source) {
        String schema = schemaOf(json, source);
        ResultReaders.check(schema, source);
        Environment environment = null;
        RunSettings settings = null;
        try (JsonParser p = PARSERS.createParser(json)) {
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                if (name.equals("environment")) {
                    environment = RecordReader.read(p, Environment.class, source);
                } else if (name.equals("settings")) {
                    settings = RecordReader.read(p, RunSettings.class, source);
                } else {
                    p.nextToken();
                    p.skipChildren();
                }
            }
        } catch (JacksonException e) {
            throw notJson(e, source);
        } catch (IOException e) {
            throw new ResultFormatException(source + " cannot be read: " + firstLine(e.getMessage()));
        }
        if (environment == null) {
            throw new ResultFormatException(
                    source + " has no environment; give a file written by 'vbench run -o FILE.json'");
        }
        return new Header(schema, environment, settings);
    }

    /**
     * The top-level {@code schema} of a document, after one pass over the whole text that checks it is
     * one JSON object: the errors come in the order they did when the whole tree was read first (not
     * JSON or truncated, then no object, then no schema), before any field is mapped.
     */
    private static String schemaOf(String json, String source) {
        String schema = null;
        boolean textual = false;
        boolean object;
        try (JsonParser p = PARSERS.createParser(json)) {
            JsonToken first = p.nextToken();
            object = first == JsonToken.START_OBJECT;
            if (object) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    JsonToken value = p.nextToken();
                    if (name.equals("schema")) { // the last one counts, as in a tree
                        textual = value == JsonToken.VALUE_STRING;
                        schema = textual ? p.getText() : null;
                    }
                    p.skipChildren();
                }
            } else if (first != null) {
                p.skipChildren();
            }
        } catch (JacksonException e) {
            throw notJson(e, source);
        } catch (IOException e) {
            throw new ResultFormatException(source + " cannot be read: " + firstLine(e.getMessage()));
        }
        if (!object) {
            throw new ResultFormatException(source
                    + " is not a vbench result (no JSON object); give a file written by 'vbench run -o FILE.json'");
        }
        if (!textual) {
            throw new ResultFormatException(
                    source
                            + " is not a vbench result (no \"schema\" field); give a file written by 'vbench run -o FILE.json'");
        }
        return schema;
    }

    private static ResultFormatException notJson(JacksonException e, String source) {
        String what = e.getMessage() != null && e.getMessage().contains("end-of-input")
                ? "is truncated (the JSON ends early)"
                : "is not valid JSON";
        return new ResultFormatException(
                source + " " + what + "; give a result file written by 'vbench run -o FILE.json'");
    }

    /** Reads a result file; the messages of the exceptions name the file and the fix. */
    public static RunResult read(Path file) {
        return fromJson(readText(file), file.toString());
    }

    /** The text of a result file (vbench's or JMH's); the messages of the exceptions name the file and the fix. */
    public static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ResultFormatException(file + " does not exist; check the path");
        } catch (CharacterCodingException e) {
            throw new ResultFormatException(
                    file + " is not UTF-8 text; give a result file written by 'vbench run -o FILE.json'");
        } catch (IOException e) {
            throw new ResultFormatException("cannot read " + file + " (" + e.getMessage() + "); check its permissions");
        }
    }

    /**
     * Maps a whole document, already checked to be one JSON object, onto {@code type} ({@link RecordReader}),
     * then checks its required fields ({@link RequiredFields}).
     */
    static <T> T readValue(String json, Class<T> type, String source) {
        T value = map(json, type, source, e -> notJson(e, source));
        RequiredFields.check(value, source);
        return value;
    }

    /** {@code json} mapped onto {@code type} ({@link RecordReader}); text that is not JSON fails as {@code notJson} says. */
    private static <T> T map(
            String json, Class<T> type, String source, Function<JacksonException, ResultFormatException> notJson) {
        try (JsonParser p = PARSERS.createParser(json)) {
            return RecordReader.read(p, type, source);
        } catch (JacksonException e) {
            throw notJson.apply(e);
        } catch (IOException e) {
            throw new ResultFormatException(source + " cannot be read: " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
