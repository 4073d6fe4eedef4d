package dev.vbench.result;

/**
 * How busy the machine was around one trial (docs/statistics.md rule 15), recorded outside the timed
 * region: the system load average (runnable and running threads of every process, averaged over one
 * minute by the kernel; vbench's own threads included) before and after the trial, and the CPUs vbench
 * may use (its JVM's count: CPU affinity and cgroup CPU limits included).
 *
 * @param loadBefore one-minute load average just before the trial; -1 when the OS does not report one
 * @param loadAfter one-minute load average just after the trial; -1 when the OS does not report one
 * @param cpus processors available to vbench's JVM during the trial
 */
public record MachineState(double loadBefore, double loadAfter, int cpus) {

    /**
     * The load of everything but the trial itself: the higher of the two load averages less the CPUs the
     * trial kept busy on average ({@code processCpuNanos / makespanNanos}), at least 0; NaN when the OS
     * reports no load.
     *
     * @param ownBusyCpus the CPUs vbench's process kept busy during the trial
     */
    public double otherLoad(double ownBusyCpus) {
        double load = Math.max(loadBefore, loadAfter);
        if (load < 0) {
            return Double.NaN;
        }
        return Math.max(0, load - Math.max(0, ownBusyCpus));
    }
}
