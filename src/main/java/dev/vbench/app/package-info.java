/**
 * The use cases between the command line and the domain, each named {@code *UseCase}: each takes a request record
 * and returns an outcome record ({@link dev.vbench.app.RunUseCase} with {@link dev.vbench.app.RunRequest} and
 * {@link dev.vbench.app.RunOutcome}, {@link dev.vbench.app.ReportUseCase}, {@link dev.vbench.app.CompareUseCase},
 * {@link dev.vbench.app.MergeUseCase}, {@link dev.vbench.app.ListUseCase}, {@link dev.vbench.app.CalibrateUseCase},
 * {@link dev.vbench.app.NoiseUseCase}, {@link dev.vbench.app.HistoryAddUseCase},
 * {@link dev.vbench.app.HistoryQueryUseCase}, {@link dev.vbench.app.HistoryCheckUseCase},
 * {@link dev.vbench.app.DashboardUseCase}, {@link dev.vbench.app.ForkUseCase}; what the history's share is
 * {@link dev.vbench.app.HistoryAccess}), so
 * tests drive them in-process and assert values. Also here: what a run's session needs beyond the engine (progress, Ctrl-C and user
 * exits, {@code -o} files rewritten as cells finish), the one place files are written
 * ({@link dev.vbench.app.OutputFiles}), exit codes ({@link dev.vbench.app.ExitCodes}) and what a failure
 * means for them ({@link dev.vbench.app.Failures}). Nothing here knows picocli.
 *
 * <pre>{@code
 * CompareUseCase.Outcome o = CompareUseCase.compare(CompareUseCase.Request.of(List.of(Path.of("a.json"), Path.of("b.json"))));
 * o.comparison().rows();   // matched cells with their changes and verdicts
 * }</pre>
 */
package dev.vbench.app;
