package dev.vbench.cli;

import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.history.Importer;
import dev.vbench.history.StoredRun;
import dev.vbench.history.Testbed;
import dev.vbench.measure.EnvironmentProbe;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code vbench history add FILE…}: stores result files (vbench of any schema version, JMH JSON). */
@Command(name = "add", sortOptions = false,
        description = {"Store result files in the history: vbench results (every schema version) and JMH JSON",
            "(-rf json). Each file is one run, stored whole or not at all, at the time inside it (JMH files:",
            "their modification time). All files are read before any is stored.", "",
            "Examples:",
            "  vbench history add nightly/*.json",
            "  vbench history add --history jdbc:postgresql://db/bench --branch main --commit 1a2b3c jmh.json"})
public final class HistoryAddCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    CommonOptions common;

    @Mixin
    HistoryOptions history;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Result files to store.")
    List<Path> files = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return HistoryVerb.call(() -> {
            HistoryUrl where = history.resolve();
            Importer.Meta meta = history.meta(false);
            Testbed local = Testbed.probe(history.testbed, EnvironmentProbe.capture("", "").hostName());
            List<StoredRun> runs = new ArrayList<>();
            for (Path f : files) {
                runs.add(Importer.fromFile(f, meta, local));
            }
            try (HistoryStore store = HistoryStore.open(where, true)) {
                for (int i = 0; i < runs.size(); i++) {
                    long id = store.add(runs.get(i));
                    out.println("stored " + files.get(i) + " as run " + id + " (" + runs.get(i).cells().size() + " series)");
                }
            }
            out.flush();
            return ExitCodes.OK;
        });
    }
}
