package dev.vbench.result;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

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

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultCodec() {}

    /** The shared mapper, configured for result files. */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    public static String toJson(RunResult result) {
        try {
            return MAPPER.writeValueAsString(result) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise result", e);
        }
    }

    /** Parses a vbench result document; schema version must be one this vbench knows. */
    public static RunResult fromJson(String json, String source) {
        JsonNode tree;
        try {
            tree = MAPPER.readTree(json);
        } catch (JacksonException e) {
            String what = e.getMessage() != null && e.getMessage().contains("end-of-input")
                    ? "is truncated (the JSON ends early)" : "is not valid JSON";
            throw new ResultFormatException(source + " " + what + "; give a result file written by 'vbench run -o FILE.json'");
        }
        if (tree == null || !tree.isObject()) {
            throw new ResultFormatException(source + " is not a vbench result (no JSON object); give a file written by 'vbench run -o FILE.json'");
        }
        JsonNode schema = tree.get("schema");
        if (schema == null || !schema.isTextual()) {
            throw new ResultFormatException(source + " is not a vbench result (no \"schema\" field); give a file written by 'vbench run -o FILE.json'");
        }
        return ResultReaders.read(tree, schema.asText(), source);
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
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ResultFormatException(file + " is not UTF-8 text; give a result file written by 'vbench run -o FILE.json'");
        } catch (IOException e) {
            throw new ResultFormatException("cannot read " + file + " (" + e.getMessage() + "); check its permissions");
        }
    }

    static <T> T treeToValue(JsonNode node, Class<T> type, String source) {
        T value;
        try {
            value = MAPPER.treeToValue(node, type);
        } catch (com.fasterxml.jackson.databind.JsonMappingException e) {
            String path = RequiredFields.path(e);
            if (e.getCause() instanceof NullPointerException) { // a record refused a null inside a list or map
                String at = RequiredFields.firstNull(node.at(RequiredFields.pointer(e)), path);
                throw new ResultFormatException(source + ": " + (at == null ? path : at)
                        + " is missing or null; give a result file written by 'vbench run -o FILE.json' (was it edited by hand?)");
            }
            throw new ResultFormatException(source + (path.isEmpty() ? "" : ": " + path) + " does not match its schema ("
                    + firstLine(e.getOriginalMessage()) + "); was it edited by hand?");
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new ResultFormatException(source + " does not match its schema (" + firstLine(e.getMessage())
                    + "); was it edited by hand?");
        } catch (UncheckedIOException e) {
            throw new ResultFormatException(source + " cannot be read: " + firstLine(e.getMessage()));
        }
        RequiredFields.check(value, source);
        return value;
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "no detail";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
