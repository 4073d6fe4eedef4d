package dev.vbench.cli;

import dev.vbench.app.Ci;
import dev.vbench.app.CiMode;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --ci} and {@code --comment-file} of {@code compare}, {@code run} and {@code history check}. */
public final class CiOptions {

    @Option(
            names = "--ci",
            paramLabel = "github|none",
            completionCandidates = EnumNames.CiModes.class,
            description = "CI outputs: github appends a markdown summary to $GITHUB_STEP_SUMMARY and prints ::error,"
                    + " ::warning and ::notice workflow commands for the changes. Default: github when $GITHUB_ACTIONS"
                    + " is true, else none.")
    CiMode mode;

    @Option(
            names = "--comment-file",
            paramLabel = "FILE",
            description =
                    "Also write a pull-request comment body (markdown, at most 65,536 characters) that starts with"
                            + " the hidden marker <!-- vbench-comment -->, for a workflow step to post or update.")
    Path commentFile;

    /** The options as the use cases take them, with this process's environment. */
    Ci ci() {
        return new Ci(mode, commentFile, System.getenv());
    }
}
