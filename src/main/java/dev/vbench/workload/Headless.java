package dev.vbench.workload;

/**
 * Makes AWT run headless (no display needed) for the image workloads, unless the user chose
 * otherwise with {@code -Djava.awt.headless=false}. Must run before the first AWT class
 * initializes the toolkit; the image workloads call it from their providers.
 */
public final class Headless {

    private Headless() {}

    /** Sets {@code java.awt.headless=true} when the property is not set. */
    public static void ensure() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }
}
