package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the user documentation ({@code README.md}, {@code ARCHITECTURE.md},
 * {@code CHANGELOG.md}, {@code docs/*.md}) resolves to a file in the repository, and every {@code #anchor}
 * into a Markdown file names one of its headings (as GitHub makes them: lower case, punctuation dropped,
 * spaces as hyphens, {@code -1}, {@code -2} for repeats). Links inside code blocks and code spans are text.
 * The README stays a front door: 400 lines at most.
 */
class DocsLinksTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    /** {@code [text](target)} or {@code ![alt](target "title")}; the text may hold code spans, not brackets. */
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");

    private static final Pattern CODE_SPAN = Pattern.compile("`+[^`]*`+");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");

    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(
                List.of(ROOT.resolve("README.md"), ROOT.resolve("ARCHITECTURE.md"), ROOT.resolve("CHANGELOG.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        int links = 0;
        for (Path page : pages()) {
            for (String target : links(Files.readAllLines(page, StandardCharsets.UTF_8))) {
                if (target.matches("(?i)[a-z][a-z0-9+.-]*:.*")) { // https:, mailto:
                    continue;
                }
                links++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? "" : target.substring(hash + 1);
                Path resolved = file.isEmpty()
                        ? page
                        : page.getParent().resolve(decode(file)).normalize();
                String where = ROOT.relativize(page) + ": (" + target + ")";
                if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
                    broken.add(where + " names no file in the repository");
                } else if (!anchor.isEmpty()
                        && resolved.toString().endsWith(".md")
                        && !anchors.computeIfAbsent(resolved, DocsLinksTest::anchors)
                                .contains(decode(anchor))) {
                    broken.add(where + " names no heading of " + ROOT.relativize(resolved));
                }
            }
        }
        assertTrue(links > 50, "too few links found (" + links + "): is the pattern still right?");
        assertEquals(List.of(), broken);
    }

    @Test
    void theReadmeIsAFrontDoor() throws IOException {
        long lines = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8)
                .size();
        assertTrue(lines <= 400, "README.md has " + lines + " lines; move detail into docs/ (at most 400)");
    }

    @Test
    void anchorsAreMadeAsGitHubMakesThem() {
        assertEquals(
                List.of(
                        "forkjoinparallelism2-on-the-1-µs-task-a-lead-not-an-answer",
                        "vbench-compare",
                        "vbench-compare-1",
                        "the-seed-suites-on-16-cores"),
                new ArrayList<>(anchorsOf(List.of(
                        "### `forkjoin:parallelism=2` on the 1 µs task: a lead, not an answer",
                        "## `vbench compare`",
                        "```",
                        "# not a heading",
                        "```",
                        "## `vbench compare`",
                        "### The seed suites on 16 cores"))));
        assertEquals(
                List.of("a.md#x", "b.png"),
                links(List.of("see [a](a.md#x) and `[no](c.md)`, ![b](b.png \"t\")", "```", "[no](d.md)", "```")));
    }

    /** The link targets of a page, outside code blocks and code spans. */
    private static List<String> links(List<String> lines) {
        List<String> targets = new ArrayList<>();
        boolean code = false;
        for (String line : lines) {
            if (line.strip().startsWith("```")) {
                code = !code;
                continue;
            }
            if (code) {
                continue;
            }
            Matcher m = LINK.matcher(CODE_SPAN.matcher(line).replaceAll("code"));
            while (m.find()) {
                targets.add(m.group(1));
            }
        }
        return targets;
    }

    private static Set<String> anchors(Path page) {
        try {
            return anchorsOf(Files.readAllLines(page, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Set<String> anchorsOf(List<String> lines) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean code = false;
        for (String line : lines) {
            if (line.strip().startsWith("```")) {
                code = !code;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (code || !m.matches()) {
                continue;
            }
            String text = m.group(2).replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link's text only
            String slug = text.toLowerCase(Locale.ROOT)
                    .replaceAll("[^\\p{L}\\p{N}\\p{M} _-]", "")
                    .replace(' ', '-');
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    private static String decode(String s) {
        return URLDecoder.decode(s.replace("+", "%2B"), StandardCharsets.UTF_8);
    }
}
