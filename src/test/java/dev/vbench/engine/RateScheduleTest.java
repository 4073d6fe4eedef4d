package dev.vbench.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RateScheduleTest {

    @Test
    void intendedStartsAreIOverRate() {
        RateSchedule perMillisecond = new RateSchedule(1000);
        assertEquals(1_000_000.0, perMillisecond.periodNanos());
        assertEquals(0, perMillisecond.offsetNanos(0));
        assertEquals(3_000_000, perMillisecond.offsetNanos(3));
        assertEquals(49_999_999_000_000L, perMillisecond.offsetNanos(49_999_999), "no drift at MAX_TASKS");
        RateSchedule threePerSecond = new RateSchedule(3);
        assertEquals(333_333_333, threePerSecond.offsetNanos(1), "rounded, not truncated per step");
        assertEquals(666_666_667, threePerSecond.offsetNanos(2));
        assertEquals(1_000_000_000, threePerSecond.offsetNanos(3), "whole seconds stay exact");
        RateSchedule fivePerMinute = new RateSchedule(5 / 60.0);
        assertEquals(12_000_000_000L, fivePerMinute.offsetNanos(1));
    }

    @Test
    void achievedRateEqualsTargetOnSchedule() {
        RateSchedule s = new RateSchedule(1000);
        // 100 tasks submitted exactly on time: the last at t0 + 99 ms
        assertEquals(1000.0, s.achievedRate(100, 5_000, 5_000 + s.offsetNanos(99)), 1e-9);
        // the submitter fell 100 ms behind by the end: 100 tasks in 200 ms
        assertEquals(500.0, s.achievedRate(100, 0, 199_000_000), 1e-9);
        // half the tasks dropped at submit, last one on time
        assertEquals(500.0, s.achievedRate(50, 0, s.offsetNanos(99)), 1e-9);
        assertEquals(0.0, s.achievedRate(0, 0, 0));
    }

    @Test
    void rejectsNonPositiveRates() {
        assertThrows(IllegalArgumentException.class, () -> new RateSchedule(0));
        assertThrows(IllegalArgumentException.class, () -> new RateSchedule(-1));
        assertThrows(IllegalArgumentException.class, () -> new RateSchedule(Double.POSITIVE_INFINITY));
    }
}
