package dev.vbench.suite;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads a suite file (YAML; JSON is YAML too) into a {@link SuiteSpec}. Unknown keys and wrong
 * types are errors with the file and line; semantic checks (workloads, layouts, metrics) happen in
 * {@link SuiteValidator}.
 */
public final class SuiteLoader {

    private static final ObjectMapper YAML = YAMLMapper.builder(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(
                    com.fasterxml.jackson.core.StreamReadFeature
                            .STRICT_DUPLICATE_DETECTION) // a key given twice is an error, not "the last wins"
            .build();
    /** Jackson's message for a key given twice in one mapping. */
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']*)'");

    private SuiteLoader() {}

    public static SuiteSpec load(Path file) {
        return parse(read(file, "a suite file such as workloads/seed-004-virtual-vs-platform.yaml"), file.toString());
    }

    public static SuiteSpec parse(String text, String source) {
        SuiteSpec spec = parse(text, source, SuiteSpec.class);
        if (spec == null) {
            throw new SuiteException(source + ":1: the file is empty; a suite needs 'suite' and 'experiments'");
        }
        return spec;
    }

    /**
     * The gates of {@code file}: a gates file ({@code gates:} only, {@link GateSpec.File}) or a suite file
     * with a {@code gates:} section, each read with the same checks and {@code file:line} errors.
     */
    public static List<GateSpec> loadGates(Path file) {
        String text = read(file, "a gates file such as vbench-gates.yaml, or a suite file with 'gates:'");
        String source = file.toString();
        boolean suite = text.lines().anyMatch(l -> l.startsWith("suite:") || l.startsWith("experiments:"));
        List<GateSpec> gates;
        if (suite) {
            gates = parse(text, source).gates();
        } else {
            GateSpec.File f = parse(text, source, GateSpec.File.class);
            gates = f == null ? List.of() : f.gates();
        }
        if (gates.isEmpty()) {
            throw new SuiteException(source + ":1: no gates; add e.g. gates: [{match: \"io\", failOnRegression: 10%}]");
        }
        return gates;
    }

    private static String read(Path file, String example) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new SuiteException(file + " does not exist; give the path of " + example);
        } catch (IOException e) {
            throw new SuiteException("cannot read " + file + " (" + e.getMessage() + "); check its permissions");
        }
    }

    /** {@code text} as a {@code type}, with {@code file:line} errors; null for an empty document. */
    private static <T> T parse(String text, String source, Class<T> type) {
        try {
            return YAML.readValue(text, type);
        } catch (UnrecognizedPropertyException e) {
            int line = keyLine(text, e.getPropertyName(), tokenLocation(e));
            throw new SuiteException(source + ":" + line + ": unknown key '" + e.getPropertyName() + "'" + where(e)
                    + "; valid keys: " + known(e.getKnownPropertyIds()));
        } catch (InvalidFormatException e) {
            throw new SuiteException(at(source, tokenLocation(e)) + "'" + e.getValue() + "' is not valid for "
                    + field(e) + "; expected " + typeName(e.getTargetType()));
        } catch (MismatchedInputException e) {
            throw new SuiteException(at(source, tokenLocation(e)) + "wrong type for " + field(e) + "; expected "
                    + typeName(e.getTargetType()));
        } catch (JacksonException e) {
            Matcher duplicate = DUPLICATE.matcher(String.valueOf(e.getOriginalMessage()));
            if (duplicate.find()) {
                String key = duplicate.group(1);
                throw new SuiteException(
                        source + ":" + keyLine(text, key, tokenLocation(e)) + ": key '" + key
                                + "' is given a second time in the same mapping; keep one (the file would otherwise mean the last)");
            }
            throw new SuiteException(at(source, e.getLocation()) + "not valid YAML ("
                    + firstLine(e.getOriginalMessage()) + "); fix the syntax");
        }
    }

    /**
     * The line of {@code key:} at or before the parser's line: YAML parsers report the position after
     * the value, which for a key on the last line of a block is the next line.
     */
    private static int keyLine(String text, String key, JsonLocation location) {
        String[] lines = text.split("\n", -1);
        int reported = location == null ? 1 : Math.max(1, Math.min(location.getLineNr(), lines.length));
        Pattern keyPattern = Pattern.compile("^[\\s-]*\\{?[^#]*?\\b" + Pattern.quote(key) + "\\s*:");
        for (int i = reported; i >= 1; i--) {
            if (keyPattern.matcher(lines[i - 1]).find()) {
                return i;
            }
        }
        return reported;
    }

    /** Where the offending token starts (the exception's own location may be past the value). */
    private static JsonLocation tokenLocation(JacksonException e) {
        if (e.getProcessor() instanceof com.fasterxml.jackson.core.JsonParser parser
                && parser.currentTokenLocation() != null
                && parser.currentTokenLocation().getLineNr() > 0) {
            return parser.currentTokenLocation();
        }
        return e.getLocation();
    }

    private static String at(String source, JsonLocation location) {
        return source + ":" + (location == null ? 1 : Math.max(1, location.getLineNr())) + ": ";
    }

    private static String where(MismatchedInputException e) {
        List<com.fasterxml.jackson.databind.JsonMappingException.Reference> path = e.getPath();
        if (path.size() < 2) {
            return "";
        }
        com.fasterxml.jackson.databind.JsonMappingException.Reference parent = path.get(path.size() - 2);
        String name = parent.getFieldName() != null
                ? parent.getFieldName()
                : path.size() >= 3 ? path.get(path.size() - 3).getFieldName() : null;
        return name == null ? "" : " in '" + name + "'";
    }

    private static String field(MismatchedInputException e) {
        String name = e.getPath().stream()
                .map(com.fasterxml.jackson.databind.JsonMappingException.Reference::getFieldName)
                .filter(n -> n != null)
                .reduce((a, b) -> b)
                .orElse("a value");
        return "'" + name + "'";
    }

    private static String typeName(Class<?> type) {
        if (type == null) {
            return "another type";
        }
        if (type == Integer.class || type == int.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "a mapping (key: value)";
        }
        return "text";
    }

    private static String known(Collection<Object> ids) {
        Set<String> names = ids.stream()
                .map(String::valueOf)
                .filter(n -> !n.equals("line"))
                .collect(Collectors.toCollection(TreeSet::new));
        return String.join(", ", names);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "syntax error";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
