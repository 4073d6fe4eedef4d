package dev.vbench.cli;

import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import picocli.CommandLine.Command;

/** {@code vbench history compact}: rewrites an H2 store compactly; VACUUM ANALYZE on PostgreSQL. */
@Command(name = "compact", sortOptions = false,
        description = {"Compact the store. An embedded H2 file is rewritten whole (SHUTDOWN COMPACT: every live page",
            "copied into a new, compressed file that replaces the old one; a store of 10,000 runs shrinks from 4.1 to",
            "1.6 GB in about half a minute, and opens faster). PostgreSQL reuses freed space itself: there it runs",
            "VACUUM ANALYZE on vbench's tables (writers go on meanwhile). One line: the size before and after.",
            "Other vbench processes wait for an H2 store while it is compacted (up to 30 s, then they exit 3).", "",
            "Examples:",
            "  vbench history compact",
            "  vbench history compact --history jdbc:h2:file:/srv/bench/history"})
final class HistoryCompactCommand extends HistoryVerb {

    @Override
    int execute() {
        try (HistoryStore store = open(false)) {
            HistoryStore.Compaction done = store.compact();
            out().println(HistoryReports.compactLine(store.shown(), done));
            out().flush();
        }
        return ExitCodes.OK;
    }
}
