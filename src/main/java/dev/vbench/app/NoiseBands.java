package dev.vbench.app;

import dev.vbench.config.Defaults;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.measure.EnvironmentProbe;
import dev.vbench.text.Numbers;

/**
 * The noise band of a comparison ({@code --noise}, {@code --noise-band}): a fixed percentage, or {@code auto},
 * the floor {@code vbench noise --history} measured on this testbed — its newest measurement's largest row floor
 * (docs/statistics.md rule 14) — stated in one line wherever it is used.
 *
 * <pre>{@code
 * NoiseBands.Band band = NoiseBands.resolve("--noise", "auto", null, null, "ci-runner-3");
 * double noise = band.fraction();   // 0.023
 * String said = band.note();        // "noise band ±2.3%: the floor vbench noise measured on testbed …"
 * }</pre>
 */
public final class NoiseBands {

    private NoiseBands() {}

    /**
     * A noise band and where it came from.
     *
     * @param fraction the band as a fraction (0.01 = 1%)
     * @param note one line saying it was measured, and when and how; null for a band given as a percentage
     */
    public record Band(double fraction, String note) {}

    /** This machine's host name, the testbed a measurement is stored under when no {@code --testbed} names one. */
    public static String hostName() {
        return EnvironmentProbe.hostName();
    }

    /**
     * @param option the option's name, for messages
     * @param text its value: a percentage ({@code 1%}) or {@code auto}
     * @param historyUrl {@code --history} (null: {@code $VBENCH_HISTORY} or the default store)
     * @param testbed {@code --testbed}, or null for {@code host}
     * @param host this machine's host name
     * @throws UsageException for a value that is neither, or {@code auto} when the testbed has no measurement
     */
    public static Band resolve(String option, String text, String historyUrl, String testbed, String host) {
        if (text == null || !text.strip().equalsIgnoreCase("auto")) {
            return new Band(text == null ? Defaults.NOISE : Percentages.parse(option, text, "1%"), null);
        }
        String name = testbed == null || testbed.isBlank() ? host : testbed;
        HistoryUrl where = HistoryAccess.get(() -> HistoryAccess.resolve(historyUrl));
        HistoryStore.NoiseFloor floor = HistoryAccess.get(() -> {
            try (HistoryStore store = HistoryStore.open(where, false)) {
                return store.noiseFloor(name);
            }
        });
        if (floor == null) {
            throw new UsageException(option + " auto: no noise measurement of testbed " + name + " in " + where.shown()
                    + "; measure it first with vbench noise -w … --history"
                    + (historyUrl == null ? "" : " " + where.shown())
                    + (testbed == null ? "" : " --testbed " + testbed) + ", or give a percentage");
        }
        return new Band(
                floor.floor(),
                "noise band " + Numbers.plusMinusPercent(floor.floor()) + " (" + option + " auto): the"
                        + " largest floor vbench noise measured on testbed " + name + " on "
                        + floor.measured().toString().substring(0, 10)
                        + " (" + floor.rows() + " row" + (floor.rows() == 1 ? "" : "s") + ")");
    }
}
