package dev.vbench.nativeimage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vbench.engine.Calibration;
import dev.vbench.engine.ForkPlan;
import dev.vbench.result.RunResult;
import java.io.InputStream;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Native-image readiness without GraalVM (it cannot be installed here): the hand-kept
 * {@code reachability-metadata.json} must register every class the JSON codecs reach by reflection, every
 * class it lists must exist, and every resource it names must be on the classpath. To fix a
 * failure, add the class to {@code src/main/resources/META-INF/native-image/dev.vbench/vbench/reachability-metadata.json}
 * with the same flags as its neighbours.
 */
class NativeMetadataTest {

    static final String METADATA = "META-INF/native-image/dev.vbench/vbench/reachability-metadata.json";
    static final String PICOCLI = "META-INF/native-image/picocli-generated/dev.vbench/vbench/reflect-config.json";
    static final List<String> FLAGS = List.of("allDeclaredFields", "allDeclaredMethods", "allDeclaredConstructors");

    @Test
    void everyClassJacksonReachesIsRegistered() throws Exception {
        Set<String> listed = listedTypes();
        Set<String> missing = new TreeSet<>(reachableFromResult());
        missing.addAll(resultRecords());
        missing.removeAll(listed);
        assertTrue(
                missing.isEmpty(),
                () -> "not in " + METADATA + ": " + missing
                        + "; add an entry for each (results, fork plans and suites are read and written by reflection)");
    }

    @Test
    void everyListedClassExistsWithTheFlagsJacksonNeeds() throws Exception {
        for (JsonNode entry : metadata().get("reflection")) {
            String type = entry.get("type").asText();
            Class<?> c = Class.forName(type); // ClassNotFoundException names a stale entry
            if (c.isRecord()) {
                for (String flag : FLAGS) {
                    assertTrue(entry.path(flag).asBoolean(), type + " needs \"" + flag + "\": true");
                }
            }
        }
    }

    @Test
    void everyListedResourceExists() throws Exception {
        List<String> globs = new ArrayList<>();
        metadata().get("resources").forEach(r -> globs.add(r.get("glob").asText()));
        assertTrue(globs.contains("dev/vbench/version.properties"), globs::toString);
        assertTrue(globs.contains("META-INF/services/dev.vbench.spi.WorkloadProvider"), globs::toString);
        for (String glob : globs) {
            if (!glob.contains("*")) {
                assertNotNull(
                        getClass().getClassLoader().getResource(glob), "listed resource " + glob + " does not exist");
            }
        }
    }

    @Test
    void picocliCodegenRegistersTheCommands() throws Exception {
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(PICOCLI)) {
            assertNotNull(
                    in,
                    PICOCLI
                            + " missing: picocli-codegen must run as annotation processor (-Aproject=dev.vbench/vbench)");
            Set<String> names = new TreeSet<>();
            new ObjectMapper().readTree(in).forEach(e -> names.add(e.get("name").asText()));
            for (String command : List.of(
                    "VbenchCommand",
                    "RunCommand",
                    "ReportCommand",
                    "ListCommand",
                    "CalibrateCommand",
                    "CompletionCommand")) {
                assertTrue(names.contains("dev.vbench.cli." + command), () -> command + " not in " + names);
            }
        }
    }

    @Test
    void metadataIsValidAgainstTheSchemaShape() throws Exception {
        JsonNode root = metadata();
        Set<String> allowedTop =
                Set.of("comment", "reflection", "jni", "serialization", "resources", "bundles", "foreign");
        root.fieldNames().forEachRemaining(f -> assertTrue(allowedTop.contains(f), "unknown top-level key " + f));
        Set<String> allowedEntry = Set.of(
                "reason",
                "condition",
                "type",
                "methods",
                "fields",
                "allDeclaredMethods",
                "allDeclaredFields",
                "allDeclaredConstructors",
                "allPublicMethods",
                "allPublicFields",
                "allPublicConstructors",
                "unsafeAllocated",
                "serializable",
                "jniAccessible");
        for (JsonNode entry : root.get("reflection")) {
            entry.fieldNames()
                    .forEachRemaining(f -> assertTrue(allowedEntry.contains(f), "unknown reflection key " + f));
        }
        assertEquals(listedTypes().size(), root.get("reflection").size(), "no type is listed twice");
    }

    static JsonNode metadata() throws Exception {
        try (InputStream in = NativeMetadataTest.class.getClassLoader().getResourceAsStream(METADATA)) {
            assertNotNull(in, METADATA + " is missing");
            return new ObjectMapper().readTree(in);
        }
    }

    static Set<String> listedTypes() throws Exception {
        Set<String> out = new TreeSet<>();
        metadata().get("reflection").forEach(e -> out.add(e.get("type").asText()));
        return out;
    }

    /**
     * vbench classes reachable from {@link RunResult}, the fork plan and a calibration fork's rounds through
     * record components and their type arguments.
     */
    static Set<String> reachableFromResult() {
        Set<String> seen = new TreeSet<>();
        walk(RunResult.class, seen);
        // what a fork reads from its parent and a calibration fork writes back, through the same codec
        walk(ForkPlan.class, seen);
        walk(Calibration.Rounds.class, seen);
        return seen;
    }

    private static void walk(Type type, Set<String> seen) {
        if (type instanceof ParameterizedType p) {
            walk(p.getRawType(), seen);
            for (Type arg : p.getActualTypeArguments()) {
                walk(arg, seen);
            }
            return;
        }
        if (!(type instanceof Class<?> c) || !c.getName().startsWith("dev.vbench.") || !seen.add(c.getName())) {
            return;
        }
        if (c.isRecord()) {
            for (RecordComponent rc : c.getRecordComponents()) {
                walk(rc.getGenericType(), seen);
            }
        }
    }

    /** Every record class compiled into {@code dev.vbench.result}, nested ones included (new ones too). */
    static Set<String> resultRecords() throws Exception {
        // the directory the main classes were loaded from (not test-classes, which has a package of the same name)
        URL root = RunResult.class.getProtectionDomain().getCodeSource().getLocation();
        Path dir = Path.of(root.toURI()).resolve("dev/vbench/result");
        assertTrue(Files.isDirectory(dir), dir + " is not a directory");
        Set<String> out = new TreeSet<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".class")) { // nested records ($) too: they are read and written the same way
                    Class<?> c =
                            Class.forName("dev.vbench.result." + name.substring(0, name.length() - ".class".length()));
                    if (c.isRecord()) {
                        out.add(c.getName());
                    }
                }
            }
        }
        assertTrue(out.contains(RunResult.class.getName()), "found the result records in " + dir);
        return out;
    }
}
