/**
 * The use cases between the command line and the domain: each takes a request record and returns an
 * outcome record ({@link dev.vbench.app.Runs} with {@link dev.vbench.app.RunRequest} and
 * {@link dev.vbench.app.RunOutcome}, {@link dev.vbench.app.Reports}, {@link dev.vbench.app.Compares},
 * {@link dev.vbench.app.Merges}, {@link dev.vbench.app.Lists}, {@link dev.vbench.app.HistoryQueries},
 * {@link dev.vbench.app.HistoryChecks}, {@link dev.vbench.app.Calibrations}, {@link dev.vbench.app.Forks}), so
 * tests drive them in-process and assert values. Also here: what a run's session needs beyond the engine (progress, Ctrl-C and user
 * exits, {@code -o} files rewritten after every cell), the one place files are written
 * ({@link dev.vbench.app.OutputFiles}), exit codes ({@link dev.vbench.app.ExitCodes}) and what a failure
 * means for them ({@link dev.vbench.app.Failures}). Nothing here knows picocli.
 *
 * <pre>{@code
 * Compares.Outcome o = Compares.compare(Compares.Request.of(List.of(Path.of("a.json"), Path.of("b.json"))));
 * o.comparison().rows();   // matched cells with their changes and verdicts
 * }</pre>
 */
package dev.vbench.app;
