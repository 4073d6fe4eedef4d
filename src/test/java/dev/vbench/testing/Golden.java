package dev.vbench.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.report.Format;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden-file assertions. Files live in {@code src/test/resources/golden/}. Run the tests with
 * {@code -Dvbench.updateGolden=true} to rewrite them after an intended change, then review the diff.
 */
public final class Golden {

    private static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {}

    /**
     * The golden file suffix of a run format: its extension, or {@code NAME.EXT} for a format that shares its
     * extension with an earlier one ({@code github-action-benchmark.json} beside {@code json}).
     */
    public static String suffix(Format f) {
        for (Format earlier : Format.values()) {
            if (earlier == f) {
                return f.extension();
            }
            if (earlier.extension().equals(f.extension())) {
                return f.cliName() + "." + f.extension();
            }
        }
        return f.extension();
    }

    public static void assertMatches(String name, String actual) {
        Path file = DIR.resolve(name);
        try {
            if (Boolean.getBoolean("vbench.updateGolden") || !Files.exists(file)) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
                if (!Boolean.getBoolean("vbench.updateGolden")) {
                    throw new AssertionError(
                            "golden file " + file + " did not exist; it was written now: review and commit it");
                }
                return;
            }
            String expected = Files.readString(file, StandardCharsets.UTF_8);
            assertEquals(
                    expected,
                    actual,
                    "output differs from " + file
                            + " (rerun with -Dvbench.updateGolden=true if the change is intended)");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
