package dev.vbench.config;

import java.time.Duration;

/**
 * The ranges of vbench's options, decided here once for every way in: {@code vbench run}'s converters check
 * each value as it is parsed, so the message quotes what was typed ({@code --tasks '0k' is out of range; use
 * 1 or more}), and the planner checks a suite's values, and a fork's, when it makes their cells. Each check
 * returns its value or throws an {@link IllegalArgumentException} whose message completes
 * {@code "OPTION 'TEXT' …"}; {@code option} is the name the fix is written with.
 *
 * <pre>{@code
 * long tasks = Limits.tasks("--tasks", 10_000);          // 10000
 * Limits.rate("--rate", 0);                               // "must be more than 0; write e.g. --rate 1000/s"
 * }</pre>
 *
 * @see Defaults for the values used when none is given
 */
public final class Limits {

    private Limits() {}

    /** Most tasks per trial: 33 bytes of slots per task must fit in the heap. */
    public static final long MAX_TASKS = 50_000_000L;
    /** Largest {@code --concurrency}: more clients than any executor here can usefully run. */
    public static final long MAX_CONCURRENCY = 10_000_000;
    /** Largest {@code --rate}: beyond this the single submitter thread cannot keep the schedule anyway. */
    public static final double MAX_RATE = 10_000_000;
    /** Longest {@code --duration} and {@code --timeout}, and {@code --task-timeout}. */
    public static final Duration MAX_TIME = Duration.ofHours(24);
    /** Most subtasks per task ({@code --fanout}). */
    public static final long MAX_FANOUT = 10_000;
    /** Most calls of the operation per task ({@code --batch}). */
    public static final long MAX_BATCH = 1_000_000_000L;
    /** Shortest {@code --task-timeout} (other than off). */
    public static final Duration MIN_TASK_TIMEOUT = Duration.ofMillis(100);
    /** Shortest {@code --profile-interval}. */
    public static final Duration MIN_PROFILE_INTERVAL = Duration.ofMillis(1);
    /** Longest {@code --profile-interval}. */
    public static final Duration MAX_PROFILE_INTERVAL = Duration.ofSeconds(1);
    /** Longest {@code --pinning-threshold}. */
    public static final Duration MAX_PINNING_THRESHOLD = Duration.ofHours(1);
    /** Most {@code calibrate --forks}. */
    public static final int CALIBRATE_MAX_FORKS = 100;
    /** Most {@code calibrate --warmup} rounds. */
    public static final int CALIBRATE_MAX_WARMUP = 1000;

    /** Tasks per trial: 1 to {@link #MAX_TASKS}. */
    public static long tasks(String option, long tasks) {
        if (tasks < 1) {
            throw new IllegalArgumentException("is out of range; use 1 or more");
        }
        if (tasks > MAX_TASKS) {
            throw new IllegalArgumentException(
                    "is more than one trial can record (" + MAX_TASKS + "); use fewer tasks and more --trials");
        }
        return tasks;
    }

    /** Tasks in flight: 1 to {@link #MAX_CONCURRENCY}. */
    public static long concurrency(String option, long c) {
        if (c < 1 || c > MAX_CONCURRENCY) {
            throw new IllegalArgumentException("is out of range; use 1 to " + MAX_CONCURRENCY);
        }
        return c;
    }

    /** Tasks in flight where 0 means unlimited ({@code vbench calibrate}): 0, or 1 to {@link #MAX_CONCURRENCY}. */
    public static long concurrencyOrUnlimited(String option, long c) {
        return c == 0 ? 0 : concurrency(option, c);
    }

    /** A trial's time window ({@code --duration}): 1ms to 24h. */
    public static Duration window(String option, Duration d) {
        return time(option, d, Duration.ofMillis(1), "1ms", "30s");
    }

    /** An open-model task's deadline after its intended start ({@code --timeout}): 1us to 24h. */
    public static Duration timeout(String option, Duration d) {
        return time(option, d, Duration.ofNanos(1_000), "1us", "1s");
    }

    /** An open-model rate in tasks per second: more than 0, at most {@link #MAX_RATE}. */
    public static double rate(String option, double rate) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("must be more than 0; write e.g. " + option + " 1000/s");
        }
        if (rate > MAX_RATE) {
            throw new IllegalArgumentException("is above " + (long) MAX_RATE
                    + "/s, more than one submitter thread can schedule; use a lower rate");
        }
        return rate;
    }

    /** Subtasks per task ({@code --fanout}): 1 to {@link #MAX_FANOUT}. */
    public static long fanout(String option, long fanout) {
        if (fanout < 1 || fanout > MAX_FANOUT) {
            throw new IllegalArgumentException(
                    "is out of range; use 1 to " + MAX_FANOUT + " subtasks per task, e.g. " + option + " 10");
        }
        return fanout;
    }

    /** Calls of the operation per task ({@code --batch}): 1 to {@link #MAX_BATCH}. */
    public static long batch(String option, long batch) {
        if (batch < 1 || batch > MAX_BATCH) {
            throw new IllegalArgumentException(
                    "is out of range; use 1 (one call per task) to " + MAX_BATCH + ", e.g. " + option + " 100");
        }
        return batch;
    }

    /** {@code --task-timeout} other than off: {@link #MIN_TASK_TIMEOUT} to 24h. */
    public static Duration taskTimeout(String option, Duration d) {
        if (d.compareTo(MIN_TASK_TIMEOUT) < 0 || d.compareTo(MAX_TIME) > 0) {
            throw new IllegalArgumentException("is out of range; use 100ms to 24h, or off");
        }
        return d;
    }

    /** {@code --profile-interval}: {@link #MIN_PROFILE_INTERVAL} to {@link #MAX_PROFILE_INTERVAL}. */
    public static Duration profileInterval(String option, Duration d) {
        if (d.compareTo(MIN_PROFILE_INTERVAL) < 0 || d.compareTo(MAX_PROFILE_INTERVAL) > 0) {
            throw new IllegalArgumentException(
                    "is out of range; use 1ms to 1s (default " + Defaults.PROFILE_INTERVAL_MILLIS + "ms)");
        }
        return d;
    }

    /** {@code --pinning-threshold}: 0 to {@link #MAX_PINNING_THRESHOLD}. */
    public static Duration pinningThreshold(String option, Duration d) {
        if (d.isNegative() || d.compareTo(MAX_PINNING_THRESHOLD) > 0) {
            throw new IllegalArgumentException("is out of range; use 0ms to 1h");
        }
        return d;
    }

    private static Duration time(String option, Duration d, Duration min, String minText, String example) {
        if (d.compareTo(min) < 0 || d.compareTo(MAX_TIME) > 0) {
            throw new IllegalArgumentException(
                    "is out of range; use " + minText + " to 24h, e.g. " + option + " " + example);
        }
        return d;
    }
}
