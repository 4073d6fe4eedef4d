package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The README's command table names every command a user can run ({@code vbench --help} lists them), and
 * nothing else: a new command needs its row (and a docs page, linked in the row), a removed one loses it; the README
 * stays within {@value #MAX_LINES} lines.
 */
class ReadmeCommandTableTest {

    private static final PrintWriter NONE = new PrintWriter(Writer.nullWriter());
    private static final Pattern ROW = Pattern.compile("^\\| `vbench ([a-z-]+)");
    /** A row's link to its page, the last column: {@code [running](docs/running.md)} or with an anchor. */
    private static final Pattern DOCS_LINK = Pattern.compile("\\]\\((docs/[a-z-]+\\.md)(?:#[a-z0-9-]+)?\\) \\|\\s*$");
    /** The README is the front page: what vbench does, a first run, each command with its page. */
    static final int MAX_LINES = 400;

    @Test
    void theCommandTableListsEveryVisibleCommand() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8);
        int start = lines.indexOf("## Commands");
        Set<String> documented = new TreeSet<>();
        for (String line : lines.subList(start + 1, lines.size())) {
            if (line.startsWith("## ")) {
                break;
            }
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                documented.add(m.group(1));
                Matcher link = DOCS_LINK.matcher(line);
                assertTrue(
                        link.find(),
                        "README.md, ## Commands: the row of vbench " + m.group(1) + " links its docs page: " + line);
                assertTrue(
                        Files.isRegularFile(Path.of(link.group(1))),
                        "README.md links " + link.group(1) + ", which does not exist");
            }
        }
        Set<String> visible = new TreeSet<>();
        Cli.commandLine(NONE, NONE).getSubcommands().forEach((name, sub) -> {
            CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
            if (!spec.usageMessage().hidden() && !name.equals("generate-completion")) {
                visible.add(name);
            }
        });
        assertEquals(visible, documented, "README.md, ## Commands: one row per command of 'vbench --help'");
        assertTrue(
                lines.size() <= MAX_LINES,
                "README.md has " + lines.size() + " lines; keep it to " + MAX_LINES
                        + " and move the detail to its docs page");
    }
}
