package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Golden;
import dev.vbench.testing.ProfileFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code vbench compare} of two profiled results: the Why lines under the table and the differential flame graph. */
class CompareProfilesTest {

    @TempDir
    Path tmp;

    @Test
    void beforeAndAfterNameTheMonitorThatAppeared() throws Exception {
        Path before = Files.writeString(tmp.resolve("before.json"), ResultCodec.toJson(ProfileFixtures.before()));
        Path after = Files.writeString(tmp.resolve("after.json"), ResultCodec.toJson(ProfileFixtures.after()));
        CliRun text = CliRun.of("compare", before.toString(), after.toString());
        assertEquals(0, text.code(), text::toString);
        assertEquals("", text.err());
        Golden.assertMatches("compare/profiled.txt", text.out());
        assertTrue(text.out().contains("Why after vs before: makespan +"), text.out());
        assertTrue(
                text.out()
                        .contains(
                                "  after: 41% of tasks samples blocked on monitor in com.acme.Store.put, before: 3%\n"),
                text.out());
        CliRun markdown = CliRun.of("compare", before.toString(), after.toString(), "--format", "markdown");
        assertEquals(0, markdown.code(), markdown::toString);
        Golden.assertMatches("compare/profiled.md", markdown.out());

        Path html = tmp.resolve("c.html");
        CliRun page = CliRun.of("compare", before.toString(), after.toString(), "-o", html.toString());
        assertEquals(0, page.code(), page::toString);
        String h = Files.readString(html);
        assertTrue(
                h.contains("Differential after vs before — tasks, root first"), "same cell across files: root first");
        assertTrue(
                h.contains("<title>com.acme.Store.put\nafter: 69.00% (6900 samples)\nbefore: 41.33% (4960 samples)\n"
                        + "change: +27.67 points</title>"),
                "both shares of Store.put under the task root");
        assertTrue(h.contains(
                "<li>after: 41% of tasks samples blocked on monitor in com.acme.Store.put, before: 3%</li>"));
    }
}
