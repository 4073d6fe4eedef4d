package dev.vbench.cli;

import dev.vbench.report.Format;
import java.util.Arrays;
import java.util.Iterator;

/** The output format names as users type them ({@code html}, {@code hgrm} …), for help text and shell completion. */
public final class FormatNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Arrays.stream(Format.values()).map(Format::cliName).iterator();
    }
}
