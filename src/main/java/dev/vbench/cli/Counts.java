package dev.vbench.cli;

import dev.vbench.spi.Quantities;
import java.util.ArrayList;
import java.util.List;

/** Parses count lists such as {@code 10000}, {@code 10k,100k}, {@code 1M}, {@code 1_000_000}. */
final class Counts {

    private Counts() {}

    /**
     * @param option the option name for messages, e.g. {@code --tasks}
     * @param min smallest allowed value
     * @param max largest allowed value
     * @throws UsageException naming the option, the bad value and the allowed form
     */
    static List<Long> parseList(String option, String text, long min, long max) {
        List<Long> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            out.add(parse(option, part, min, max));
        }
        return out;
    }

    static long parse(String option, String raw, long min, long max) {
        long value;
        try {
            value = Quantities.count(raw);
        } catch (IllegalArgumentException e) {
            throw new UsageException(option + " '" + raw + "' " + e.getMessage());
        }
        if (value < min || value > max) {
            throw new UsageException(option + " " + raw + " is out of range; use " + min + " to " + max);
        }
        return value;
    }
}
