/**
 * Where a run is planned: {@link dev.vbench.plan.Planner} turns what the user asked — the
 * {@code -w/-e/-p} options of {@code vbench run} ({@link dev.vbench.plan.MatrixRequest}) or a suite
 * file ({@link dev.vbench.plan.SuitePlanner}), with {@link dev.vbench.plan.TrialOptions} — into a
 * validated {@link dev.vbench.plan.Plan} of {@link dev.vbench.engine.CellPlan}s that the engine
 * runs. Every check of a run's options happens here, once; the CLI only parses typed values and
 * prints what the planner refuses ({@link dev.vbench.plan.PlanException}, exit 2).
 *
 * <p>Nothing here touches a clock or a thread, and nothing imports {@code cli}:
 * {@code cli → plan → engine, suite, workload, executor}.
 *
 * <h2>Extending the plan</h2>
 * A fact about a run is added in three places: a field of the request ({@link
 * dev.vbench.plan.MatrixRequest} for a matrix axis, {@link dev.vbench.plan.TrialOptions} for a
 * run-wide setting), its check and expansion in {@link dev.vbench.plan.Planner#cells}, and a
 * component of {@link dev.vbench.engine.CellPlan} (per cell) or {@link dev.vbench.engine.RunPlan}
 * (per run). A fork receives it through {@link dev.vbench.engine.ForkPlan}, the JSON file the
 * parent writes, so no option list is kept in step by hand.
 * <ul>
 *   <li><b>A class path</b> (jars and directories with their hashes, for user workloads): one per
 *       run, so a {@code RunPlan} component resolved here from the options; {@code ForkPlan} carries
 *       the entries and hashes, and {@code ForkRunner.javaCommand} puts them on the child's
 *       {@code -cp} so forks load the same bytes as the parent checked.
 *   <li><b>A JVM axis</b> (label, java executable, JVM options per cell): a list in
 *       {@code MatrixRequest}, one more loop in {@code Planner.cells} next to the executor loop (JVMs
 *       of one table row stay adjacent), a {@code CellPlan} component; a cell whose JVM is not the
 *       running one always forks, on that java with those options ({@code ForkRunner} reads them
 *       from the cell, not from the parent JVM). <b>Trial order</b> across the cells of a table row
 *       (interleaved rounds by default, grouped, random with the seed) is a {@code RunSettings}
 *       component chosen here and always recorded; the engine walks a row's cells in that order. A row
 *       is the run of consecutive cells that differ only in executor, JVM or build.
 *   <li><b>History fingerprints</b>: a series is keyed by the facts of a cell that define what was
 *       measured — workload, parameters, executor, tasks, concurrency, load shape (window, rate,
 *       timeout) and, with the JVM axis, the JVM label and options. They are exactly
 *       {@link dev.vbench.engine.CellPlan#config()} ({@link dev.vbench.result.CellConfig}), which is
 *       also what result files keep; compute the fingerprint from that record so a plan and a
 *       stored result agree, and add new facts to it rather than beside it.
 *   <li><b>Shards</b> ({@code --shard K/N}): {@link dev.vbench.plan.Shards} slices a whole plan, a
 *       table row ({@code Engine.sameRow}) never split, and {@link dev.vbench.plan.Plan#fingerprint()}
 *       is the one identity of a plan that every shard records and {@code vbench merge} checks; a new
 *       fact that changes what is measured belongs in it.
 * </ul>
 */
package dev.vbench.plan;
