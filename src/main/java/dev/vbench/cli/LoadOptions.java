package dev.vbench.cli;

import dev.vbench.engine.LoadShape;
import dev.vbench.engine.TrialRunner;
import dev.vbench.result.CellConfig;
import dev.vbench.spi.Quantities;
import java.util.ArrayList;
import java.util.List;

/**
 * The load-shape options of {@code vbench run} after validation: {@code --duration},
 * {@code --rate} (a list sweeps) and {@code --timeout}. {@link #shape} turns one matrix point into
 * a {@link LoadShape}.
 *
 * @param durationNanos {@code --duration} window, 0 when a task count ends the trial
 * @param rates {@code --rate} targets in tasks/s; empty for the closed model
 * @param timeoutNanos {@code --timeout}, 0 when none
 */
record LoadOptions(long durationNanos, List<Double> rates, long timeoutNanos) {

    static final LoadOptions CLOSED = new LoadOptions(0, List.of(), 0);

    /** Largest --rate: beyond this the single submitter thread cannot keep the schedule anyway. */
    static final double MAX_RATE = 10_000_000;
    static final long MIN_DURATION = 1_000_000L;
    static final long MAX_DURATION = 24 * 3600 * 1_000_000_000L;

    LoadOptions {
        rates = List.copyOf(rates);
    }

    /**
     * Validates the combination and parses the texts (null = option not given).
     *
     * @throws UsageException naming the option and the fix
     */
    static LoadOptions parse(String duration, String rate, String timeout, String tasks, String concurrency) {
        long window = duration == null ? 0 : parseDuration("--duration", duration);
        List<Double> rates = rate == null ? List.of() : parseRates(rate);
        long timeoutNanos = timeout == null ? 0 : parseDuration("--timeout", timeout);
        if (duration != null && tasks != null) {
            throw new UsageException("--duration and --tasks both set the length of a trial; give one of them"
                    + " (--duration " + duration + " runs for a time, --tasks " + tasks + " runs a count)");
        }
        if (duration != null && rates.isEmpty() && concurrency == null) {
            throw new UsageException("--duration needs closed-loop clients or a rate: add --concurrency C"
                    + " (e.g. --concurrency 64) or --rate R/s (e.g. --rate 1000/s)");
        }
        if (timeout != null && rates.isEmpty()) {
            throw new UsageException("--timeout counts from each task's intended start, which only --rate has;"
                    + " add --rate R/s (e.g. --rate 1000/s) or drop --timeout");
        }
        return new LoadOptions(window, rates, timeoutNanos);
    }

    /** The load shape of one point of the matrix; {@code rate} is null for the closed model. */
    LoadShape shape(long tasks, int concurrency, Double rate) {
        if (rate != null) {
            LoadShape.OpenRate open = durationNanos > 0
                    ? LoadShape.OpenRate.forWindow(rate, durationNanos, concurrency, timeoutNanos)
                    : LoadShape.OpenRate.forTasks(rate, tasks, concurrency, timeoutNanos);
            if (open.tasks() > TrialRunner.MAX_TASKS) {
                throw new UsageException("--rate " + CellConfig.formatRate(rate) + " for --duration gives " + open.tasks()
                        + " tasks, more than one trial can record (" + TrialRunner.MAX_TASKS
                        + "); use a shorter --duration or a lower --rate");
            }
            return open;
        }
        if (durationNanos > 0) {
            return new LoadShape.Timed(durationNanos, concurrency);
        }
        return new LoadShape.Closed(tasks, concurrency);
    }

    /** Whether trials are ended by a time window rather than by --tasks. */
    boolean timed() {
        return durationNanos > 0;
    }

    /** {@code 5000/s}, {@code 5k/s}, {@code 300/min}, {@code 2.5/s}, {@code 1M/h}; a bare number is per second. */
    static List<Double> parseRates(String text) {
        List<Double> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            out.add(parseRate(part));
        }
        return out;
    }

    static double parseRate(String raw) {
        double perSecond;
        try {
            perSecond = Quantities.rate(raw);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--rate '" + raw + "' " + e.getMessage());
        }
        if (perSecond <= 0) {
            throw new UsageException("--rate " + raw + " must be more than 0; write e.g. --rate 1000/s");
        }
        if (perSecond > MAX_RATE) {
            throw new UsageException("--rate " + raw + " is above " + (long) MAX_RATE
                    + "/s, more than one submitter thread can schedule; use a lower rate");
        }
        return perSecond;
    }

    /** {@code 30s}, {@code 500ms}, {@code 2min}, {@code 1h}, {@code 1.5s} ({@link Quantities#duration}). */
    static long parseDuration(String option, String raw) {
        double nanos;
        try {
            nanos = Quantities.duration(raw).toNanos();
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new UsageException(option + " '" + raw + "' " + e.getMessage());
        }
        long min = option.equals("--duration") ? MIN_DURATION : 1_000L;
        if (nanos < min || nanos > MAX_DURATION) {
            throw new UsageException(option + " " + raw + " is out of range; use "
                    + (option.equals("--duration") ? "1ms" : "1us") + " to 24h, e.g. " + option
                    + (option.equals("--duration") ? " 30s" : " 1s"));
        }
        return Math.round(nanos);
    }
}
