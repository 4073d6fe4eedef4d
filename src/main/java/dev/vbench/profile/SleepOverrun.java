package dev.vbench.profile;

import dev.vbench.jvm.ScratchDir;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * How much of a virtual thread's sleep was the sleep, and how much waiting to run again. Since JDK 24 a
 * sleeping virtual thread is woken by a task on its scheduler: on a saturated carrier pool the thread stays
 * parked after its sleep has ended, until a carrier runs that task, so a sampler sees it "sleeping" for longer
 * than it asked. JFR's {@code jdk.ThreadSleep} records each sleep's asked time and how long it took; per
 * sleeping stack, the share past the asked time is time spent waiting for a carrier
 * ({@link #waitingShare}).
 *
 * <pre>{@code
 * SleepOverrun sleeps = SleepOverrun.start(); // null when JFR is missing
 * ... the trial ...
 * Map<String, Double> share = sleeps.stop(); // "com.acme.Nap.run;java.lang.Thread.sleep" → 0.8
 * }</pre>
 */
final class SleepOverrun {

    private static final String SLEEP = "java.lang.Thread.sleep";

    private final Recording recording;

    private SleepOverrun(Recording recording) {
        this.recording = recording;
    }

    /** Records every sleep (with its stack) from now on; null when JFR is not in this JVM. */
    static SleepOverrun start() {
        if (!JfrBackend.available()) {
            return null;
        }
        Recording r = new Recording();
        r.enable("jdk.ThreadSleep").withThreshold(Duration.ZERO).withStackTrace();
        r.start();
        return new SleepOverrun(r);
    }

    /** Stops recording; per sleeping stack of virtual threads (cut and trimmed as the sampler's), the share of time past the asked sleep. */
    Map<String, Double> stop() throws IOException {
        Path file = ScratchDir.createTempFile("vbench-sleeps-", ".jfr");
        Map<String, long[]> byStack = new HashMap<>(); // asked, took
        try {
            recording.stop();
            recording.dump(file);
            try (RecordingFile in = new RecordingFile(file)) {
                while (in.hasMoreEvents()) {
                    RecordedEvent e = in.readEvent();
                    RecordedThread thread = e.getThread();
                    if (thread == null || !thread.isVirtual() || e.getStackTrace() == null || !e.hasField("time")) {
                        continue;
                    }
                    String stack = stack(e.getStackTrace().getFrames());
                    if (stack == null) {
                        continue;
                    }
                    long asked = e.getLong("time");
                    long took = e.getDuration().toNanos();
                    long[] sum = byStack.computeIfAbsent(stack, k -> new long[2]);
                    sum[0] += asked;
                    sum[1] += Math.max(took, asked);
                }
            }
        } finally {
            recording.close();
            Files.deleteIfExists(file);
        }
        Map<String, Double> out = new HashMap<>();
        byStack.forEach((stack, sum) -> out.put(stack, sum[1] == 0 ? 0 : 1 - (double) sum[0] / sum[1]));
        return out;
    }

    /** Stops recording, keeping nothing. */
    void abort() {
        recording.close();
    }

    /** A sleep's stack as the sampler writes it, without the state frame; null outside a task. */
    private static String stack(List<RecordedFrame> leafFirst) {
        StackTraceElement[] trace = new StackTraceElement[leafFirst.size()];
        int n = 0;
        for (RecordedFrame f : leafFirst) {
            if (f.isJavaFrame() && f.getMethod() != null && f.getMethod().getType() != null) {
                trace[n++] = new StackTraceElement(
                        f.getMethod().getType().getName(), f.getMethod().getName(), null, -1);
            }
        }
        List<String> cut = StackFrames.cut(StackFrames.rootFirst(Arrays.copyOf(trace, n)));
        if (cut == null) {
            return null;
        }
        List<String> frames = StackFrames.trimWaitMachinery(cut);
        if (frames.isEmpty() || !frames.get(frames.size() - 1).equals(SLEEP)) {
            frames.add(SLEEP); // JFR's stack of a sleep starts at its caller
        }
        return StackFrames.join(frames);
    }
}
