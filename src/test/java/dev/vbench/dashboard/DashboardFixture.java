package dev.vbench.dashboard;

import dev.vbench.history.HistoryFixtures;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.history.Importer;
import dev.vbench.result.CellResult;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.ProfileFixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * The dashboard's fixture store: 40 synthetic nightly runs of three series on one testbed (no benchmark
 * is run, {@link HistoryFixtures}). Series 1 steps up 10% (slower) from run {@link #STEP_RUN} on and the
 * two runs around the step carry profiles (the pool's, then the virtual threads', {@link ProfileFixtures}),
 * so its change point has Why lines and a differential flame graph; series 2 stays flat; series 3's
 * parameter holds {@link #SCRIPT}. Every fifth run measured branch {@code feature}, the rest {@code main};
 * run {@link #LABELLED_RUN} carries labels with HTML, a control character and a token; run
 * {@link #EXCLUDED_RUN} is excluded.
 */
final class DashboardFixture {

    static final int RUNS = 40;
    /** The first run (1-based id) after series 1's step. */
    static final long STEP_RUN = 21;

    static final long LABELLED_RUN = 30;
    static final long EXCLUDED_RUN = 12;
    static final String SCRIPT = "<script>alert(1)</script>";
    static final String SECRET = "s3cr3t-value";

    private DashboardFixture() {}

    /** A commit id that looks like git's: the SHA-1 of the run's number. */
    static String commit(long run) {
        try {
            return HexFormat.of()
                    .formatHex(
                            MessageDigest.getInstance("SHA-1").digest(("run " + run).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Builds the store in {@code dir}; returns its URL. */
    static String build(Path dir) {
        String url = "jdbc:h2:file:" + dir.resolve("history").toAbsolutePath();
        List<HistoryFixtures.Cell> cells = new ArrayList<>(HistoryFixtures.series(2, 0.01));
        cells.add(new HistoryFixtures.Cell("cpu", Map.of("iterations", "3000", "note", SCRIPT), "fixed", 50, 0.01));
        HistoryUrl where = HistoryUrl.resolve(url, Map.of(), dir);
        try (HistoryStore store = HistoryStore.open(where, true)) {
            for (int i = 0; i < RUNS; i++) {
                RunResult base = HistoryFixtures.run(i, cells, 1.0, 11);
                RunResult stepped = HistoryFixtures.run(i, cells, 1.10, 11);
                List<CellResult> out = new ArrayList<>(base.cells());
                if (i + 1 >= STEP_RUN) {
                    out.set(0, stepped.cells().get(0));
                }
                if (i + 1 == STEP_RUN - 1) {
                    out.set(0, out.get(0).withProfiles(List.of(ProfileFixtures.fixedTasks())));
                } else if (i + 1 == STEP_RUN) {
                    out.set(0, out.get(0).withProfiles(List.of(ProfileFixtures.virtualTasks())));
                }
                RunResult run = new RunResult(base.schema(), base.environment(), base.settings(), out);
                Map<String, String> labels = i + 1 == LABELLED_RUN
                        ? Map.of("note", SCRIPT, "api", "token=" + SECRET)
                        : Map.of("ci", "nightly");
                store.add(Importer.fromRun(
                        run,
                        ResultCodec.toJson(run),
                        "nightly-" + i + ".json",
                        new Importer.Meta("nightly-box", i % 5 == 4 ? "feature" : "main", commit(i + 1), labels),
                        null));
            }
            store.exclude(EXCLUDED_RUN, "backup job ran at 02:00");
        }
        return url;
    }
}
