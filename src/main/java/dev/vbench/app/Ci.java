package dev.vbench.app;

import dev.vbench.report.ci.GateReport;
import dev.vbench.report.ci.GitHubMarkdown;
import dev.vbench.report.ci.WorkflowCommands;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * What a command adds for CI ({@code --ci}, {@code --comment-file}): in GitHub Actions the job summary
 * appended to {@code $GITHUB_STEP_SUMMARY} and the workflow commands that annotate the run (on stdout,
 * after the command's own output); with {@code --comment-file}, a pull-request comment body that starts
 * with a stable hidden marker, for a workflow step to post or update. Nothing here calls a service.
 *
 * @param mode {@code --ci}, or null to detect GitHub Actions from {@code env}
 * @param commentFile {@code --comment-file}, or null
 * @param env the process environment ({@code GITHUB_ACTIONS}, {@code GITHUB_STEP_SUMMARY})
 */
public record Ci(CiMode mode, Path commentFile, Map<String, String> env) {

    /** No CI outputs. */
    public static final Ci NONE = new Ci(CiMode.NONE, null, Map.of());

    /** The environment variable GitHub Actions names the step's summary file in. */
    public static final String SUMMARY_VARIABLE = "GITHUB_STEP_SUMMARY";

    public Ci {
        env = Map.copyOf(env);
    }

    /** Whether any CI output is on: GitHub's (given or detected), or a comment file. */
    public boolean active() {
        return github() || commentFile != null;
    }

    /** Whether the GitHub outputs are on (given, or detected). */
    public boolean github() {
        return CiMode.resolve(mode, env) == CiMode.GITHUB;
    }

    /** Fails before any work when the comment file cannot be written. */
    void checkWritable() {
        if (commentFile != null) {
            OutputFiles.checkWritable(commentFile, "--comment-file");
        }
    }

    /**
     * What was added.
     *
     * @param stdout the workflow commands, for the end of stdout; empty without GitHub
     * @param warnings what could not be done, for stderr (a summary file that is not set or is full)
     */
    public record Published(String stdout, List<String> warnings) {
        public Published {
            warnings = List.copyOf(warnings);
        }
    }

    /** Nothing added. */
    public static final Published NOTHING = new Published("", List.of());

    /** The summary, the comment file and the workflow commands of a gate's result. */
    Published publish(GateReport report) {
        List<String> warnings = new ArrayList<>();
        if (github()) {
            appendSummary(budget -> GitHubMarkdown.summary(report, budget), warnings);
        }
        writeComment(GitHubMarkdown.comment(report));
        return new Published(github() ? WorkflowCommands.render(report) : "", warnings);
    }

    /** The summary and comment file of a run's report (a run has no gate, so no workflow commands). */
    Published publishMarkdown(IntFunction<String> summaryWithin, String comment) {
        List<String> warnings = new ArrayList<>();
        if (github()) {
            appendSummary(summaryWithin, warnings);
        }
        writeComment(comment);
        return new Published("", warnings);
    }

    /** Appends the summary that fits the room the step's summary file has left (GitHub allows 1 MiB a step). */
    private void appendSummary(IntFunction<String> within, List<String> warnings) {
        String name = env.get(SUMMARY_VARIABLE);
        if (name == null || name.isBlank()) {
            warnings.add(
                    "--ci github: $" + SUMMARY_VARIABLE + " is not set, so there is no job summary; it is set inside"
                            + " a GitHub Actions step (use --ci none elsewhere)");
            return;
        }
        Path file = Path.of(name);
        long used;
        try {
            used = Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            used = 0;
        }
        long room = GitHubMarkdown.SUMMARY_LIMIT_BYTES - used - 1;
        if (room < 4096) {
            warnings.add("$" + SUMMARY_VARIABLE + " already holds " + used
                    + " bytes of this step's 1 MiB; no job summary" + " added (run vbench in a step of its own)");
            return;
        }
        String text = within.apply((int) room);
        try {
            OutputFiles.append(file, (used > 0 ? "\n" : "") + text);
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot append the job summary to " + file + " ($" + SUMMARY_VARIABLE + "): " + e.getMessage()
                            + "; check that the step's summary file is writable",
                    e);
        }
    }

    private void writeComment(String body) {
        if (commentFile == null) {
            return;
        }
        try {
            OutputFiles.writeAtomically(commentFile, body);
        } catch (IOException e) {
            throw new EnvironmentException(
                    "cannot write " + commentFile + " (--comment-file): " + e.getMessage()
                            + "; check free space and permissions",
                    e);
        }
    }
}
