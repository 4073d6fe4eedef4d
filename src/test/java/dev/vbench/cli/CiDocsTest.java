package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.vbench.app.GateFiles;
import dev.vbench.compare.Gates;
import dev.vbench.report.ci.GitHubMarkdown;
import dev.vbench.report.ci.WorkflowCommands;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflows of docs/ci.md, as far as they run here: every YAML block parses; GitHub workflows have
 * triggers and jobs whose steps use an action or run a script; every script (a step's {@code run}, a
 * GitLab job's {@code before_script}, {@code script} and {@code after_script}) passes {@code bash -n}; every
 * {@code vbench} command in them parses with vbench's own options; the gates file loads.
 */
class CiDocsTest {

    private static final Path DOC = Path.of("docs/ci.md");
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path tmp;

    private static List<String> yamlBlocks() throws Exception {
        List<String> out = new ArrayList<>();
        Matcher m = YAML_BLOCK.matcher(Files.readString(DOC));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyWorkflowParsesAndEveryScriptAndVbenchCommandInItIsValid() throws Exception {
        List<String> blocks = yamlBlocks();
        assertTrue(
                blocks.size() >= 6,
                "gates, two GitHub workflows of the fork pattern, the same-repo one, GitLab, the action step");
        YAMLMapper yaml = new YAMLMapper();
        int workflows = 0;
        int gitlab = 0;
        List<String> scripts = new ArrayList<>();
        for (String block : blocks) {
            JsonNode doc = yaml.readTree(block);
            assertTrue(doc != null && !doc.isMissingNode(), block);
            if (doc.has("jobs")) {
                workflows++;
                assertTrue(doc.has("on") || doc.has("true"), "a workflow needs triggers: " + block);
                doc.path("jobs").forEach(job -> {
                    assertTrue(job.has("runs-on"), job.toString());
                    assertTrue(job.path("steps").isArray() && job.path("steps").size() > 0, job.toString());
                    job.path("steps").forEach(step -> {
                        assertTrue(step.has("uses") || step.has("run"), step.toString());
                        if (step.has("run")) {
                            scripts.add(step.path("run").asText());
                        }
                    });
                });
            } else if (doc.has("benchmarks") && doc.path("benchmarks").has("script")) {
                gitlab++;
                JsonNode job = doc.path("benchmarks");
                assertTrue(job.path("artifacts").path("reports").has("junit"), job.toString());
                assertTrue(job.path("artifacts").path("reports").has("metrics"), job.toString());
                StringBuilder all = new StringBuilder();
                for (String part : List.of("before_script", "script", "after_script")) {
                    job.path(part).forEach(line -> all.append(line.asText()).append('\n'));
                }
                scripts.add(all.toString());
            } else if (doc.has("gates")) {
                Path gates = tmp.resolve("vbench-gates.yaml");
                Files.writeString(gates, block);
                Gates g = GateFiles.load(gates);
                assertEquals(3, g.gates().size());
            }
        }
        assertEquals(3, workflows, "same-repo, and the two of the fork-safe pattern");
        assertEquals(1, gitlab);
        int vbenchCommands = 0;
        for (String script : scripts) {
            bashSyntax(script);
            for (List<String> command : vbenchCommands(script)) {
                vbenchCommands++;
                StringWriter err = new StringWriter();
                PrintWriter out = new PrintWriter(new StringWriter());
                String[] args = command.subList(1, command.size()).toArray(String[]::new);
                Cli.commandLine(out, new PrintWriter(err), args).parseArgs(args);
            }
        }
        assertTrue(vbenchCommands >= 4, "the compare and report commands of the workflows: " + vbenchCommands);
    }

    @Test
    void theDocStatesGitHubsLimitsAsTheCodeKeepsThem() throws Exception {
        String doc = Files.readString(DOC);
        assertTrue(doc.contains("at most **1 MiB**"));
        assertTrue(doc.contains("at most **65,536 characters**"));
        assertEquals(1024 * 1024, GitHubMarkdown.SUMMARY_LIMIT_BYTES);
        assertEquals(65_536, GitHubMarkdown.COMMENT_LIMIT_CHARS);
        assertTrue(doc.contains("at most **10** annotations"));
        assertEquals(10, WorkflowCommands.SHOWN_PER_LEVEL);
        assertTrue(doc.contains(GitHubMarkdown.COMMENT_MARKER));
        assertFalse(doc.contains("TODO"));
    }

    /** {@code bash -n}: the script parses (nothing runs). */
    private void bashSyntax(String script) throws Exception {
        Path file = tmp.resolve("script-" + System.nanoTime() + ".sh");
        Files.writeString(file, script);
        Process p = new ProcessBuilder("bash", "-n", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out + "\n" + script);
    }

    /** The {@code vbench …} commands of a script, continuation lines joined, as words (quotes removed). */
    static List<List<String>> vbenchCommands(String script) {
        List<List<String>> out = new ArrayList<>();
        String joined = script.replace("\\\n", " ");
        for (String line : joined.split("\n")) {
            String t = line.strip();
            int at = t.indexOf("vbench ");
            if (!(t.startsWith("vbench ") || t.startsWith("- vbench ")) || at < 0) {
                continue;
            }
            List<String> words = new ArrayList<>();
            StringBuilder w = new StringBuilder();
            char quote = 0;
            for (char c : t.substring(at).toCharArray()) {
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    } else {
                        w.append(c);
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (Character.isWhitespace(c)) {
                    if (!w.isEmpty()) {
                        words.add(w.toString());
                        w.setLength(0);
                    }
                } else if (c == '#' && w.isEmpty()) {
                    break;
                } else {
                    w.append(c);
                }
            }
            if (!w.isEmpty()) {
                words.add(w.toString());
            }
            out.add(words);
        }
        return out;
    }
}
