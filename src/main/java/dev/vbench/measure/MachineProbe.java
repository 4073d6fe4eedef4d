package dev.vbench.measure;

import dev.vbench.result.CellConfig;
import dev.vbench.result.MachineState;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The machine's load around a trial ({@link MachineState}): the one-minute system load average from the
 * operating system's MXBean before and after, and the processors the JVM may use (affinity and cgroup
 * limits included). Two MXBean reads outside the timed region.
 */
public final class MachineProbe implements TrialProbe {

    private static final OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    @Override
    public Running start(CellConfig cell) {
        double before = OS.getSystemLoadAverage();
        return trial -> {
            MachineState state = new MachineState(round(before), round(OS.getSystemLoadAverage()),
                    Runtime.getRuntime().availableProcessors());
            return trial.withTelemetry(trial.telemetry().withMachine(state));
        };
    }

    /** Two decimals, as the kernel reports it; negative (not reported) as -1. */
    private static double round(double load) {
        return load < 0 ? -1 : Math.round(load * 100) / 100.0;
    }
}
