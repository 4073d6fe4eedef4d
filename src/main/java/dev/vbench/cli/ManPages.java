package dev.vbench.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
            if (sub.getCommandSpec().parent() == spec && !sub.getCommandSpec().name().equals("help")) {
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
        out.append(".TH \"").append(escape(name.toUpperCase(java.util.Locale.ROOT))).append("\" \"1\" \"\" \"vbench\" \"vbench manual\"\n");
        String[] description = spec.usageMessage().description();
        out.append(".SH NAME\n").append(escape(name)).append(" \\- ")
                .append(escape(description.length == 0 ? spec.qualifiedName() : description[0])).append('\n');
        out.append(".SH SYNOPSIS\n.nf\n");
        String synopsis = command.getHelp().synopsis(0).strip();
        synopsis.lines().forEach(l -> out.append(escapeLine(l)).append('\n'));
        out.append(".fi\n");
        if (description.length > 0) {
            out.append(".SH DESCRIPTION\n");
            for (int i = 0; i < description.length; i++) {
                out.append(i == 0 ? "" : ".br\n").append(escapeLine(description[i])).append('\n');
            }
        }
        List<PositionalParamSpec> positionals = spec.positionalParameters().stream().filter(p -> !p.hidden()).toList();
        if (!positionals.isEmpty()) {
            out.append(".SH PARAMETERS\n");
            for (PositionalParamSpec p : positionals) {
                out.append(".TP\n\\fI").append(escape(p.paramLabel())).append("\\fR\n")
                        .append(escapeLine(String.join(" ", p.description()))).append('\n');
            }
        }
        List<OptionSpec> options = visibleOptions(spec);
        if (!options.isEmpty()) {
            out.append(".SH OPTIONS\n");
            for (OptionSpec o : options) {
                out.append(".TP\n").append(optionHead(o)).append('\n');
                String text = String.join(" ", o.description());
                String fallback = defaultText(o);
                out.append(escapeLine(text + (fallback == null ? "" : (text.isEmpty() ? "" : " ") + "Default: " + fallback + ".")))
                        .append('\n');
            }
        }
        List<String> subcommands = new ArrayList<>();
        command.getSubcommands().forEach((n, sub) -> {
            if (!sub.getCommandSpec().usageMessage().hidden() && sub.getCommandSpec().parent() == spec && n.equals(sub.getCommandName())) {
                subcommands.add(n);
            }
        });
        if (!subcommands.isEmpty()) {
            out.append(".SH COMMANDS\n");
            for (String n : subcommands) {
                CommandSpec sub = command.getSubcommands().get(n).getCommandSpec();
                String[] d = sub.usageMessage().description();
                out.append(".TP\n\\fB").append(escape(n)).append("\\fR\n")
                        .append(escapeLine(d.length == 0 ? "" : d[0])).append(" See \\fB").append(escape(pageName(sub)))
                        .append("\\fR(1).\n");
            }
        }
        out.append(".SH SEE ALSO\n");
        out.append(spec.parent() == null ? "The documentation: docs/ in the source tree or the release's README.md.\n"
                : "\\fB" + escape(pageName(spec.parent())) + "\\fR(1)\n");
        return out.toString();
    }

    /** The options {@code help} shows for the command, in its order (mixins included, hidden ones not). */
    static List<OptionSpec> visibleOptions(CommandSpec spec) {
        return spec.options().stream().filter(o -> !o.hidden()).toList();
    }

    /** The default as {@code help} shows it, or null when it shows none. */
    static String defaultText(OptionSpec o) {
        String d = o.defaultValueString();
        if (d == null || d.isEmpty() || d.equals("[]") || d.equals("null") || o.usageHelp() || o.versionHelp()) {
            return null;
        }
        return d;
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

    /** Text for roff: backslashes and hyphens escaped. */
    static String escape(String text) {
        return text.replace("\\", "\\e").replace("-", "\\-");
    }

    /** A line of running text for roff: escaped, and never starting with a control character. */
    private static String escapeLine(String text) {
        String e = escape(text.replace("@|bold ", "").replace("|@", ""));
        return e.startsWith(".") || e.startsWith("'") ? "\\&" + e : e;
    }
}
