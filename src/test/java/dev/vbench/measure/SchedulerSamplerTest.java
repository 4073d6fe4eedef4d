package dev.vbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.jvm.SchedulerGauge;
import dev.vbench.result.SchedulerLoad;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The scheduler sampler: what it records of mounted and queued virtual threads during a trial. */
class SchedulerSamplerTest {

    /** A trial over before the sampler's thread first ran (microseconds, or a loaded machine) still has a sample. */
    @Test
    void aTrialShorterThanTheSamplersStartStillHasASample() {
        SchedulerGauge gauge = SchedulerGauge.get();
        assertNotNull(gauge, "this JDK's scheduler is readable");
        for (int i = 0; i < 50; i++) {
            SchedulerLoad load = SchedulerSampler.start(gauge).stop();
            assertNotNull(load, "stopped at once, round " + i);
            assertTrue(load.samples() >= 1, load::toString);
            assertEquals(gauge.source(), load.source());
        }
    }

    /** A virtual thread spinning on a carrier the whole time is mounted at every sample. */
    @Test
    void aVirtualThreadRunningThroughTheTrialIsMountedAtEverySample() throws Exception {
        SchedulerGauge gauge = SchedulerGauge.get();
        AtomicBoolean done = new AtomicBoolean();
        CountDownLatch running = new CountDownLatch(1);
        Thread spinner = Thread.ofVirtual().start(() -> {
            running.countDown();
            while (!done.get()) {
                Thread.onSpinWait(); // never parks, so never leaves its carrier
            }
        });
        try {
            running.await();
            SchedulerSampler sampler = SchedulerSampler.start(gauge);
            Thread.sleep(60);
            SchedulerLoad load = sampler.stop();
            assertNotNull(load);
            assertTrue(load.mountedMax() >= 1, load::toString);
            assertTrue(load.mountedMean() >= 1.0, load::toString);
            assertTrue(
                    !load.mountedOverTime().isEmpty() && load.mountedOverTime().size() <= 20, load::toString);
            assertTrue(load.mountedOverTime().stream().allMatch(m -> m >= 1.0), load::toString);
        } finally {
            done.set(true);
            spinner.join();
        }
    }
}
