package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.config.Defaults;
import dev.vbench.config.Limits;
import dev.vbench.spi.Quantities;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults the options state come from {@link Defaults}, the one place the planner and the use cases
 * read them: each option's picocli default, and the help text of those whose description states it.
 */
class OptionDefaultsTest {

    private static Map<String, OptionSpec> options(String command) {
        Map<String, OptionSpec> out = new HashMap<>();
        for (CommandLine c : HelpTextTest.commands()) {
            if (c.getCommandSpec().qualifiedName(" ").equals(command)) {
                c.getCommandSpec().options().forEach(o -> out.put(o.longestName(), o));
            }
        }
        assertTrue(!out.isEmpty(), "no command " + command);
        return out;
    }

    @Test
    void theOptionsDefaultsAreTheOneHomes() {
        Map<String, OptionSpec> run = options("vbench run");
        assertEquals(String.valueOf(Defaults.SEED), run.get("--seed").defaultValue());
        assertEquals(String.valueOf(Defaults.BATCH), run.get("--batch").defaultValue());
        assertEquals(
                Defaults.TASK_TIMEOUT,
                Quantities.duration(run.get("--task-timeout").defaultValue()));
        assertEquals(
                Defaults.PROFILE_INTERVAL_NANOS,
                Quantities.duration(run.get("--profile-interval").defaultValue())
                        .toNanos());
        assertTrue(String.join(" ", run.get("--trials").description()).contains("Default: " + Defaults.TRIALS + " "));
        assertTrue(String.join(" ", run.get("--warmup").description()).contains("Default: " + Defaults.WARMUP + " "));
        assertTrue(String.join(" ", run.get("--tasks").description()).contains("else " + Defaults.TASKS + "."));
        assertTrue(String.join(" ", run.get("--max-trials").description())
                .contains("Default: " + Defaults.AUTO_MAX_TRIALS));
        assertTrue(String.join(" ", run.get("--precision").description())
                .contains("Default: " + Defaults.AUTO_PRECISION_PERCENT + "%"));

        assertEquals(
                Defaults.NOISE_PERCENT + "%",
                options("vbench compare").get("--noise-band").defaultValue());
        assertEquals(Defaults.NOISE, Defaults.NOISE_PERCENT / 100.0);
        Map<String, OptionSpec> calibrate = options("vbench calibrate");
        assertEquals(
                String.valueOf(Defaults.CALIBRATE_TASKS),
                calibrate.get("--tasks").defaultValue());
        assertEquals(
                String.valueOf(Defaults.CALIBRATE_ROUNDS),
                calibrate.get("--rounds").defaultValue());
        assertEquals(
                String.valueOf(Defaults.CALIBRATE_WARMUP),
                calibrate.get("--warmup").defaultValue());
        Map<String, OptionSpec> analyze = options("vbench history analyze");
        assertEquals(
                String.valueOf(Defaults.CHANGE_WINDOW), analyze.get("--window").defaultValue());
        assertEquals(
                String.valueOf(Defaults.CHANGE_MAX_P), analyze.get("--p-value").defaultValue());
        assertEquals(
                String.valueOf(Defaults.SERVE_PORT),
                options("vbench history serve").get("--port").defaultValue());
    }

    @Test
    void theConvertersRefuseWhatLimitsRefuseQuotingTheText() {
        CommandLine cl = HelpTextTest.commands().get(0);
        String tooMany = String.valueOf(Limits.MAX_TASKS + 1);
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(
                CommandLine.ParameterException.class, () -> cl.parseArgs("run", "-w", "noop", "--tasks", tooMany));
        assertTrue(
                e.getMessage()
                        .contains("'" + tooMany + "' is more than one trial can record (" + Limits.MAX_TASKS + ")"),
                e::getMessage);
    }
}
