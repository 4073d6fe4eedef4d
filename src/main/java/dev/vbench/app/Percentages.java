package dev.vbench.app;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses percentages such as {@code 5%}, {@code 0.5%} or {@code 5} (percent implied) into fractions. */
public final class Percentages {

    private static final Pattern PERCENT = Pattern.compile("\\s*([-+]?\\d+(?:\\.\\d+)?)\\s*%?\\s*");

    private Percentages() {}

    /**
     * @param option the option for messages, e.g. {@code --noise}
     * @param example a good value for messages, e.g. {@code 1%}
     * @return the fraction (5% → 0.05)
     * @throws UsageException naming the option, the bad value and an example
     */
    public static double parse(String option, String text, String example) {
        Matcher m = PERCENT.matcher(text);
        if (!m.matches()) {
            throw new UsageException(
                    option + " '" + text + "' is not a percentage; write e.g. " + option + " " + example);
        }
        double percent = Double.parseDouble(m.group(1));
        if (percent < 0) {
            throw new UsageException(
                    option + " " + text.strip() + " must be 0% or more; write e.g. " + option + " " + example);
        }
        if (percent >= 1000) {
            throw new UsageException(
                    option + " " + text.strip() + " is too large; write e.g. " + option + " " + example);
        }
        return percent / 100;
    }

    /** {@code 0.05} → {@code 5%}, {@code 0.005} → {@code 0.5%}. */
    public static String format(double fraction) {
        String s = String.format(Locale.ROOT, "%.4f", fraction * 100)
                .replaceAll("0+$", "")
                .replaceAll("\\.$", "");
        return s + "%";
    }
}
