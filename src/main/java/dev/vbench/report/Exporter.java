package dev.vbench.report;

import dev.vbench.result.RunResult;

/** Renders a whole run as text in one format. Pure: same input, same bytes. */
@FunctionalInterface
public interface Exporter {

    String render(RunResult result);
}
