package dev.vbench.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;

/**
 * Busy and total CPU time of the CPUs this process may run on, from Linux's {@code /proc/stat} (its per-CPU
 * lines, in clock ticks) and {@code /proc/self/status}'s {@code Cpus_allowed_list}: two readings around a
 * trial give the fraction of those CPUs that was busy, whoever kept it busy. Busy is everything but idle and
 * I/O wait; steal (time a hypervisor gave to another guest) counts as busy, because the trial did not get it.
 *
 * @param busyTicks busy clock ticks summed over the allowed CPUs
 * @param totalTicks all clock ticks summed over the allowed CPUs
 * @param cpus how many of the allowed CPUs were found
 */
record CpuTimes(long busyTicks, long totalTicks, int cpus) {

    private static final Path STAT = Path.of("/proc/stat");
    private static final BitSet ALLOWED = allowed(readOrNull(Path.of("/proc/self/status")));

    /** The CPU times now, or null where the system has no {@code /proc/stat} (not Linux) or it cannot be read. */
    static CpuTimes now() {
        String stat = readOrNull(STAT);
        return stat == null ? null : parse(stat, ALLOWED);
    }

    /**
     * How many CPUs were busy on average between {@code earlier} and this reading: the busy fraction of the
     * ticks that passed, times the CPUs; NaN when no tick passed.
     */
    double busyCpusSince(CpuTimes earlier) {
        long total = totalTicks - earlier.totalTicks;
        if (total <= 0) {
            return Double.NaN;
        }
        return (busyTicks - earlier.busyTicks) / (double) total * cpus;
    }

    /** The sums over the {@code cpuN} lines of {@code stat} whose N is in {@code allowed} (every CPU when null). */
    static CpuTimes parse(String stat, BitSet allowed) {
        long busy = 0;
        long total = 0;
        int cpus = 0;
        for (String line : stat.split("\n")) {
            if (!line.startsWith("cpu") || line.length() < 4 || !Character.isDigit(line.charAt(3))) {
                continue;
            }
            String[] f = line.trim().split("\\s+");
            int cpu = Integer.parseInt(f[0].substring(3));
            if (allowed != null && !allowed.get(cpu)) {
                continue;
            }
            long lineTotal = 0;
            // user nice system idle iowait irq softirq steal (guest time is already in user and nice)
            for (int i = 1; i < Math.min(f.length, 9); i++) {
                lineTotal += Long.parseLong(f[i]);
            }
            long idle = Long.parseLong(f[4]) + (f.length > 5 ? Long.parseLong(f[5]) : 0);
            busy += lineTotal - idle;
            total += lineTotal;
            cpus++;
        }
        return cpus == 0 ? null : new CpuTimes(busy, total, cpus);
    }

    /** The CPUs of a {@code Cpus_allowed_list} line ("0-3,8,10-11"); null (every CPU) when there is none. */
    static BitSet allowed(String status) {
        if (status == null) {
            return null;
        }
        for (String line : status.split("\n")) {
            if (line.startsWith("Cpus_allowed_list:")) {
                BitSet set = new BitSet();
                for (String range :
                        List.of(line.substring(line.indexOf(':') + 1).trim().split(","))) {
                    if (range.isBlank()) {
                        continue;
                    }
                    String[] ends = range.trim().split("-");
                    int from = Integer.parseInt(ends[0]);
                    int to = ends.length > 1 ? Integer.parseInt(ends[1]) : from;
                    set.set(from, to + 1);
                }
                return set.isEmpty() ? null : set;
            }
        }
        return null;
    }

    private static String readOrNull(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException | RuntimeException e) {
            return null; // not Linux, or /proc not mounted: the load average alone is recorded
        }
    }
}
