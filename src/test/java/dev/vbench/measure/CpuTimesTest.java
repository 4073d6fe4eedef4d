package dev.vbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The CPU times of the CPUs this process may use, as /proc/stat and /proc/self/status give them. */
class CpuTimesTest {

    private static final String STAT_1 = """
            cpu  300 0 100 1000 20 0 0 0 0 0
            cpu0 100 0 50 400 10 0 0 0 0 0
            cpu1 100 0 0 500 10 0 0 0 0 0
            cpu2 100 0 50 100 0 0 0 0 0 0
            intr 12345 0 0
            ctxt 999
            """;

    private static final String STAT_2 = """
            cpu  500 0 100 1200 20 0 0 0 0 0
            cpu0 200 0 50 400 10 0 0 0 0 0
            cpu1 100 0 0 600 10 0 0 0 0 0
            cpu2 200 0 50 100 0 0 0 0 0 0
            """;

    @Test
    void busyCpusOfTheAllowedOnesOnly() {
        BitSet zeroAndOne = CpuTimes.allowed("Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n");
        CpuTimes before = CpuTimes.parse(STAT_1, zeroAndOne);
        CpuTimes after = CpuTimes.parse(STAT_2, zeroAndOne);
        assertEquals(2, after.cpus());
        assertEquals(1.0, after.busyCpusSince(before), 1e-9, "cpu0 busy 100 of 100 ticks, cpu1 idle 100 of 100");
        CpuTimes all = CpuTimes.parse(STAT_2, null);
        assertEquals(3, all.cpus(), "the aggregate 'cpu' line is not a CPU");
        assertEquals(2.0, all.busyCpusSince(CpuTimes.parse(STAT_1, null)), 1e-9, "cpu2 was busy too");
        assertTrue(Double.isNaN(after.busyCpusSince(after)), "no tick passed");
    }

    @Test
    void allowedListsWithRangesAndSingles() {
        BitSet set = CpuTimes.allowed("Cpus_allowed_list:\t0-3,8,10-11\n");
        assertEquals("{0, 1, 2, 3, 8, 10, 11}", set.toString());
        assertNull(CpuTimes.allowed("Name:\tjava\n"), "no line: every CPU");
        assertNull(CpuTimes.allowed(null));
        assertNull(CpuTimes.parse("intr 1 2 3\n", null), "no per-CPU lines");
    }

    /** This machine (Linux in CI) gives a reading with at least one CPU. */
    @Test
    void aReadingOnLinux() {
        if (!System.getProperty("os.name").startsWith("Linux")) {
            return;
        }
        CpuTimes now = CpuTimes.now();
        assertTrue(now != null && now.cpus() >= 1 && now.totalTicks() > now.busyTicks(), String.valueOf(now));
    }
}
