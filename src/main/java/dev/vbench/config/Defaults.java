package dev.vbench.config;

import java.time.Duration;

/**
 * Every default vbench falls back to when the user gives no value, in one place: the planner, the use cases,
 * the options' {@code defaultValue}s, their help text and so the man pages and completions read them here.
 * A default an option's text shows is a compile-time constant (picocli's annotations need one), with the
 * typed value beside it where the code wants a {@link Duration} or a fraction.
 *
 * <pre>{@code
 * int trials = options.trials() != null ? options.trials() : Defaults.TRIALS;     // 6
 * @Option(names = "--seed", defaultValue = "" + Defaults.SEED) long seed;        // "42"
 * }</pre>
 *
 * @see Limits for the ranges a value must lie in
 */
public final class Defaults {

    private Defaults() {}

    // vbench run

    /** Tasks per trial when neither the user nor the workload chooses. */
    public static final long TASKS = 10_000;
    /** Warmup trials per cell when neither the user nor a suite chooses. */
    public static final int WARMUP = 1;
    /** Measured trials per cell: the fewest for which a distribution-free 95% interval of the median exists. */
    public static final int TRIALS = 6;
    /** {@code --trials auto}: the most measured trials per cell. */
    public static final int AUTO_MAX_TRIALS = 30;
    /** {@code --trials auto}: the target half-width of each compared median's 95% interval, in percent. */
    public static final int AUTO_PRECISION_PERCENT = 3;
    /** {@link #AUTO_PRECISION_PERCENT} as a fraction (0.03). */
    public static final double AUTO_PRECISION = AUTO_PRECISION_PERCENT / 100.0;
    /** Seed of generated inputs and of the order of interleaved trials. */
    public static final long SEED = 42;
    /** Calls of the operation per task ({@code --batch}). */
    public static final int BATCH = 1;
    /** {@code --task-timeout} in seconds: a task that has not ended in a minute, while nothing else moved, is not a benchmark. */
    public static final int TASK_TIMEOUT_SECONDS = 60;
    /** {@link #TASK_TIMEOUT_SECONDS} as a duration. */
    public static final Duration TASK_TIMEOUT = Duration.ofSeconds(TASK_TIMEOUT_SECONDS);
    /** {@code --profile-interval} in milliseconds: the sampling period of a profile. */
    public static final int PROFILE_INTERVAL_MILLIS = 10;
    /** {@link #PROFILE_INTERVAL_MILLIS} in nanoseconds. */
    public static final long PROFILE_INTERVAL_NANOS = PROFILE_INTERVAL_MILLIS * 1_000_000L;

    // verdicts: compare, a run's tables, history check

    /** Significance level α of every A/B decision in vbench (no option changes it). */
    public static final double ALPHA = 0.05;
    /** The noise band in percent (Criterion.rs's {@code noise_threshold}): a smaller change is never a verdict. */
    public static final int NOISE_PERCENT = 1;
    /** {@link #NOISE_PERCENT} as a fraction (0.01). */
    public static final double NOISE = NOISE_PERCENT / 100.0;

    // history: change points (Otava's defaults), serve

    /** Runs per e-divisive window (Otava's default). */
    public static final int CHANGE_WINDOW = 50;
    /** Largest t-test p of a change point (Otava's default). */
    public static final double CHANGE_MAX_P = 0.001;
    /** Runs a new level must last before it is a change point. */
    public static final int CHANGE_MIN_POINTS_AFTER = 2;
    /** {@code history serve --port}. */
    public static final int SERVE_PORT = 8080;
    /** {@code history serve --bind}: this machine only. */
    public static final String SERVE_BIND = "127.0.0.1";

    // vbench noise, vbench calibrate

    /** {@code noise --repeat}: A/A runs. */
    public static final int NOISE_REPEATS = 10;
    /** {@code calibrate --tasks}. */
    public static final long CALIBRATE_TASKS = 1_000_000;
    /** {@code calibrate --rounds} per executor. */
    public static final int CALIBRATE_ROUNDS = 7;
    /** {@code calibrate --warmup} rounds. */
    public static final int CALIBRATE_WARMUP = 3;
}
