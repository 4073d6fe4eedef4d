package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.JsonEdits;
import dev.vbench.testing.SlowFirst;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The streaming reader ({@link RecordReader}) reads what Jackson's databind reads from the same text with
 * the codec's settings: every result fixture of every schema version and golden file, a result that holds
 * every record of the package, and a seeded set of hand-edits (fields nulled, removed, retyped): where
 * databind read a record, the streaming reader reads an equal one; where databind refused the file, the
 * streaming reader refuses it with one line naming the file.
 */
@Tag(SlowFirst.SLOW)
class RecordReaderTest {

    private static final long SEED = 20261127L;
    private static final int MUTATIONS = 200;

    /** The old reading: databind's mapping of the record graph, then the required-field check. */
    private static RunResult databind(String json) throws IOException {
        RunResult r = ResultCodec.mapper().readValue(json, RunResult.class);
        RequiredFields.check(r, "x.json");
        return r;
    }

    @Test
    void everyResultFixtureReadsAsDatabindReadIt() throws IOException {
        List<Path> fixtures = resultFixtures();
        for (Path f : fixtures) {
            assertEquals(databind(Files.readString(f, StandardCharsets.UTF_8)), ResultCodec.read(f), f::toString);
        }
    }

    /** Every vbench result among the test resources (fixtures of every schema version, golden files). */
    static List<Path> resultFixtures() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/test/resources"))) {
            for (Path f :
                    files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
                if (Files.readString(f, StandardCharsets.UTF_8).contains("\"vbench-result/")) {
                    out.add(f);
                }
            }
        }
        assertTrue(out.size() >= 5, "result fixtures found: " + out.size());
        return out;
    }

    @Test
    void everyRecordOfThePackageReadsAsDatabindReadIt() throws IOException {
        for (RunResult run : List.of(Fixtures.ioRun(), Fixtures.jvmRun(), Fixtures.pinnedIoRun(), everything())) {
            String json = ResultCodec.toJson(run);
            RunResult read = ResultCodec.fromJson(json, "x.json");
            assertEquals(databind(json), read);
            assertEquals(run, read);
            assertEquals(json, ResultCodec.toJson(read), "written again, byte for byte");
        }
    }

    @Test
    void aHandEditedResultWithUnknownFieldsStillReads() throws IOException {
        RunResult run = Fixtures.pinnedIoRun();
        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(ResultCodec.toJson(run));
        tree.put("comment", "re-run after the kernel update");
        tree.putObject("annotations")
                .putArray("tags")
                .add("nightly")
                .add(3)
                .addObject()
                .put("nested", true);
        ObjectNode cell = (ObjectNode) tree.get("cells").get(0);
        cell.put("reviewedBy", "someone");
        ((ObjectNode) cell.get("config")).putArray("extra").add(1.5);
        ((ObjectNode) cell.get("trials").get(0).get("telemetry")).putNull("futureCounter");
        ((ObjectNode) cell.get("summary").get("makespan")).put("p95", 12.5);
        RunResult read = ResultCodec.fromJson(ResultCodec.mapper().writeValueAsString(tree), "edited.json");
        assertEquals(run, read);
    }

    @Test
    void numbersInStringsAndNaNReadAsDatabindReadThem() throws IOException {
        RunResult run = Fixtures.ioRun();
        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(ResultCodec.toJson(run));
        ObjectNode trial = (ObjectNode) tree.get("cells").get(0).get("trials").get(0);
        trial.put("tasks", "10000");
        trial.put("throughputPerSecond", "Infinity");
        trial.put("makespanNanos", 12.9);
        ObjectNode summary =
                (ObjectNode) tree.get("cells").get(0).get("summary").get("makespan");
        summary.put("ciLow", "NaN");
        summary.put("n", "");
        ((ObjectNode) tree.get("settings")).put("seed", " 7 ");
        ((ObjectNode) tree.get("environment")).put("availableProcessors", 4.0);
        ((ObjectNode) tree.get("environment")).put("hostName", 12);
        String json = ResultCodec.mapper().writeValueAsString(tree);
        RunResult read = ResultCodec.fromJson(json, "x.json");
        assertEquals(databind(json), read);
        assertEquals(12, read.cells().get(0).trials().get(0).makespanNanos());
        assertEquals("12", read.environment().hostName());
    }

    @Test
    void aMismatchIsOneLineNamingTheFileAndTheField() throws IOException {
        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(ResultCodec.toJson(Fixtures.ioRun()));
        ((ObjectNode) tree.get("cells").get(1).get("trials").get(2)).put("completed", "many");
        String json = ResultCodec.mapper().writeValueAsString(tree);
        ResultFormatException e = assertThrows(ResultFormatException.class, () -> ResultCodec.fromJson(json, "r.json"));
        assertEquals(
                "r.json: cells[1].trials[2].completed does not match its schema (an integer in range was expected,"
                        + " the file has a string); was it edited by hand?",
                e.getMessage());

        ((ArrayNode) tree.get("cells").get(0).get("notes")).addNull();
        ResultFormatException nullNote = assertThrows(
                ResultFormatException.class,
                () -> ResultCodec.fromJson(ResultCodec.mapper().writeValueAsString(tree), "r.json"));
        assertTrue(
                nullNote.getMessage().startsWith("r.json: cells[0].notes[0] is missing or null;"),
                nullNote::getMessage);
    }

    @Test
    void aCellStatusIsWrittenAndReadByItsLowercaseKey() throws IOException {
        String json = ResultCodec.toJson(Fixtures.ioRun());
        assertTrue(json.contains("\"status\" : \"ok\""), json);
        assertEquals(
                CellStatus.OK,
                ResultCodec.fromJson(json, "r.json").cells().get(0).status());
        for (CellStatus s : CellStatus.values()) {
            assertEquals(s, CellStatus.of(s.key()));
            assertEquals(s.name().toLowerCase(Locale.ROOT), s.toString());
        }

        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(json);
        ((ObjectNode) tree.get("cells").get(1)).put("status", "fine");
        ResultFormatException e = assertThrows(
                ResultFormatException.class,
                () -> ResultCodec.fromJson(ResultCodec.mapper().writeValueAsString(tree), "r.json"));
        assertEquals(
                "r.json: cells[1].status 'fine' is not a cell status; use one of ok, interrupted, failed, stuck, exited;"
                        + " was it edited by hand?",
                e.getMessage());
    }

    /** {@link ResultCodec#writtenFields} names the fields the mapper writes, each with its value. */
    @Test
    void writtenFieldsAreTheFieldsTheMapperWrites() {
        List<Record> records = new ArrayList<>();
        walk(everything(), records);
        walk(Fixtures.jvmRun(), records);
        assertTrue(records.size() > 100, "records: " + records.size());
        for (Record r : records) {
            JsonNode tree = ResultCodec.mapper().valueToTree(r);
            Map<String, Object> fields = ResultCodec.writtenFields(r);
            assertEquals(iterableNames(tree), List.copyOf(fields.keySet()), r::toString);
            fields.forEach((name, value) ->
                    assertEquals(tree.get(name), ResultCodec.mapper().valueToTree(value), () -> name + " of " + r));
        }
    }

    private static List<String> iterableNames(JsonNode tree) {
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** Every record at or below {@code value}. */
    private static void walk(Object value, List<Record> out) {
        if (value instanceof Record r) {
            out.add(r);
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    walk(c.getAccessor().invoke(r), out);
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        } else if (value instanceof Collection<?> c) {
            c.forEach(v -> walk(v, out));
        } else if (value instanceof Map<?, ?> m) {
            m.values().forEach(v -> walk(v, out));
        }
    }

    /** Seeded hand-edits: each read by both, with equal records or a refusal by both. */
    @Test
    void handEditsReadAsDatabindReadThem() throws IOException {
        Random random = new Random(SEED);
        List<String> bases = List.of(
                ResultCodec.toJson(Fixtures.pinnedIoRun()),
                ResultCodec.toJson(Fixtures.jvmRun()),
                ResultCodec.toJson(everything()));
        int read = 0;
        for (int i = 0; i < MUTATIONS; i++) {
            JsonNode tree = ResultCodec.mapper().readTree(bases.get(i % bases.size()));
            String what = mutate(tree, random);
            String json = ResultCodec.mapper().writeValueAsString(tree);
            RunResult before;
            try {
                before = databind(json);
            } catch (IOException | RuntimeException e) {
                before = null;
            }
            String context = "mutation " + i + " (" + what + ")";
            if (before == null) {
                ResultFormatException e =
                        assertThrows(ResultFormatException.class, () -> ResultCodec.fromJson(json, "m.json"), context);
                assertTrue(e.getMessage().startsWith("m.json"), context + ": " + e.getMessage());
                assertFalse(e.getMessage().contains("\n"), context + ": " + e.getMessage());
            } else {
                assertEquals(before, ResultCodec.fromJson(json, "m.json"), context);
                read++;
            }
        }
        assertTrue(read > MUTATIONS / 4 && read < MUTATIONS, "edits that still read: " + read);
    }

    /** Nulls, removes or retypes one node of {@code tree} in place; says what it did. */
    private static String mutate(JsonNode tree, Random random) {
        JsonEdits.Site site = JsonEdits.pick(tree, random);
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        JsonNode replacement = switch (random.nextInt(12)) {
            case 0, 1 -> nodes.nullNode();
            case 2 -> nodes.textNode("x");
            case 3 -> nodes.numberNode(-1);
            case 4 -> nodes.numberNode(2.75);
            case 5 -> nodes.textNode("");
            case 6 -> nodes.textNode("42");
            case 7 -> nodes.booleanNode(true);
            case 8 -> nodes.arrayNode().add(nodes.nullNode());
            case 9 -> nodes.objectNode();
            case 10 -> nodes.numberNode(1e30);
            default -> null; // removed
        };
        return site.set(replacement);
    }

    /**
     * A result that holds every record of the package and every optional field: a suite's layout, sharding,
     * the user's code, profiles with a slow tail, an open-model trial, a JVM axis.
     */
    static RunResult everything() {
        RunResult base = Fixtures.pinnedIoRun();
        CellResult first = base.cells().get(0);
        TrialResult open = TrialResult.of(0, 1000, 5_000_000L, 198_000.5)
                .withIndex(0, 1)
                .withCompleted(990)
                .withFailures(2, List.of("java.io.IOException: reset"))
                .withLatency(
                        first.trials().get(0).latency(), first.trials().get(0).histograms())
                .withTelemetry(first.trials().get(0).telemetry())
                .withOpenModel(8, 3, 199.5, first.trials().get(0).latency())
                .withStartTime(Instant.parse("2026-11-22T19:40:01.123456Z"))
                .withLatencySampledOneIn(32);
        CellConfig config = CellConfig.open("io", Map.of("duration", "1ms"), Fixtures.virtual(), 1000, 500.0)
                .withConcurrency(8)
                .withWindowNanos(2_000_000_000L)
                .withTimeoutNanos(1_000_000_000L)
                .withJvm("j25")
                .withBatch(4, 10);
        Profile tail = Profile.of("cpu", "jfr", 0).withStacks(3, List.of(new Profile.ProfileStack("a;b", 3)));
        Profile profile = Profile.of("cpu", "jfr", 10_000_000L)
                .withThreads("task threads")
                .withStacks(40, List.of(new Profile.ProfileStack("java.lang.Thread.run;com.acme.Store.put", 30)))
                .withSlowTail(tail)
                .withNotes(List.of("a note"));
        JvmInfo jvm = new JvmInfo(
                "j25", "/opt/jdk-25", List.of("-XX:+UseZGC"), "25.0.3", "V", "VM", "25.0.3+9", 8, "ZGC", 1L << 30);
        CellResult cell = new CellResult(
                "e1/c9",
                config,
                CellStatus.STUCK,
                List.of(open),
                first.summary(),
                List.of("a note"),
                jvm,
                List.of(profile),
                31.5);
        List<CellResult> cells = new ArrayList<>(base.cells());
        cells.add(cell);
        SuiteLayout suite = new SuiteLayout(
                "s",
                "Title",
                null,
                List.of(new SuiteLayout.Experiment(
                        "e1",
                        null,
                        List.of(
                                new TableSpec("T", "chain", "p99", "ms", true, "jvm"),
                                new TableSpec("U", "executors", "makespan", "s", null)))));
        Sharding sharding = new Sharding(
                "abc",
                2,
                List.of("c1", "e1/c9"),
                List.of(new Sharding.Shard(1, "h1", "2026-01-01T00:00:00Z", List.of("c1"))));
        RunSettings settings = RunSettings.trials(1, 6)
                .withForks(1)
                .withSeed(42)
                .withOrder("random")
                .withCode(List.of(new CodeEntry("lib/a.jar", CodeEntry.JAR, "00ff")));
        Environment e = base.environment();
        Environment withCpu = new Environment(
                e.vbenchVersion(),
                e.javaVendor(),
                e.javaVersion(),
                e.jvmName(),
                e.jvmArguments(),
                e.osName(),
                e.osVersion(),
                e.osArch(),
                e.availableProcessors(),
                e.maxHeapBytes(),
                e.hostName(),
                e.startTime(),
                e.commandLine(),
                "Test CPU @ 2.0GHz");
        return new RunResult(RunResult.SCHEMA, withCpu, settings, suite, cells, sharding);
    }
}
