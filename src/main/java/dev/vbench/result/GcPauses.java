package dev.vbench.result;

/**
 * Stop-the-world collector pauses during a trial, from the garbage collector MXBeans that count
 * pauses: every bean except those named {@code … Cycles} (ZGC and Shenandoah report their
 * concurrent cycles there; G1's {@code G1 Concurrent GC} bean counts its Remark and Cleanup
 * pauses, JDK-8297247).
 *
 * @param count pauses during the trial
 * @param millis accumulated pause time during the trial
 */
public record GcPauses(long count, long millis) {}
