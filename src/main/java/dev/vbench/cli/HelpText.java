package dev.vbench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * How the help text of a command reads, in {@code --help} and in the man pages alike: the descriptions'
 * format escapes resolved ({@code %%}, {@code %n}), hand-broken lines joined into paragraphs and wrapped at
 * spaces only (never inside {@code fixed:threads=200}), examples kept verbatim, a command's summary its first
 * whole sentence, and an option's default shown once, only where its description does not state it already.
 *
 * <pre>{@code
 * HelpText.install(commandLine);                // --help through these rules
 * HelpText.paragraphs(spec.usageMessage().description());
 * HelpText.summary(spec);                       // "Run a workload on one or more executors and print the results."
 * }</pre>
 */
final class HelpText {

    /** The width of {@code --help} where the terminal's cannot be found (pipes, tests). */
    static final int DEFAULT_WIDTH = 80;
    /** Columns of an option list before the description column: indent, short and long names, parameter. */
    private static final int OPTION_COLUMNS = 32;

    private HelpText() {}

    /** Help through these rules for {@code cl} and every subcommand it has now; as wide as the terminal. */
    static void install(CommandLine cl) {
        cl.setUsageHelpWidth(DEFAULT_WIDTH);
        cl.setUsageHelpAutoWidth(true);
        cl.setHelpFactory(Help::new);
    }

    /** A description line as picocli would print it: {@code %n} a line break, {@code %%} a percent sign. */
    static String format(String line) {
        return line.replaceAll("%n", "\n").replace("%%", "%");
    }

    /**
     * A block of a description: a paragraph of running text (its hand-broken lines joined), or one verbatim line
     * (an example, indented by two spaces, or a heading that ends in a colon).
     */
    record Block(String text, boolean verbatim) {}

    /** The blocks of a description: paragraphs separated by empty lines, examples and headings kept as they are. */
    static List<Block> paragraphs(String[] description) {
        List<Block> blocks = new ArrayList<>();
        StringBuilder paragraph = new StringBuilder();
        for (String raw : description) {
            for (String line : format(raw).split("\n", -1)) {
                boolean verbatim = line.startsWith("  ") || line.strip().endsWith(":") && line.length() < 40;
                if (line.isBlank() || verbatim) {
                    flush(paragraph, blocks);
                    if (verbatim) {
                        blocks.add(new Block(line.stripTrailing(), true));
                    }
                    continue;
                }
                paragraph.append(paragraph.isEmpty() ? "" : " ").append(line.strip());
            }
        }
        flush(paragraph, blocks);
        return blocks;
    }

    private static void flush(StringBuilder paragraph, List<Block> blocks) {
        if (!paragraph.isEmpty()) {
            blocks.add(new Block(paragraph.toString(), false));
            paragraph.setLength(0);
        }
    }

    /** A command's summary: the first sentence of its description (the command list, a man page's NAME). */
    static String summary(CommandSpec spec) {
        String[] header = spec.usageMessage().header();
        String[] description = header.length > 0 ? header : spec.usageMessage().description();
        List<Block> blocks = paragraphs(description);
        String first = blocks.isEmpty() ? spec.qualifiedName() : blocks.get(0).text();
        int end = first.indexOf(". ");
        return end < 0 ? first : first.substring(0, end + 1);
    }

    /** {@code text} wrapped at spaces to lines of at most {@code width} characters (a longer word gets its own line). */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" +")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /**
     * The default an option's help shows, or null: none for a flag, an empty list or an unset value, and none
     * where the description states the default itself (in its own words: "default 1", "Default: by the …").
     */
    static String defaultShown(OptionSpec o) {
        String d = o.defaultValueString();
        if (d == null
                || d.isEmpty()
                || d.equals("[]")
                || d.equals("null")
                || o.usageHelp()
                || o.versionHelp()
                || o.arity().max() == 0) {
            return null;
        }
        return String.join(" ", o.description()).toLowerCase(Locale.ROOT).contains("default") ? null : d;
    }

    /** An option's description in one paragraph, its default appended where shown ({@link #defaultShown}). */
    static String describe(OptionSpec o) {
        String text =
                format(String.join(" ", o.description())).replace('\n', ' ').strip();
        String d = defaultShown(o);
        return d == null ? text : text + (text.isEmpty() ? "" : " ") + "Default: " + d + ".";
    }

    /** picocli's help with descriptions, option texts and the command list through these rules. */
    static final class Help extends CommandLine.Help {

        Help(CommandSpec spec, ColorScheme scheme) {
            super(spec, scheme);
        }

        private int width() {
            return commandSpec().usageMessage().width();
        }

        @Override
        public String description(Object... params) {
            return render(commandSpec().usageMessage().description());
        }

        @Override
        public String footer(Object... params) {
            String[] footer = commandSpec().usageMessage().footer();
            return footer.length == 0 ? "" : System.lineSeparator() + render(footer);
        }

        /** Paragraphs wrapped to the width, each after an empty line; examples verbatim, right after theirs. */
        private String render(String[] lines) {
            StringBuilder out = new StringBuilder();
            for (Block b : paragraphs(lines)) {
                if (!out.isEmpty() && (!b.verbatim() || !b.text().startsWith("  "))) {
                    out.append('\n');
                }
                List<String> wrapped = b.verbatim() ? List.of(b.text()) : wrap(b.text(), width() - 1);
                wrapped.forEach(l -> out.append(l).append('\n'));
            }
            return out.toString().replace("\n", System.lineSeparator());
        }

        @Override
        public IOptionRenderer createDefaultOptionRenderer() {
            IOptionRenderer plain = super.createDefaultOptionRenderer();
            int column = Math.max(30, width() - OPTION_COLUMNS);
            // a copy to render: its own names (variables resolved), the text wrapped here, '%' kept from picocli's
            // format
            return (option, labels, scheme) -> plain.render(
                    OptionSpec.builder(option)
                            .names(option.names())
                            .description(wrap(describe(option), column).stream()
                                    .map(l -> l.replace("%", "%%"))
                                    .toArray(String[]::new))
                            .showDefaultValue(Visibility.NEVER)
                            .build(),
                    labels,
                    scheme);
        }

        @Override
        public IParameterRenderer createDefaultParameterRenderer() {
            IParameterRenderer plain = super.createDefaultParameterRenderer();
            int column = Math.max(30, width() - OPTION_COLUMNS);
            return (param, labels, scheme) ->
                    plain.render(
                            PositionalParamSpec.builder(param)
                                    .description(wrap(
                                                    format(String.join(" ", param.description()))
                                                            .replace('\n', ' ')
                                                            .strip(),
                                                    column)
                                            .stream()
                                            .map(l -> l.replace("%", "%%"))
                                            .toArray(String[]::new))
                                    .showDefaultValue(Visibility.NEVER)
                                    .build(),
                            labels,
                            scheme);
        }

        @Override
        public String commandList(Map<String, CommandLine.Help> subcommands) {
            int name =
                    subcommands.keySet().stream().mapToInt(String::length).max().orElse(0);
            StringBuilder out = new StringBuilder();
            subcommands.forEach((n, help) -> {
                if (help.commandSpec().usageMessage().hidden()) {
                    return;
                }
                List<String> lines = wrap(summary(help.commandSpec()), Math.max(30, width() - name - 5));
                for (int i = 0; i < lines.size(); i++) {
                    out.append("  ")
                            .append(i == 0 ? n + " ".repeat(name - n.length()) : " ".repeat(name))
                            .append("  ")
                            .append(lines.get(i))
                            .append(System.lineSeparator());
                }
            });
            return out.toString();
        }
    }
}
