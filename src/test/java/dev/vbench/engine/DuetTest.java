package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Duet}: the CPUs split in two halves, and what cannot be a duet refused with its reason. */
class DuetTest {

    @Test
    void theKernelsCpuListIsReadAndSplitInTwoHalves() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), Duet.parse("0-3,8,10-11"));
        assertEquals(List.of(5), Duet.parse("5"));
        Duet duet = new Duet(List.of("0,1", "2,3"));
        assertEquals(List.of("taskset", "-c", "0,1"), duet.prefix(0));
        assertEquals(List.of("taskset", "-c", "2,3"), duet.prefix(1));
    }

    @Test
    void theMachineMustSplitEvenlyAndHaveTaskset() {
        Duet.Refused odd = assertThrows(Duet.Refused.class, () -> Duet.of(List.of(), 2, List.of(0, 1, 2), p -> true));
        assertEquals(
                "--duet splits the CPUs in two halves, and this process may use 3 CPUs; run it where an even number"
                        + " of CPUs is free, or drop --duet",
                odd.getMessage());
        assertTrue(odd.environment());
        Duet.Refused one = assertThrows(Duet.Refused.class, () -> Duet.of(List.of(), 2, List.of(4), p -> true));
        assertTrue(one.getMessage().contains("may use 1 CPU;"), one::getMessage);
        Duet.Refused noTaskset =
                assertThrows(Duet.Refused.class, () -> Duet.of(List.of(), 2, List.of(0, 1), p -> false));
        assertEquals(
                "--duet pins forks with taskset, which is not on the PATH; install util-linux, or drop --duet",
                noTaskset.getMessage());
        assertTrue(noTaskset.environment());
    }

    @Test
    void allowedCpusAreTheOnesThisProcessMayUse() {
        List<Integer> cpus = Duet.allowedCpus();
        assertTrue(cpus.size() >= Runtime.getRuntime().availableProcessors(), cpus::toString);
    }
}
