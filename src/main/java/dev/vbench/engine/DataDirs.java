package dev.vbench.engine;

import java.nio.file.Path;

/**
 * Where generated inputs live: {@code <root>/<workload>/}. Each workload keys subdirectories by the
 * parameters that shape its inputs and the seed (so {@code cache=warm} and {@code cache=cold}
 * share one photo folder).
 */
public final class DataDirs {

    private DataDirs() {}

    /** {@code $VBENCH_DATA_DIR}, else {@code $XDG_CACHE_HOME/vbench}, else {@code ~/.cache/vbench}. */
    public static Path defaultRoot() {
        String explicit = System.getenv("VBENCH_DATA_DIR");
        if (explicit != null && !explicit.isBlank()) {
            return Path.of(explicit);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "vbench");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "vbench");
    }

    /**
     * {@code <root>/<workload>}; a name that is a class, method or file reference
     * ({@code com.acme.X::run}, {@code src/Fib.java}) has every character other than letters, digits,
     * '.', '_' and '-' replaced by '_', so it stays one directory below the root.
     */
    public static Path forWorkload(Path root, String workload) {
        String safe = workload.replaceAll("[^A-Za-z0-9._-]", "_");
        return root.resolve(safe.startsWith(".") ? "_" + safe.substring(1) : safe);
    }
}
