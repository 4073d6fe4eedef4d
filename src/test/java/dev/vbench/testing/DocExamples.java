package dev.vbench.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands a page shows: every fenced block of a Markdown page (one marked {@code yaml}, {@code json}, … is a
 * file's text and is not run), its vbench commands parsed as a shell would
 * (quotes, backslash continuations, comments), each with the output the page shows after it and the exit code
 * it says ({@code ; echo "exit $?"}, {@code # exit 2}). A block preceded by
 * {@code <!-- example: illustrative, REASON -->} is not run; every other block must hold only vbench commands
 * a test can run, or their output.
 *
 * <pre>{@code
 * for (DocExamples.Block b : DocExamples.read(Path.of("README.md"))) {
 *     for (DocExamples.Command c : b.commands()) { … c.args() … c.shownOutput() … c.expectedExit() … }
 * }
 * }</pre>
 */
public final class DocExamples {

    /** What marks a block as not run, and why: {@code <!-- example: illustrative, needs a PostgreSQL server -->}. */
    static final Pattern ILLUSTRATIVE = Pattern.compile("<!--\\s*example:\\s*illustrative\\s*[,:—-]\\s*(.*?)\\s*-->");
    /** A block whose run commands are only planned ({@code --dry-run}) even when they would be cheap. */
    static final Pattern DRY_RUN = Pattern.compile("<!--\\s*example:\\s*dry-run\\s*-->");
    /** How a page starts vbench: from a checkout, from the archive, on the PATH. */
    static final Pattern VBENCH =
            Pattern.compile("^(?:\\./vbench|bin/vbench|vbench-[0-9.]+/bin/vbench|vbench)(?=\\s|$)");

    /** A fence's language that holds shell commands (none: commands or their output); any other is a file's text. */
    static final Set<String> SHELL = Set.of("", "sh", "bash", "shell", "console");

    private DocExamples() {}

    /**
     * One fenced block.
     *
     * @param page the Markdown file
     * @param line its opening fence's line, from 1
     * @param illustrative why it is not run, or null when it is
     * @param dryRunOnly whether its {@code run} commands are only planned
     * @param commands its vbench commands
     * @param others the lines that start a command of another program (tar, sbatch, …)
     */
    public record Block(
            Path page, int line, String illustrative, boolean dryRunOnly, List<Command> commands, List<String> others) {

        public String where() {
            return page + ":" + line;
        }
    }

    /**
     * One vbench command of a block.
     *
     * @param text as the page writes it (continuations joined)
     * @param args its arguments after {@code vbench}, unquoted; null when it uses the shell beyond quoting
     *     (a pipe, a redirection, a variable, a command substitution)
     * @param shellFeature what shell feature it uses, when {@code args} is null
     * @param shownOutput the lines the page shows after it, until the next prompt
     * @param expectedExit the exit code the page says, 0 when it says none
     * @param prompted whether the page writes it after a {@code $ } prompt (and so may show its output)
     */
    public record Command(
            String text,
            List<String> args,
            String shellFeature,
            List<String> shownOutput,
            int expectedExit,
            boolean prompted) {}

    /** Every fenced block of {@code page}. */
    public static List<Block> read(Path page) throws IOException {
        List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("```")) {
                continue;
            }
            int open = i;
            List<String> body = new ArrayList<>();
            for (i++; i < lines.size() && !lines.get(i).startsWith("```"); i++) {
                body.add(lines.get(i));
            }
            String before = previousNonBlank(lines, open);
            Matcher why = ILLUSTRATIVE.matcher(before);
            String language = lines.get(open).substring(3).strip();
            String illustrative = why.find()
                    ? why.group(1)
                    : SHELL.contains(language) ? null : "a " + language + " file, not shell commands";
            blocks.add(
                    block(page, open + 1, illustrative, DRY_RUN.matcher(before).find(), body));
        }
        return blocks;
    }

    private static String previousNonBlank(List<String> lines, int index) {
        for (int i = index - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) {
                return lines.get(i);
            }
        }
        return "";
    }

    /** A block's commands: prompted lines ({@code $ …}) with the output after them, else every line that starts vbench. */
    private static Block block(Path page, int line, String illustrative, boolean dryRunOnly, List<String> body) {
        boolean prompts = body.stream().anyMatch(l -> l.startsWith("$ "));
        List<Command> commands = new ArrayList<>();
        List<String> others = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            String l = body.get(i);
            if (prompts && !l.startsWith("$ ")) {
                continue; // output of the command before
            }
            String text = prompts ? l.substring(2) : l.strip();
            while (text.endsWith("\\") && i + 1 < body.size()) {
                text = text.substring(0, text.length() - 1) + " "
                        + body.get(++i).strip();
            }
            List<String> output = new ArrayList<>();
            if (prompts) {
                for (int j = i + 1; j < body.size() && !body.get(j).startsWith("$ "); j++) {
                    output.add(body.get(j));
                }
            }
            Matcher m = VBENCH.matcher(text.strip());
            if (m.find()) {
                commands.add(command(text.strip(), text.strip().substring(m.end()), output, prompts));
            } else if (!text.isBlank() && (prompts || looksLikeACommand(text))) {
                others.add(text.strip());
            }
        }
        return new Block(page, line, illustrative, dryRunOnly, commands, others);
    }

    /** A line of a block without prompts that starts a program rather than showing text (a synopsis, a listing). */
    private static boolean looksLikeACommand(String line) {
        return line.matches(
                "^(\\./mvnw|mvn|tar|unzip|ln|sbatch|kubectl|java|bench/|\\.ci/|export|cd|source|curl|benchstat)\\b.*");
    }

    private static final Pattern ECHO_EXIT = Pattern.compile(";\\s*echo\\s+(?:\"exit \\$\\?\"|\\$\\?)\\s*$");
    private static final Pattern EXIT_COMMENT = Pattern.compile("#\\s*exit\\s+(\\d+)");

    private static Command command(String text, String rest, List<String> output, boolean prompted) {
        int expected = 0;
        Matcher comment = EXIT_COMMENT.matcher(rest);
        if (comment.find()) {
            expected = Integer.parseInt(comment.group(1));
        }
        Matcher echo = ECHO_EXIT.matcher(stripComment(rest));
        List<String> shown = output;
        if (echo.find()) {
            rest = stripComment(rest).substring(0, echo.start());
            shown = new ArrayList<>(output);
            for (int k = 0; k < shown.size(); k++) {
                Matcher code = Pattern.compile("^(?:exit )?(\\d+)$")
                        .matcher(shown.get(k).strip());
                if (code.matches()) {
                    expected = Integer.parseInt(code.group(1));
                    shown.remove(k);
                    break;
                }
            }
        }
        List<String> args = new ArrayList<>();
        String feature = tokenize(rest, args);
        return new Command(
                text, feature == null ? List.copyOf(args) : null, feature, List.copyOf(shown), expected, prompted);
    }

    /** {@code text} without a trailing {@code # comment} outside quotes. */
    private static String stripComment(String text) {
        boolean single = false;
        boolean dbl = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\'' && !dbl) {
                single = !single;
            } else if (c == '"' && !single) {
                dbl = !dbl;
            } else if (c == '#' && !single && !dbl && (i == 0 || Character.isWhitespace(text.charAt(i - 1)))) {
                return text.substring(0, i);
            }
        }
        return text;
    }

    /**
     * Splits {@code text} into {@code args} as a POSIX shell would for quotes and backslashes; returns the shell
     * feature it uses beyond them (a pipe, a redirection, a variable, a command substitution), else null.
     */
    public static String tokenize(String text, List<String> args) {
        StringBuilder arg = null;
        String s = stripComment(text);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'') {
                int end = s.indexOf('\'', i + 1);
                if (end < 0) {
                    return "an unclosed quote";
                }
                arg = (arg == null ? new StringBuilder() : arg).append(s, i + 1, end);
                i = end;
            } else if (c == '"') {
                int end = s.indexOf('"', i + 1);
                if (end < 0) {
                    return "an unclosed quote";
                }
                String inside = s.substring(i + 1, end);
                if (inside.contains("$") || inside.contains("`")) {
                    return "a variable";
                }
                arg = (arg == null ? new StringBuilder() : arg).append(inside);
                i = end;
            } else if (c == '\\' && i + 1 < s.length()) {
                arg = (arg == null ? new StringBuilder() : arg).append(s.charAt(++i));
            } else if (Character.isWhitespace(c)) {
                if (arg != null) {
                    args.add(arg.toString());
                    arg = null;
                }
            } else if ("|&;<>".indexOf(c) >= 0) {
                return "'" + c + "'";
            } else if (c == '$' || c == '`') {
                return "a variable";
            } else {
                arg = (arg == null ? new StringBuilder() : arg).append(c);
            }
        }
        if (arg != null) {
            args.add(arg.toString());
        }
        return null;
    }
}
