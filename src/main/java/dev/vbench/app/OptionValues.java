package dev.vbench.app;

import dev.vbench.plan.Planner;
import dev.vbench.spi.Quantities;
import java.time.Duration;

/**
 * The typed values of the requests read from text: the one grammar ({@link Quantities}: {@code 30s},
 * {@code 10k}, {@code 5k/s}) and, for the run options whose range the planner decides, the planner's own
 * range rule, so that a converter can refuse a value while the text is at hand. Each throws
 * {@link IllegalArgumentException} with a message that names the fix.
 *
 * <pre>{@code
 * Duration window = OptionValues.window("1.5min");   // 90 s
 * long tasks = OptionValues.tasks("10k");            // 10000
 * }</pre>
 */
public final class OptionValues {

    private OptionValues() {}

    /** {@code 200ms}, {@code 30s}, {@code 2min}. */
    public static Duration duration(String text) {
        return Quantities.duration(text);
    }

    /** {@code 10000}, {@code 10k}, {@code 1M}. */
    public static long count(String text) {
        return Quantities.count(text);
    }

    /** {@code run --rate}: {@code 5000/s}, {@code 5k/s}, {@code 300/min}, in the planner's range. */
    public static double rate(String text) {
        return Planner.rateInRange("--rate", Quantities.rate(text));
    }

    /** {@code run --tasks}: a count in the planner's range. */
    public static long tasks(String text) {
        return Planner.tasksInRange("--tasks", Quantities.count(text));
    }

    /** {@code run --batch}: a count in the planner's range. */
    public static long batch(String text) {
        return Planner.batchInRange("--batch", Quantities.count(text));
    }

    /** {@code run --fanout}: subtasks per task in the planner's range. */
    public static long fanout(String text) {
        return Planner.fanoutInRange("--fanout", Quantities.count(text));
    }

    /** {@code run --concurrency}: a count in the planner's range. */
    public static long concurrency(String text) {
        return Planner.concurrencyInRange("--concurrency", Quantities.count(text));
    }

    /** {@code calibrate --concurrency}: a count in the planner's range, or unlimited. */
    public static long concurrencyOrUnlimited(String text) {
        return Planner.concurrencyOrUnlimitedInRange("--concurrency", Quantities.count(text));
    }

    /** {@code run --duration}: a trial's window in the planner's range. */
    public static Duration window(String text) {
        return Planner.windowInRange("--duration", Quantities.duration(text));
    }

    /** {@code run --timeout}: a task's start deadline in the planner's range. */
    public static Duration timeout(String text) {
        return Planner.timeoutInRange("--timeout", Quantities.duration(text));
    }
}
