package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The man pages under {@code man/} are generated from the picocli model and must be current; each names every
 * option {@code help} shows, with its default. After changing commands or options, regenerate them with
 * {@code ./mvnw -B -q test -Dtest=ManPagesTest -Dvbench.updateManPages=true} and commit them.
 */
class ManPagesTest {

    static final Path DIR = Path.of("man");
    static final String HOW_TO_REGENERATE = "regenerate them with: ./mvnw -B -q test -Dtest=ManPagesTest"
            + " -Dvbench.updateManPages=true, then commit man/";

    @Test
    void committedPagesAreCurrent() throws Exception {
        Map<String, String> pages = ManPages.pages();
        if (Boolean.getBoolean("vbench.updateManPages")) {
            Files.createDirectories(DIR);
            try (Stream<Path> old = Files.list(DIR)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
            for (Map.Entry<String, String> e : pages.entrySet()) {
                Files.writeString(DIR.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
            }
            return;
        }
        try (Stream<Path> files = Files.list(DIR)) {
            assertEquals(
                    new TreeSet<>(pages.keySet()),
                    files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new)),
                    "man/ is stale; " + HOW_TO_REGENERATE);
        }
        for (Map.Entry<String, String> e : pages.entrySet()) {
            assertEquals(
                    Files.readString(DIR.resolve(e.getKey()), StandardCharsets.UTF_8),
                    e.getValue(),
                    "man/" + e.getKey() + " is stale (the commands or options changed); " + HOW_TO_REGENERATE);
        }
    }

    @Test
    void everyVisibleCommandHasAPageWithEveryOptionAndItsDefault() {
        Map<String, String> pages = ManPages.pages();
        CommandLine root = Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()));
        for (CommandLine c : root.getSubcommands().values()) {
            if (c.getCommandSpec().usageMessage().hidden() || c.getCommandName().equals("help")) {
                continue;
            }
            String page = pages.get(ManPages.pageName(c.getCommandSpec()) + ".1");
            assertTrue(page != null, "no page for " + c.getCommandName() + " in " + pages.keySet());
            for (OptionSpec o : ManPages.visibleOptions(c.getCommandSpec())) {
                assertTrue(
                        page.contains("\\fB" + ManPages.escape(o.longestName()) + "\\fR"),
                        c.getCommandName() + " " + o.longestName() + " missing from its page");
                String d = ManPages.defaultText(o);
                if (d != null) {
                    assertTrue(
                            page.contains("Default: " + ManPages.escape(d)),
                            c.getCommandName() + " " + o.longestName() + ": no 'Default: " + d + "' on its page");
                }
            }
        }
        assertTrue(pages.containsKey("vbench-history-add.1"), pages.keySet()::toString);
    }

    /** {@code vbench help run} and the run page name the same options: they cannot drift apart. */
    @Test
    void helpAndThePageNameTheSameOptions() {
        for (String command : new String[] {"run", "compare", "report", "calibrate"}) {
            CliRun help = CliRun.of("help", command);
            assertEquals(0, help.code(), help::toString);
            String page = ManPages.pages()
                    .get("vbench-" + command + ".1")
                    .replace("\\-", "-")
                    .replace("\\fB", "")
                    .replace("\\fR", "")
                    .replace("\\fI", "");
            assertEquals(optionNames(help.out()), optionNames(page), command);
        }
    }

    private static Set<String> optionNames(String text) {
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*").matcher(text);
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }
}
