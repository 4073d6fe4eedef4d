package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code cli/} is picocli adapters only: options → a request of {@code app/} → a use case → an outcome →
 * an exit code. It may name {@code app/} and the few value types below, nothing else of vbench; this
 * test reads the sources (imports and fully qualified names in code, comments left out) and says which
 * file names what. The whole package graph stays acyclic too.
 */
class CliImportsTest {

    private static final Path MAIN = Path.of("src/main/java/dev/vbench");

    /**
     * The types of other packages that {@code cli/} may name, and why: each is a value a picocli
     * converter parses (or lists for completion) and a request record carries as it is.
     */
    static final Map<String, String> ALLOWED = Map.ofEntries(
            Map.entry("dev.vbench.report.Format", "--format of run and report: the output format a request carries"),
            Map.entry(
                    "dev.vbench.report.compare.CompareFormat",
                    "--format of compare: the output format CompareUseCase.Request carries"),
            Map.entry(
                    "dev.vbench.result.Metric",
                    "--metric: the metric a request carries (null for the load shape's default)"),
            Map.entry(
                    "dev.vbench.compare.Layout",
                    "--layout of compare: the table layout CompareUseCase.Request carries"),
            Map.entry("dev.vbench.suite.Scale", "--scale of run: a suite's scale RunRequest carries"),
            Map.entry("dev.vbench.profile.ProfileEvent", "--profile: the events RunRequest.Probes carries"),
            Map.entry(
                    "dev.vbench.result.Choice",
                    "the interface of those enums: their names as typed, for converters,"
                            + " completion candidates and the error that lists the valid values"),
            Map.entry(
                    "dev.vbench.config.Defaults",
                    "the default an option's defaultValue and help text state, from the one"
                            + " place the planner and the use cases read it"),
            Map.entry(
                    "dev.vbench.config.Limits",
                    "the range a converter checks a value against while the text is at hand,"
                            + " the planner's own rule"),
            Map.entry(
                    "dev.vbench.spi.Quantities", "the one grammar of counts, durations and rates a converter parses"));

    /**
     * Files that still reach past {@code app/}, each with what is left to do; the test fails when one of
     * them no longer does, so that the list only shrinks.
     */
    static final Map<String, String> PENDING = Map.of();

    private static final Pattern IMPORT =
            Pattern.compile("^import\\s+(?:static\\s+)?(dev\\.vbench\\.[\\w.]+?)(?:\\.\\*)?;", Pattern.MULTILINE);
    private static final Pattern QUALIFIED =
            Pattern.compile("\\bdev\\.vbench\\.[a-z][\\w]*(?:\\.[a-z][\\w]*)*\\.[A-Z]\\w*");

    @Test
    void cliNamesOnlyAppAndTheAllowedValueTypes() {
        Map<String, Set<String>> outside = new TreeMap<>();
        for (Path file : sources(MAIN.resolve("cli"))) {
            Set<String> named = new TreeSet<>();
            for (String type : referencedTypes(read(file))) {
                if (!type.startsWith("dev.vbench.app.")
                        && !type.startsWith("dev.vbench.cli.")
                        && !ALLOWED.containsKey(type)) {
                    named.add(type);
                }
            }
            if (!named.isEmpty()) {
                outside.put(file.getFileName().toString(), named);
            }
        }
        Map<String, Set<String>> unexpected = new TreeMap<>(outside);
        PENDING.keySet().forEach(unexpected::remove);
        assertEquals(
                Map.of(),
                unexpected,
                "cli/ may name app/ and " + ALLOWED.keySet() + " only; move the use case"
                        + " into app/ behind a request and an outcome, or name the value type in ALLOWED with the reason");
        for (String pending : PENDING.keySet()) {
            assertTrue(outside.containsKey(pending), pending + " names only app/ now: take it off PENDING");
        }
    }

    @Test
    void theCheckSeesImportsAndQualifiedNamesButNotComments() {
        String source = """
                package dev.vbench.cli;
                import dev.vbench.app.RunUseCase;
                import static dev.vbench.plan.Planner.plan;
                import dev.vbench.result.*;
                /** {@link dev.vbench.engine.Engine} in a comment */
                class X { Object o = dev.vbench.jvm.JdkDiscovery.fromSystem(); // dev.vbench.stats.Holm
                    String s = "dev.vbench.engine.TrialRunner$Run.run // not a comment"; char q = '"';
                    Object p = dev.vbench.measure.NanoClock.SYSTEM;
                }
                """;
        assertEquals(
                Set.of(
                        "dev.vbench.app.RunUseCase",
                        "dev.vbench.plan.Planner",
                        "dev.vbench.result",
                        "dev.vbench.jvm.JdkDiscovery",
                        "dev.vbench.measure.NanoClock"),
                referencedTypes(source));
    }

    @Test
    void thePackageGraphIsAcyclic() {
        Map<String, Set<String>> edges = new TreeMap<>();
        try (Stream<Path> dirs = Files.list(MAIN)) {
            for (Path dir : dirs.filter(Files::isDirectory).toList()) {
                String from = dir.getFileName().toString();
                Set<String> to = edges.computeIfAbsent(from, k -> new TreeSet<>());
                for (Path file : sources(dir)) {
                    for (String type : referencedTypes(read(file))) {
                        String pkg = type.substring("dev.vbench.".length()).split("\\.")[0];
                        if (!pkg.equals(from) && Files.isDirectory(MAIN.resolve(pkg))) {
                            to.add(pkg);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertTrue(edges.get("app").contains("engine") && !edges.get("app").contains("cli"), edges::toString);
        List<String> cycle = cycle(edges);
        assertEquals(List.of(), cycle, "the package graph has a cycle: " + String.join(" → ", cycle));
    }

    /** The vbench types (or packages, for a wildcard) a source names in imports and in code. */
    static Set<String> referencedTypes(String source) {
        Set<String> types = new TreeSet<>();
        Matcher imports = IMPORT.matcher(source);
        while (imports.find()) {
            String name = imports.group(1);
            types.add(
                    source.startsWith("import static", imports.start())
                            ? name.substring(0, name.lastIndexOf('.'))
                            : name);
        }
        String code = withoutComments(source).replaceAll("(?m)^(package|import)\\s[^;]*;", "");
        Matcher qualified = QUALIFIED.matcher(code);
        while (qualified.find()) {
            types.add(qualified.group());
        }
        return types;
    }

    /** The source with comments and string and character literals blanked out (imports and code remain). */
    static String withoutComments(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                i = end(source, source.indexOf('\n', i), 0);
            } else if (source.startsWith("/*", i)) {
                i = end(source, source.indexOf("*/", i + 2), 2);
            } else if (source.startsWith("\"\"\"", i)) {
                i = end(source, source.indexOf("\"\"\"", i + 3), 3);
                out.append("\"\"");
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < source.length() && source.charAt(j) != c) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(c).append(c);
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int end(String source, int found, int length) {
        return found < 0 ? source.length() : found + length;
    }

    private static List<String> cycle(Map<String, Set<String>> edges) {
        Map<String, Integer> state = new TreeMap<>();
        for (String start : edges.keySet()) {
            List<String> path = new ArrayList<>();
            if (visit(start, edges, state, path)) {
                return path;
            }
        }
        return List.of();
    }

    /** Depth-first: state 1 = on the path, 2 = done; true (with the path) when a back edge closes a cycle. */
    private static boolean visit(
            String node, Map<String, Set<String>> edges, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) {
            return false;
        }
        path.add(node);
        if (s != null) {
            return true;
        }
        state.put(node, 1);
        for (String next : edges.getOrDefault(node, Set.of())) {
            if (visit(next, edges, state, path)) {
                return true;
            }
        }
        state.put(node, 2);
        path.remove(path.size() - 1);
        return false;
    }

    private static List<Path> sources(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
