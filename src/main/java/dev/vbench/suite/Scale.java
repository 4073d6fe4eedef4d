package dev.vbench.suite;

/** Size of a suite run: {@code full} is the source report's size, {@code quick} fits in CI (under 2 minutes on 2 cores). */
public enum Scale {
    QUICK,
    FULL
}
