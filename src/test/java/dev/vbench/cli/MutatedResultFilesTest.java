package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import dev.vbench.testing.JsonEdits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeded fuzz test over result files: a field nulled, removed or given the wrong type, the text
 * truncated, or bytes that are not UTF-8. {@code report} and {@code compare} must answer each with exit 0
 * (the file still holds what they need) or exit 2 and one line naming the file, never an internal error.
 */
class MutatedResultFilesTest {

    private static final long SEED = 20261127L;
    private static final int MUTATIONS = 160;

    @TempDir
    Path tmp;

    @Test
    void reportAndCompareAnswerEveryMutationWithZeroOrTwo() throws Exception {
        Random random = new Random(SEED);
        Path good = tmp.resolve("good.json");
        Files.writeString(good, ResultCodec.toJson(Fixtures.pinnedIoRun()), StandardCharsets.UTF_8);
        List<String> bases = List.of(
                ResultCodec.toJson(Fixtures.pinnedIoRun()),
                ResultCodec.toJson(Fixtures.ioRun()),
                ResultCodec.toJson(Fixtures.jvmRun()));
        for (int i = 0; i < MUTATIONS; i++) {
            String base = bases.get(i % bases.size());
            Mutation m = mutate(base, random);
            Path file = tmp.resolve("m" + i + ".json");
            Files.write(file, m.bytes());
            CliRun r = i % 2 == 0
                    ? CliRun.of("report", file.toString())
                    : CliRun.of("compare", good.toString(), file.toString());
            String what = "mutation " + i + " (" + m.what() + ", seed " + SEED + "): " + r;
            assertTrue(r.code() == 0 || r.code() == 2, what);
            assertFalse(r.err().contains("internal error") || r.err().contains("Exception"), what);
            if (r.code() == 2) {
                String line = r.err().strip();
                assertFalse(line.contains("\n"), what);
                assertTrue(line.contains(file.toString()), "the message names the file: " + what);
            }
        }
    }

    /** The mutated file and what was done to it. */
    record Mutation(byte[] bytes, String what) {}

    private static Mutation mutate(String json, Random random) throws Exception {
        int kind = random.nextInt(10);
        if (kind == 0) {
            int cut = random.nextInt(json.length());
            return new Mutation(json.substring(0, cut).getBytes(StandardCharsets.UTF_8), "truncated at " + cut);
        }
        if (kind == 1) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            int at = random.nextInt(bytes.length);
            bytes[at] = (byte) (0x80 | random.nextInt(0x40)); // a continuation byte with no lead: not UTF-8
            return new Mutation(bytes, "invalid UTF-8 at byte " + at);
        }
        JsonNode tree = ResultCodec.mapper().readTree(json);
        JsonEdits.Site site = JsonEdits.pick(tree, random);
        JsonNode replacement = switch (kind) {
            case 2, 3, 4 -> JsonNodeFactory.instance.nullNode();
            case 5 -> JsonNodeFactory.instance.textNode("x");
            case 6 -> JsonNodeFactory.instance.numberNode(-1);
            case 7 -> JsonNodeFactory.instance.arrayNode().add(JsonNodeFactory.instance.nullNode());
            case 8 -> JsonNodeFactory.instance.objectNode();
            default -> null; // removed
        };
        String what = site.set(replacement);
        return new Mutation(ResultCodec.mapper().writeValueAsBytes(tree), what);
    }

    /** The one the issue found: a summary's unit set to null. */
    @Test
    void nullUnitOfASummaryIsOneLineNamingTheField() throws Exception {
        RunResult run = Fixtures.pinnedIoRun();
        ObjectNode tree = (ObjectNode) ResultCodec.mapper().readTree(ResultCodec.toJson(run));
        ((ObjectNode) tree.get("cells").get(0).get("summary").get("max")).putNull("unit");
        Path file = tmp.resolve("null-unit.json");
        Files.writeString(file, ResultCodec.mapper().writeValueAsString(tree));
        for (CliRun r :
                List.of(CliRun.of("report", file.toString()), CliRun.of("compare", file.toString(), file.toString()))) {
            r.assertUsageError(file.toString());
            assertTrue(r.err().contains("cells[0].summary.max.unit"), r::toString);
        }
    }
}
