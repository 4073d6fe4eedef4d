package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How busy the machine was around one trial (docs/statistics.md rule 15), recorded outside the timed
 * region: the system load average (runnable and running threads of every process, averaged over one
 * minute by the kernel; vbench's own threads included) before and after the trial, the CPUs vbench
 * may use (its JVM's count: CPU affinity and cgroup CPU limits included), and where the system tells
 * (Linux), how many of those CPUs other processes kept busy during the trial itself.
 *
 * @param loadBefore one-minute load average just before the trial; -1 when the OS does not report one
 * @param loadAfter one-minute load average just after the trial; -1 when the OS does not report one
 * @param cpus processors available to vbench's JVM during the trial
 * @param otherCpus CPUs, of those this process may run on, that other processes kept busy on average during the
 *     trial (their busy time less this process's CPU time, per wall time); null where not measured: not Linux,
 *     a trial too short for the kernel's CPU accounting, or a file written before it was recorded
 */
public record MachineState(
        double loadBefore,
        double loadAfter,
        int cpus,
        @JsonInclude(JsonInclude.Include.NON_NULL) Double otherCpus) {

    /** The load averages and CPUs only (no measured other-process CPU). */
    public MachineState(double loadBefore, double loadAfter, int cpus) {
        this(loadBefore, loadAfter, cpus, null);
    }

    /**
     * The load of everything but the trial itself: measured where it was ({@link #otherCpus}); else the higher
     * of the two load averages less the CPUs the trial kept busy on average ({@code processCpuNanos /
     * makespanNanos}), at least 0; NaN when neither is known. The load average alone lags by a minute: a build
     * that ended just before the run still counts in it; the measured figure covers the trial only.
     *
     * @param ownBusyCpus the CPUs vbench's process kept busy during the trial
     */
    public double otherLoad(double ownBusyCpus) {
        if (otherCpus != null) {
            return otherCpus;
        }
        double load = Math.max(loadBefore, loadAfter);
        if (load < 0) {
            return Double.NaN;
        }
        return Math.max(0, load - Math.max(0, ownBusyCpus));
    }
}
