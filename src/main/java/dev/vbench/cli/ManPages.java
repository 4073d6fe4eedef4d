package dev.vbench.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * Man pages (roff, section 1) generated from the picocli model, one per visible command:
 * {@code vbench.1}, {@code vbench-run.1}, {@code vbench-history-add.1}, …, each option with its
 * parameter, description and default, as {@code vbench help CMD} prints them. The pages are committed
 * under {@code man/} and shipped in the release archive; a test keeps them current, as it keeps
 * {@code completions/vbench.bash}.
 *
 * <pre>{@code
 * Map<String, String> pages = ManPages.pages();   // "vbench-run.1" -> roff text
 * }</pre>
 */
final class ManPages {

    private ManPages() {}

    /** Every visible command's page, by file name, the top command first. */
    static Map<String, String> pages() {
        Map<String, String> pages = new LinkedHashMap<>();
        CommandLine root = Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()));
        add(root, pages);
        return pages;
    }

    private static void add(CommandLine command, Map<String, String> pages) {
        CommandSpec spec = command.getCommandSpec();
        if (spec.usageMessage().hidden()) {
            return;
        }
        pages.put(pageName(spec) + ".1", page(command));
        for (CommandLine sub : new LinkedHashMap<>(command.getSubcommands()).values()) {
            if (sub.getCommandSpec().parent() == spec
                    && !sub.getCommandSpec().name().equals("help")) {
                add(sub, pages);
            }
        }
    }

    /** {@code vbench-history-add}: the qualified name with dashes. */
    static String pageName(CommandSpec spec) {
        return spec.qualifiedName("-");
    }

    /** One command's page. */
    static String page(CommandLine command) {
        CommandSpec spec = command.getCommandSpec();
        String name = pageName(spec);
        StringBuilder out = new StringBuilder();
        out.append(".TH \"")
                .append(escape(name.toUpperCase(Locale.ROOT)))
                .append("\" \"1\" \"\" \"vbench\" \"vbench manual\"\n");
        out.append(".nh\n.ad l\n"); // no hyphenation, ragged right: option names and paths read whole
        out.append(".SH NAME\n")
                .append(escape(name))
                .append(" \\- ")
                .append(escapeLine(HelpText.summary(spec)))
                .append('\n');
        out.append(".SH SYNOPSIS\n.nf\n");
        String synopsis = command.getHelp().synopsis(0).strip();
        synopsis.lines().forEach(l -> out.append(escapeLine(l)).append('\n'));
        out.append(".fi\n");
        blocks(out, ".SH DESCRIPTION\n", spec.usageMessage().description());
        List<PositionalParamSpec> positionals =
                spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (!positionals.isEmpty()) {
            out.append(".SH PARAMETERS\n");
            for (PositionalParamSpec p : positionals) {
                out.append(".TP\n\\fI")
                        .append(escape(p.paramLabel()))
                        .append("\\fR\n")
                        .append(escapeLine(HelpText.format(String.join(" ", p.description()))
                                .replace('\n', ' ')))
                        .append('\n');
            }
        }
        List<OptionSpec> options = visibleOptions(spec);
        if (!options.isEmpty()) {
            out.append(".SH OPTIONS\n");
            for (OptionSpec o : options) {
                out.append(".TP\n")
                        .append(optionHead(o))
                        .append('\n')
                        .append(escapeLine(HelpText.describe(o)))
                        .append('\n');
            }
        }
        List<String> subcommands = new ArrayList<>();
        command.getSubcommands().forEach((n, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden()
                    && sub.getCommandSpec().parent() == spec
                    && n.equals(sub.getCommandName())
                    && !n.equals("help")) {
                subcommands.add(n);
            }
        });
        if (!subcommands.isEmpty()) {
            out.append(".SH COMMANDS\n");
            for (String n : subcommands) {
                CommandSpec sub = command.getSubcommands().get(n).getCommandSpec();
                out.append(".TP\n\\fB")
                        .append(escape(n))
                        .append("\\fR\n")
                        .append(escapeLine(HelpText.summary(sub)))
                        .append(" See \\fB")
                        .append(escape(pageName(sub)))
                        .append("\\fR(1).\n");
            }
        }
        blocks(out, ".SH NOTES\n", spec.usageMessage().footer());
        out.append(".SH SEE ALSO\n");
        out.append(
                spec.parent() == null
                        ? "README.md and docs/ of the release archive or the source tree.\n"
                        : "\\fB" + escape(pageName(spec.parent())) + "\\fR(1)\n");
        return out.toString();
    }

    /** A description or footer under {@code heading}: paragraphs as running text, examples verbatim. */
    private static void blocks(StringBuilder out, String heading, String[] lines) {
        List<HelpText.Block> blocks = HelpText.paragraphs(lines);
        if (blocks.isEmpty()) {
            return;
        }
        out.append(heading);
        boolean inExample = false;
        boolean first = true;
        for (HelpText.Block b : blocks) {
            if (b.verbatim() && b.text().startsWith("  ")) {
                if (!inExample) {
                    out.append(".PP\n.nf\n");
                    inExample = true;
                }
                out.append(escapeLine(b.text())).append('\n');
                continue;
            }
            if (inExample) {
                out.append(".fi\n");
                inExample = false;
            }
            out.append(first ? "" : ".PP\n").append(escapeLine(b.text())).append('\n');
            first = false;
        }
        if (inExample) {
            out.append(".fi\n");
        }
    }

    /** The options {@code help} shows for the command, in its order (mixins included, hidden ones not). */
    static List<OptionSpec> visibleOptions(CommandSpec spec) {
        return spec.options().stream().filter(o -> !o.hidden()).toList();
    }

    /** The default as {@code help} shows it, or null when it shows none ({@link HelpText#defaultShown}). */
    static String defaultText(OptionSpec o) {
        return HelpText.defaultShown(o);
    }

    /** {@code \fB-w\fR, \fB--workload\fR=\fINAME\fR}. */
    private static String optionHead(OptionSpec o) {
        List<String> names = new ArrayList<>();
        for (String n : o.names()) {
            names.add("\\fB" + escape(n) + "\\fR");
        }
        String head = String.join(", ", names);
        if (o.arity().max() > 0 && !Objects.toString(o.paramLabel(), "").isEmpty()) {
            head += "=\\fI" + escape(o.paramLabel()) + "\\fR";
        }
        return head;
    }

    /**
     * Text for roff: backslashes and hyphens escaped, and every character beyond ASCII as its Unicode escape
     * ({@code \\[u00D7]} for ×), so the page reads the same whatever encoding groff or mandoc assume.
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (c == '\\') {
                out.append("\\e");
            } else if (c == '-') {
                out.append("\\-");
            } else if (c > 126) {
                out.append(String.format(Locale.ROOT, "\\[u%04X]", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    /** A line of running text for roff: escaped, and never starting with a control character. */
    private static String escapeLine(String text) {
        String e = escape(text.replace("@|bold ", "").replace("|@", ""));
        return e.startsWith(".") || e.startsWith("'") ? "\\&" + e : e;
    }
}
