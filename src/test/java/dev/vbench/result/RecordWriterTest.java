package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.SerializationFeature;
import dev.vbench.engine.Calibration;
import dev.vbench.engine.ForkPlan;
import dev.vbench.profile.ProfileEvent;
import dev.vbench.profile.ProfileRequest;
import dev.vbench.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The streaming writer ({@link RecordWriter}) writes what Jackson's databind writes for the same value with
 * the codec's settings, byte for byte: every result fixture and golden result as read, a result holding every
 * record of the package, a fork plan with every component set (enums, a map given out of order, the
 * calibration's rounds) on one line, and a calibration fork's rounds; and the plan reads back equal.
 */
class RecordWriterTest {

    /** The old writing: databind's serialization of the record graph. */
    private static String databind(Object value, boolean indented) throws IOException {
        return indented
                ? ResultCodec.mapper().writeValueAsString(value)
                : ResultCodec.mapper()
                        .writer()
                        .without(SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(value);
    }

    @Test
    void everyResultFixtureIsWrittenAsDatabindWroteIt() throws IOException {
        for (Path f : RecordReaderTest.resultFixtures()) {
            RunResult r = ResultCodec.read(f);
            assertEquals(databind(r, true) + "\n", ResultCodec.toJson(r), f::toString);
            assertEquals(databind(r, false), ResultCodec.write(r, false), f::toString);
        }
    }

    @Test
    void everyRecordOfThePackageIsWrittenAsDatabindWroteIt() throws IOException {
        for (RunResult run :
                List.of(Fixtures.ioRun(), Fixtures.jvmRun(), Fixtures.pinnedIoRun(), RecordReaderTest.everything())) {
            assertEquals(databind(run, true) + "\n", ResultCodec.toJson(run));
        }
    }

    @Test
    void aForkPlanIsOneLineAsDatabindWroteItAndReadsBackEqual() throws IOException {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("url", "jdbc:h2:mem:x;PASSWORD=s3cr\"t,\\with ünicode");
        params.put("duration", "3ms");
        params.put("a", "");
        ForkPlan plan = new ForkPlan(
                        new ForkPlan.Cell(
                                "exp/c3", "io", params, "fixed:threads=3", 0, 4, 50_000_000L, 400.5, 1_000_000L, 2),
                        2,
                        5,
                        -7,
                        "/data root",
                        true,
                        2_000_000L,
                        List.of("/a.jar", "/b c"),
                        30_000_000_000L,
                        new ProfileRequest(
                                List.of(ProfileEvent.CPU, ProfileEvent.TASKS), ProfileRequest.Profiler.JFR, 0),
                        null)
                .calibrating(new ForkPlan.Rounds(1, 3));
        String line = plan.toLine();
        assertEquals(databind(plan, false), line);
        assertTrue(!line.contains("\n"), line);
        assertEquals(plan, ForkPlan.fromLine(line));
        assertEquals(plan, ResultCodec.mapper().readValue(line, ForkPlan.class), "databind reads it alike");

        ForkPlan plain = new ForkPlan(
                new ForkPlan.Cell("c1", "noop", Map.of(), "virtual", 100, 0, 0, 0, 0, 0),
                0,
                1,
                42,
                "/d",
                false,
                0,
                null,
                0,
                null,
                null);
        assertEquals(databind(plain, false), plain.toLine());
        assertEquals(plain, ForkPlan.fromLine(plain.toLine()));
    }

    @Test
    void aCalibrationForksRoundsAreWrittenAsDatabindWroteThem() throws IOException {
        Calibration.Rounds rounds = new Calibration.Rounds(
                List.of(new Calibration.Round(12.5, 40.25, Double.NaN, 1), new Calibration.Round(0, 1e-9, 3e12, 64)));
        String json = ResultCodec.write(rounds, true);
        assertEquals(databind(rounds, true), json);
        assertEquals(rounds, ResultCodec.readRecord(json, Calibration.Rounds.class, "r.json"));
    }

    @Test
    void aLineThatIsNoPlanIsOneLineNamingThePlan() {
        ResultFormatException notJson = assertThrows(ResultFormatException.class, () -> ForkPlan.fromLine("fork-cell"));
        assertTrue(notJson.getMessage().startsWith("the fork plan is not valid JSON"), notJson.getMessage());
        String line = new ForkPlan(
                        new ForkPlan.Cell("c1", "noop", Map.of(), "virtual", 1, 0, 0, 0, 0, 0),
                        0,
                        1,
                        1,
                        "/d",
                        false,
                        0,
                        null,
                        0,
                        null,
                        null)
                .toLine();
        ResultFormatException badEnum = assertThrows(
                ResultFormatException.class, () -> ForkPlan.fromLine(line.replace("\"AUTO\"", "\"NOSUCH\"")));
        assertTrue(badEnum.getMessage().contains("profile.profiler is 'NOSUCH'"), badEnum.getMessage());
    }
}
