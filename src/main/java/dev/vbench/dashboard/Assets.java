package dev.vbench.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The dashboard's script and stylesheet, bundled in the jar (no network, no library): the script
 * filters the overview and draws a series' chart (points, median line and interval band, change-point
 * markers, branches, hover, log scale) as SVG.
 */
public final class Assets {

    /** The files under {@code assets/}: name and content type. */
    public static final List<String[]> FILES = List.of(
            new String[] {"dashboard.js", "text/javascript; charset=utf-8"},
            new String[] {"dashboard.css", "text/css; charset=utf-8"});

    private Assets() {}

    /** The content of {@code assets/NAME}, or null when there is no such asset. */
    public static String text(String name) {
        if (FILES.stream().noneMatch(f -> f[0].equals(name))) {
            return null;
        }
        try (InputStream in = Assets.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks dev/vbench/dashboard/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Its content type, or null. */
    public static String type(String name) {
        return FILES.stream()
                .filter(f -> f[0].equals(name))
                .map(f -> f[1])
                .findFirst()
                .orElse(null);
    }
}
