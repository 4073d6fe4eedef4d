package dev.vbench.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The times a Why line states keep their digits: a queue wait of microseconds no longer reads 0.008 ms. */
class DiagnosisTimesTest {

    @Test
    void subMillisecondTimesInMicrosOrNanos() {
        assertEquals("8.45 us", Diagnosis.millis(8_450));
        assertEquals("341.0 ns", Diagnosis.millis(341));
        assertEquals("4.724 ms", Diagnosis.millis(4_724_000));
        assertEquals("236.5 ms", Diagnosis.millis(236_500_000));
        assertEquals("0.000 ms", Diagnosis.millis(0), "no wait at all reads as before");
    }
}
