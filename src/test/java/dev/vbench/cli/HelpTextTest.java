package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** {@code --help} and the man pages read as prose: whole sentences, no format escapes, each default once. */
class HelpTextTest {

    /** Every visible command and history verb, the top command first. */
    static List<CommandLine> commands() {
        List<CommandLine> out = new ArrayList<>();
        add(Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter())), out);
        return out;
    }

    private static void add(CommandLine c, List<CommandLine> out) {
        if (c.getCommandSpec().usageMessage().hidden()) {
            return;
        }
        out.add(c);
        c.getSubcommands().values().stream()
                .filter(s -> s.getCommandSpec().parent() == c.getCommandSpec()
                        && !s.getCommandName().equals("help"))
                .forEach(s -> add(s, out));
    }

    @Test
    void everySummaryIsOneWholeSentence() {
        for (CommandLine c : commands()) {
            CommandSpec spec = c.getCommandSpec();
            String summary = HelpText.summary(spec);
            assertTrue(
                    summary.endsWith(".") && !summary.contains("%") && summary.length() <= 80,
                    spec.qualifiedName() + ": '" + summary + "'");
        }
    }

    @Test
    void helpFitsEightyColumnsAndShowsEachDefaultOnce() {
        for (CommandLine c : commands()) {
            String[] words = c.getCommandSpec().qualifiedName(" ").split(" ");
            List<String> args = new ArrayList<>(List.of(words).subList(1, words.length));
            args.add("--help");
            CliRun r = CliRun.of(args.toArray(String[]::new));
            String name = String.join(" ", args);
            assertEquals(0, r.code(), r::toString);
            assertFalse(
                    r.out().contains("Default: []")
                            || r.out().contains("${")
                            || r.out().contains("%n"),
                    name + ":\n" + r.out());
            assertTrue(r.err().isEmpty(), name + ": " + r.err());
            for (String line : r.out().split("\\R")) {
                assertTrue(line.length() <= HelpText.DEFAULT_WIDTH, name + ": " + line.length() + " columns: " + line);
            }
            for (String option : r.out().split("\\R(?=  +-)")) {
                int defaults = option.split("(?i)default", -1).length - 1;
                assertTrue(defaults <= 1, name + ": the default twice in\n" + option);
            }
        }
    }

    @Test
    void manPagesAreAsciiWithoutFormatEscapesOrMissingPages() {
        Map<String, String> pages = ManPages.pages();
        for (Map.Entry<String, String> e : pages.entrySet()) {
            String page = e.getValue();
            assertFalse(page.contains("%%") || page.contains("%n"), e.getKey());
            assertTrue(page.chars().allMatch(ch -> ch < 127), e.getKey() + ": a character beyond ASCII");
            Matcher see = Pattern.compile("\\\\fB([a-z\\\\-]+)\\\\fR\\(1\\)").matcher(page);
            while (see.find()) {
                String target = see.group(1).replace("\\-", "-") + ".1";
                assertTrue(pages.containsKey(target), e.getKey() + " names " + target + ", which is not a page");
            }
        }
    }

    @Test
    void wrappingBreaksAtSpacesOnly() {
        assertEquals(List.of("-e", "fixed:threads=200", "and more"), HelpText.wrap("-e fixed:threads=200 and more", 9));
        assertEquals("95% CI", HelpText.format("95%% CI"));
    }
}
