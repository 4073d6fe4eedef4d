/**
 * The result model: immutable records that are the one thing every other part agrees on. The
 * engine produces a {@link dev.vbench.result.RunResult}; {@link dev.vbench.result.ResultCodec} writes
 * and reads it as JSON ({@code "schema": "vbench-result/1"}); stats and report read it.
 *
 * <p>Units are in the names: {@code *Nanos}, {@code *Millis}, {@code *PerSecond}.
 */
package dev.vbench.result;
