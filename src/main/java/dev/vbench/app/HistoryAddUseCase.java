package dev.vbench.app;

import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.history.Importer;
import dev.vbench.history.StoredRun;
import dev.vbench.history.Testbed;
import dev.vbench.measure.EnvironmentProbe;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code history add}: result files stored as runs of the history, all read before any is stored.
 *
 * <pre>{@code
 * List<Long> ids = HistoryAddUseCase.add(new HistoryTarget(null, "ci-box", "main", "abc123", List.of(), null),
 *         List.of(Path.of("r.json")), System.out::println);
 * }</pre>
 */
public final class HistoryAddUseCase {

    private HistoryAddUseCase() {}

    /**
     * {@code history add}: reads every file before storing any (a bad file stores nothing), then stores
     * each as one run.
     *
     * @param stored told one line per file as it is stored: {@code stored FILE as run ID (N series)}
     * @return the ids of the runs stored, in file order
     */
    public static List<Long> add(HistoryTarget target, List<Path> files, Consumer<String> stored) {
        List<Long> ids = new ArrayList<>();
        HistoryAccess.call(() -> {
            HistoryUrl where = target.resolve();
            Importer.Meta meta = target.meta(false);
            Testbed local = Testbed.probe(
                    target.testbed(), EnvironmentProbe.capture("", "").hostName());
            List<StoredRun> runs = new ArrayList<>();
            for (Path f : files) {
                runs.add(Importer.fromFile(f, meta, local));
            }
            try (HistoryStore store = HistoryStore.open(where, true)) {
                for (int i = 0; i < runs.size(); i++) {
                    long id = store.add(runs.get(i));
                    ids.add(id);
                    stored.accept("stored " + files.get(i) + " as run " + id + " ("
                            + runs.get(i).cells().size() + " series)");
                }
            }
            return ExitCodes.OK;
        });
        return ids;
    }
}
