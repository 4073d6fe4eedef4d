package dev.vbench.result;

/**
 * How many tasks were in service at once during a trial (started and not yet ended), computed after
 * the trial from every task's start and end timestamps: a sweep over the start and end events, so
 * nothing is counted on the task path. Against the requested concurrency it shows what the executor
 * let run: {@code fixed:threads=4} under {@code --concurrency 100} has a ceiling of 4, {@code virtual} 100.
 * Absent when the trial sampled its latencies (short tasks: only one in N has a start time).
 *
 * @param ceiling most tasks in service at one instant
 * @param mean mean tasks in service over the trial's makespan (service time summed ÷ makespan)
 */
public record InFlight(long ceiling, double mean) {}
