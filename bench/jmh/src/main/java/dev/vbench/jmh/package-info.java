/**
 * JMH side of issue 13's agreement figure: JMH measures vbench's own {@code cpu} task, so that
 * {@code bench/agreement.sh} can set its AverageTime beside vbench's mean time per task.
 */
package dev.vbench.jmh;
