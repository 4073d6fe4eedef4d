package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.vbench.testing.CliRun;
import dev.vbench.testing.DocExamples;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command the README and docs/ show runs as written, and every example of {@code --help} (and so of the man
 * pages) too: a {@code run} whose plan is cheap (an estimate of at most {@value #REAL_RUN_NANOS} ns) and every
 * command the page says fails are run for real in-process, their exit code and the shape of the output the page
 * shows checked (its table headers and its {@code vbench:} lines, numbers aside); an expensive {@code run} is
 * planned ({@code --dry-run}: its workload, files and options resolve); any other command runs for real where its
 * input files exist (written by a command before it on the page) and is parsed where they do not. A block that
 * cannot run here (a server, a cluster, hours) is marked {@code <!-- example: illustrative, REASON -->} above its
 * fence. Files a command writes go to a temporary directory per page, and the history to a store there.
 */
class DocExamplesTest {

    /** The most a {@code run} may be estimated to take to run for real here; longer ones are planned only. */
    static final double REAL_RUN_NANOS = 0.6e9;

    @TempDir
    Path tmp;

    static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    @TestFactory
    Stream<DynamicTest> everyPageRunsAsWritten() throws IOException {
        return pages().stream().map(page -> DynamicTest.dynamicTest(page.toString(), () -> checkPage(page)));
    }

    private void checkPage(Path page) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(page.getFileName().toString()));
        List<String> problems = new ArrayList<>();
        for (DocExamples.Block b : DocExamples.read(page)) {
            if (b.illustrative() != null) {
                if (b.illustrative().length() < 8) {
                    problems.add(b.where() + ": illustrative needs a reason");
                }
                continue;
            }
            for (String other : b.others()) {
                problems.add(b.where() + ": '" + other + "' is not a vbench command; mark the block"
                        + " <!-- example: illustrative, REASON --> or leave the command out");
            }
            for (DocExamples.Command c : b.commands()) {
                String problem = check(b, c, dir);
                if (problem != null) {
                    problems.add(b.where() + ": " + c.text() + "\n    " + problem.replace("\n", "\n    "));
                }
            }
        }
        if (!problems.isEmpty()) {
            fail(problems.size() + " example(s) of " + page + " do not run as written:\n"
                    + String.join("\n", problems));
        }
    }

    /** Null when {@code c} runs as the page says, else what went wrong. */
    private String check(DocExamples.Block b, DocExamples.Command c, Path dir) throws IOException {
        if (c.args() == null) {
            return "uses " + c.shellFeature() + ": give the command without it, or mark the block illustrative";
        }
        List<String> args = inTemp(globbed(c.args(), dir), dir);
        if (args.isEmpty()
                || args.get(0).startsWith("-")
                        && !args.get(0).equals("--version")
                        && !args.get(0).equals("--help")) {
            return parses(args);
        }
        if (neverRun(args)) {
            return parses(args);
        }
        boolean run = RUNS.contains(args.get(0));
        if (run && c.expectedExit() == 0 && !args.contains("--dry-run")) {
            List<String> plan = new ArrayList<>(args);
            plan.add("--dry-run");
            CliRun dry = CliRun.of(plan.toArray(String[]::new));
            if (dry.code() != 0) {
                return "--dry-run exits " + dry.code() + ": " + dry.err().strip();
            }
            if (b.dryRunOnly() || args.get(0).equals("noise") || !cheap(dry.out())) {
                return null;
            }
            args.addAll(
                    List.of("--no-progress", "--data-dir", dir.resolve("data").toString()));
        } else if (!run && (!inputsExist(args) || !storeExists(args))) {
            return parses(args);
        }
        return ranAsShown(c, CliRun.of(args.toArray(String[]::new)));
    }

    /** The commands that run a plan: planned with {@code --dry-run}, run for real only when cheap ({@code noise}: never, it repeats the plan). */
    private static final Set<String> RUNS = Set.of("run", "noise");

    /** Commands that are only parsed: they measure for seconds ({@code calibrate}) or serve until stopped. */
    private static boolean neverRun(List<String> args) {
        return args.get(0).equals("calibrate")
                || args.size() > 1
                        && args.get(0).equals("history")
                        && args.get(1).equals("serve");
    }

    /** {@code args} with each glob ({@code shard-*.json}) expanded as a shell would: among the page's files, else the checkout's; kept when none match. */
    private static List<String> globbed(List<String> args, Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (!a.matches(".*[*?\\[].*")
                    || a.startsWith("-")
                    || a.contains("=")
                    || a.contains("::")
                    || a.contains("<")) {
                out.add(a);
                continue;
            }
            List<String> found = matching(a, dir);
            if (found.isEmpty()) {
                found = matching(a, Path.of(""));
            }
            out.addAll(found.isEmpty() ? List.of(a) : found);
        }
        return out;
    }

    private static List<String> matching(String glob, Path base) throws IOException {
        Path root = base.toAbsolutePath();
        PathMatcher m = root.getFileSystem().getPathMatcher("glob:" + glob);
        Path top = root.resolve(glob.contains("/") ? glob.substring(0, glob.indexOf('/')) : ".")
                .normalize();
        if (!Files.isDirectory(top)) {
            return List.of();
        }
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(top, 4)) {
            files.filter(f -> m.matches(root.relativize(f)))
                    .map(f -> (base.toString().isEmpty() ? root.relativize(f) : f).toString())
                    .sorted()
                    .forEach(found::add);
        }
        return found;
    }

    /** Whether a dry run's estimate is in time and at most {@link #REAL_RUN_NANOS}. */
    private static boolean cheap(String dryRun) {
        Matcher m = Pattern.compile("estimate ([0-9.]+) (s|min|h)\\b").matcher(dryRun);
        if (!m.find()) {
            return false;
        }
        double seconds = Double.parseDouble(m.group(1))
                * switch (m.group(2)) {
                    case "min" -> 60;
                    case "h" -> 3600;
                    default -> 1;
                };
        return seconds * 1e9 <= REAL_RUN_NANOS;
    }

    /** Null when picocli parses {@code args} (options, values and converters), else its message. */
    private static String parses(List<String> args) {
        try {
            Cli.commandLine(
                            new PrintWriter(Writer.nullWriter()),
                            new PrintWriter(Writer.nullWriter()),
                            args.toArray(String[]::new))
                    .parseArgs(args.toArray(String[]::new));
            return null;
        } catch (CommandLine.ParameterException e) {
            return "does not parse: " + e.getMessage();
        }
    }

    /**
     * Whether a {@code history} verb that reads finds its store: an H2 file the page made before (a PostgreSQL
     * server is not here, so its commands are parsed).
     */
    private static boolean storeExists(List<String> args) {
        if (!args.get(0).equals("history") || args.size() > 1 && args.get(1).equals("add")) {
            return true;
        }
        for (String a : args) {
            if (a.startsWith("--history=jdbc:postgresql:")) {
                return false;
            }
            if (a.startsWith("--history=jdbc:h2:file:")) {
                return Files.exists(Path.of(a.substring("--history=jdbc:h2:file:".length()) + ".mv.db"));
            }
        }
        return true;
    }

    private static final Set<String> FILE_COMMANDS = Set.of("compare", "report", "merge", "add");

    /** Whether every input file of a command that reads files exists (as written, or written to the page's directory). */
    private static boolean inputsExist(List<String> args) {
        if (!FILE_COMMANDS.contains(args.get(0))
                && !(args.get(0).equals("history") && args.size() > 1 && FILE_COMMANDS.contains(args.get(1)))) {
            return true;
        }
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            boolean option = a.startsWith("-");
            boolean valueOfOption = i > 1
                    && args.get(i - 1).startsWith("-")
                    && !args.get(i - 1).contains("=")
                    && Set.of(
                                    "-o",
                                    "--output",
                                    "--history",
                                    "--labels",
                                    "--match-ignore",
                                    "--format",
                                    "-f",
                                    "--metric",
                                    "--noise",
                                    "--fail-on-regression",
                                    "--layout",
                                    "--cell",
                                    "--branch",
                                    "--commit",
                                    "--testbed",
                                    "--label",
                                    "--run-id")
                            .contains(args.get(i - 1));
            if (!option && !valueOfOption && (a.endsWith(".json") || a.contains("*")) && !Files.exists(Path.of(a))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The arguments with files the page writes and reads in {@code dir}: an output (-o) that is a relative path, and
     * any relative argument a command before it wrote there; the history in a store there when none is named.
     */
    private static List<String> inTemp(List<String> args, Path dir) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String previous = i == 0 ? "" : args.get(i - 1);
            boolean output = previous.equals("-o") || previous.equals("--output");
            if (output && !a.equals("-") && !Path.of(a).isAbsolute()) {
                out.add(dir.resolve(a).toString());
            } else if (!a.startsWith("-") && !Path.of(a).isAbsolute() && Files.exists(dir.resolve(a)) && !a.isEmpty()) {
                out.add(dir.resolve(a).toString());
            } else if (a.equals("--history")
                    && (i + 1 == args.size() || args.get(i + 1).startsWith("-"))) {
                out.add("--history=" + store(dir));
            } else if (a.equals("--history") || a.startsWith("--history=")) {
                String url = a.equals("--history") ? args.get(++i) : a.substring("--history=".length());
                String file = url.startsWith("jdbc:h2:file:") ? url.substring("jdbc:h2:file:".length()) : null;
                out.add("--history="
                        + (file != null && !Path.of(file).isAbsolute() && !file.startsWith("~")
                                ? "jdbc:h2:file:"
                                        + dir.resolve(file).normalize().toAbsolutePath()
                                : url));
            } else {
                out.add(a);
            }
        }
        boolean history = !out.isEmpty()
                && out.get(0).equals("history")
                && out.size() > 1
                && !out.get(1).startsWith("-");
        if (history && out.stream().noneMatch(a -> a.startsWith("--history="))) {
            out.add("--history=" + store(dir));
        }
        return out;
    }

    private static String store(Path dir) {
        return "jdbc:h2:file:" + dir.resolve("history").toAbsolutePath();
    }

    /** Null when {@code r} exits as the page says and its output has the shape the page shows. */
    private static String ranAsShown(DocExamples.Command c, CliRun r) {
        if (r.code() != c.expectedExit()) {
            return "exits " + r.code() + ", the page says " + c.expectedExit() + "\n" + r;
        }
        String actual = normalize(r.out() + "\n" + r.err());
        List<String> shown = c.shownOutput();
        for (int i = 0; i < shown.size(); i++) {
            String line = shown.get(i);
            boolean header = i + 1 < shown.size() && shown.get(i + 1).matches("^-{5,}\\s*$|^\\|[-:| ]+\\|$");
            boolean message =
                    line.startsWith("vbench: ") && !line.startsWith("vbench: warning: "); // warnings follow the machine
            String want = header ? normalize(line) : message ? firstWords(line, 5) : null;
            if (want != null && !want.isBlank() && !actual.contains(want)) {
                return "prints no '" + want + "' (" + (header ? "a table header" : "a message") + " the page shows)\n"
                        + r;
            }
        }
        return null;
    }

    /** Whitespace collapsed, and every number (with its decimals) written as #. */
    static String normalize(String text) {
        return text.replaceAll("[0-9]+(\\.[0-9]+)?", "#")
                .replaceAll("[ \\t]+", " ")
                .replaceAll(" ?\\| ?", "|");
    }

    /** The first {@code n} words of a message, normalized, so a number or a path later in it may differ. */
    static String firstWords(String line, int n) {
        String[] words = normalize(line).strip().split(" ");
        return String.join(" ", List.of(words).subList(0, Math.min(n, words.length)));
    }

    @Test
    void aMissingFileOrAnUnknownOptionFailsThePage() throws Exception {
        Path page = Files.writeString(
                Files.createDirectories(tmp.resolve("pages")).resolve("page.md"),
                String.join(
                        "\n",
                        "# A page",
                        "",
                        "```",
                        "$ ./vbench run -w examples/single-file/Inventory.java -p keys=1000 -e virtual",
                        "```",
                        "",
                        "```",
                        "$ ./vbench run -w noop --no-such-option",
                        "```",
                        "",
                        "```",
                        "tar xzf vbench.tar.gz",
                        "```",
                        ""));
        AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class, () -> checkPage(page));
        assertTrue(e.getMessage().startsWith("3 example(s) of " + page + " do not run as written"), e.getMessage());
        assertTrue(
                e.getMessage().contains("page.md:3: ./vbench run -w examples/single-file/Inventory.java"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--dry-run exits 2"), e.getMessage());
        assertTrue(e.getMessage().contains("--no-such-option"), e.getMessage());
        assertTrue(e.getMessage().contains("'tar xzf vbench.tar.gz' is not a vbench command"), e.getMessage());
    }

    @Test
    void everyHelpExampleRuns() {
        CommandLine root = Cli.commandLine(new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()));
        List<String> problems = new ArrayList<>();
        List<CommandLine> commands = HelpTextTest.commands();
        assertTrue(commands.size() > 10, commands::toString);
        for (CommandLine c : commands) {
            String[] lines = c.getCommandSpec().usageMessage().description();
            for (int i = 0; i < lines.length; i++) {
                String text = lines[i].strip();
                if (!lines[i].startsWith("  vbench ")) {
                    continue;
                }
                while (text.endsWith("\\") && i + 1 < lines.length) {
                    text = text.substring(0, text.length() - 1) + " " + lines[++i].strip();
                }
                text = HelpText.format(text);
                List<String> args = new ArrayList<>();
                String feature = DocExamples.tokenize(text.substring("vbench ".length()), args);
                if (feature != null) {
                    problems.add(c.getCommandSpec().qualifiedName() + ": '" + text + "' uses " + feature);
                    continue;
                }
                String problem = new DocExamplesTest().checkHelp(args);
                if (problem != null) {
                    problems.add(c.getCommandSpec().qualifiedName() + ": '" + text + "': " + problem);
                }
            }
        }
        assertEquals(List.of(), problems, String.join("\n", problems) + " (root " + root.getCommandName() + ")");
    }

    /**
     * A help example: {@code run} and {@code noise} planned, anything else parsed; one that names a class of the
     * reader's own project ({@code com.acme.…}, the help's placeholder) is parsed only, since no such class is here.
     */
    private String checkHelp(List<String> args) {
        boolean ownProject = args.stream().anyMatch(a -> a.startsWith("com.acme.") || a.startsWith("'com.acme."));
        if (!args.isEmpty() && RUNS.contains(args.get(0)) && !ownProject) {
            List<String> plan = new ArrayList<>(args);
            plan.add("--dry-run");
            CliRun dry = CliRun.of(plan.toArray(String[]::new));
            return dry.code() == 0
                    ? null
                    : "--dry-run exits " + dry.code() + ": " + dry.err().strip();
        }
        return parses(args);
    }
}
