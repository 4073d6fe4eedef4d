package dev.vbench.app;

import dev.vbench.result.RunResult;

/**
 * What {@link RunUseCase#run} ended with.
 *
 * @param result every finished cell (and the one interrupted, if any), as the {@code -o} files hold it;
 *     null for {@code --dry-run}
 * @param exitCode the process exit code it calls for ({@link ExitCodes}): interrupted, a user exit, a stuck
 *     cell, failed tasks beyond {@code --max-failures}, a history store that could not take the run, else 0
 */
public record RunOutcome(RunResult result, int exitCode) {}
