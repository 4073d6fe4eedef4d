/**
 * JMH side of the agreement figure: JMH measures vbench's own {@code cpu} task, so that
 * {@code bench/agreement.sh} can set its AverageTime beside vbench's mean time per task.
 */
package dev.vbench.jmh;
