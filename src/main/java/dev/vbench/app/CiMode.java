package dev.vbench.app;

import dev.vbench.result.Choice;
import java.util.Locale;
import java.util.Map;

/**
 * {@code --ci}: which CI system's outputs a command adds to its own — the job summary and workflow
 * commands of GitHub Actions, or none. Without the option, {@code GITHUB_ACTIONS=true} (set by every
 * GitHub Actions step) means {@link #GITHUB}.
 */
public enum CiMode implements Choice {
    GITHUB,
    NONE;

    @Override
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode given, else {@link #GITHUB} inside a GitHub Actions step, else {@link #NONE}. */
    public static CiMode resolve(CiMode given, Map<String, String> env) {
        if (given != null) {
            return given;
        }
        return "true".equalsIgnoreCase(env.getOrDefault("GITHUB_ACTIONS", "")) ? GITHUB : NONE;
    }
}
