package dev.vbench.result;

/**
 * As many trials as needed ({@code --trials auto}): after the planned trials, the cells of a table row run
 * more rounds, one trial each, until every cell's 95% interval of its median is within {@code precision}
 * of the median, or the row reaches {@code maxTrials} (dynamic stopping as in Laaber et al., FSE 2020).
 *
 * @param precision the target relative half-width of each compared median's 95% interval (0.03 = ±3%)
 * @param maxTrials the ceiling of measured trials per cell
 */
public record AutoTrials(double precision, int maxTrials) {}
