package dev.vbench.measure;

import dev.vbench.result.CellConfig;
import dev.vbench.result.MachineState;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The machine's load around a trial ({@link MachineState}): the one-minute system load average from the
 * operating system's MXBean before and after, the processors the JVM may use (affinity and cgroup limits
 * included), and, on Linux, how many of the CPUs this process may run on other processes kept busy during
 * the trial ({@link CpuTimes} less this process's own CPU time). A few reads outside the timed region.
 */
public final class MachineProbe implements TrialProbe {

    /**
     * Trials shorter than this get no measured other-process CPU: the kernel counts CPU time in ticks (10 ms on
     * most systems), too coarse for a shorter window.
     */
    static final long MIN_WINDOW_NANOS = 200_000_000L;

    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    @Override
    public Running start(CellConfig cell) {
        double before = OS.getSystemLoadAverage();
        CpuTimes cpuBefore = CpuTimes.now();
        long ownBefore = JvmCounters.readProcessCpuNanos();
        long start = System.nanoTime();
        return trial -> {
            long window = System.nanoTime() - start;
            long ownAfter = JvmCounters.readProcessCpuNanos();
            CpuTimes cpuAfter = cpuBefore == null ? null : CpuTimes.now();
            Double other = null;
            if (cpuAfter != null && window >= MIN_WINDOW_NANOS && ownBefore >= 0 && ownAfter >= 0) {
                double busy = cpuAfter.busyCpusSince(cpuBefore);
                if (!Double.isNaN(busy)) {
                    other = round(Math.max(0, busy - (ownAfter - ownBefore) / (double) window));
                }
            }
            MachineState state = new MachineState(
                    round(before),
                    round(OS.getSystemLoadAverage()),
                    Runtime.getRuntime().availableProcessors(),
                    other);
            return trial.withTelemetry(trial.telemetry().withMachine(state));
        };
    }

    /** Two decimals, as the kernel reports a load; negative (not reported) as -1. */
    private static double round(double load) {
        return load < 0 ? -1 : Math.round(load * 100) / 100.0;
    }
}
