package dev.vbench.app;

import dev.vbench.result.Choice;
import java.util.Locale;

/** {@code history check --format}: the check table as text or markdown, or one JUnit test case per series × metric. */
public enum CheckFormat implements Choice {
    TEXT,
    MARKDOWN,
    JUNIT;

    @Override
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
