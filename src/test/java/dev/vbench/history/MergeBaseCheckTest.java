package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.CheckFormat;
import dev.vbench.app.Ci;
import dev.vbench.app.HistoryCheckUseCase;
import dev.vbench.app.HistoryQueryUseCase;
import dev.vbench.app.UsageException;
import dev.vbench.result.ResultCodec;
import dev.vbench.stats.Verdict;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.VbenchProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code history check --baseline merge-base} in a real git repository: three commits on main (a1, a2, a3),
 * a branch forked at a2 with two commits (f1, f2), a stored run for each. Main's tip a3 got 20% faster after
 * the fork; the branch kept a2's speed. Against the merge-base (a2) the branch's run is unchanged; against the
 * previous stored run (a3, main's tip) it would read 25% slower.
 */
@Tag(SlowFirst.SLOW)
class MergeBaseCheckTest {

    @TempDir
    Path tmp;

    private Path repo;
    private String url;
    private final Map<String, String> commits = new HashMap<>();

    @BeforeEach
    void repositoryAndRuns() throws Exception {
        repo = Files.createDirectories(tmp.resolve("repo"));
        git("init", "-q", "-b", "main");
        git("config", "user.email", "ci@example.invalid");
        git("config", "user.name", "CI");
        git("config", "commit.gpgsign", "false");
        for (String c : List.of("a1", "a2")) {
            commit(c);
        }
        git("checkout", "-q", "-b", "feature");
        commit("f1");
        git("checkout", "-q", "main");
        commit("a3");
        git("checkout", "-q", "feature");
        commit("f2");
        url = "jdbc:h2:file:" + tmp.resolve("history").toAbsolutePath();
        List<HistoryFixtures.Cell> cells = HistoryFixtures.series(2, 0.005);
        // stored in the order CI would store them: main's a1, a2, the branch's f1, main's a3, the branch's f2
        String[][] runs = {
            {"a1", "main", "1.0"},
            {"a2", "main", "1.0"},
            {"f1", "feature", "1.0"},
            {"a3", "main", "0.8"},
            {"f2", "feature", "1.0"}
        };
        for (int i = 0; i < runs.length; i++) {
            Path f = tmp.resolve(runs[i][0] + ".json");
            Files.writeString(f, ResultCodec.toJson(HistoryFixtures.run(i, cells, Double.parseDouble(runs[i][2]), 42)));
            CliRun add = CliRun.of(
                    "history",
                    "add",
                    "--history",
                    url,
                    "--branch",
                    runs[i][1],
                    "--commit",
                    commits.get(runs[i][0]),
                    "--testbed",
                    "ci",
                    f.toString());
            assertEquals(0, add.code(), add::toString);
        }
    }

    @Test
    void theBranchRunIsComparedWithTheForkPointsRunNotMainsTip() {
        HistoryCheckUseCase.Outcome o = check("merge-base");
        assertEquals(
                "merge-base of HEAD (" + commits.get("f2").substring(0, 12) + ") and main: commit "
                        + commits.get("a2").substring(0, 12),
                o.baseline());
        assertTrue(o.rows().size() >= 2, "two series × every stored metric");
        for (var r : o.rows()) {
            assertEquals(commits.get("f2"), r.newest().commit(), "HEAD's run is checked");
            assertEquals(commits.get("a2"), r.baselineCommit(), "against the merge-base's run");
            assertEquals(1, r.baselineRuns());
            assertTrue(Math.abs(r.delta()) < 0.05, r.input().metric() + " " + r.delta());
            assertTrue(r.verdict() != Verdict.SLOWER, r.toString());
        }
        assertEquals(0, o.exitCode(), String.join("\n", o.gateLines()));
        assertEquals(o.baseline(), check("merge-base:main").baseline());
        HistoryCheckUseCase.Outcome previous = check("previous");
        assertEquals(1, previous.exitCode(), "against main's tip, the last run stored, the branch reads slower");
        assertTrue(previous.rows().stream()
                .filter(r -> r.input().metric().equals("makespan"))
                .allMatch(r -> r.verdict() == Verdict.SLOWER
                        && r.delta() > 0.2
                        && r.baselineCommit().equals(commits.get("a3"))));
    }

    @Test
    void theCommandSaysWhichBaselineItUsedAndTheGitHubStepGetsIt() throws Exception {
        Path summary = tmp.resolve("summary.md");
        Path log = tmp.resolve("check.log");
        Process p = VbenchProcess.start(
                log,
                Map.of("GITHUB_ACTIONS", "true", "GITHUB_STEP_SUMMARY", summary.toString()),
                repo,
                VbenchProcess.QUICK_START, // the child's own speed is not what is checked
                "history",
                "check",
                "--history",
                url,
                "--baseline",
                "merge-base",
                "--fail-on-regression",
                "5%",
                "--metric",
                "makespan",
                "--verbose");
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String out = Files.readString(log);
        assertEquals(0, p.exitValue(), out);
        assertTrue(
                out.contains(
                        "baseline: merge-base of HEAD (" + commits.get("f2").substring(0, 12) + ") and main: commit "
                                + commits.get("a2").substring(0, 12)),
                out);
        String md = Files.readString(summary);
        assertTrue(
                md.startsWith("### vbench history check\n\n**0 slower, 0 faster, 2 unchanged** — :white_check_mark: no"
                        + " regression past the 5.0% gate.\n\nBaseline: merge-base of HEAD"),
                md);
    }

    @Test
    void withoutARunOfHeadOrOutsideARepositoryTheCheckSaysWhatToDo() throws Exception {
        commit("f3");
        Exception e = org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> check("merge-base"));
        assertTrue(
                e.getMessage()
                        .startsWith("no run is stored for HEAD (commit "
                                + commits.get("f3").substring(0, 12) + ")"),
                e.getMessage());
        Path plain = Files.createDirectories(tmp.resolve("plain"));
        Exception outside = org.junit.jupiter.api.Assertions.assertThrows(
                UsageException.class, () -> HistoryCheckUseCase.check(request("merge-base", plain)));
        assertTrue(outside.getMessage().contains("needs a git checkout"), outside.getMessage());
        Exception badBranch =
                org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> check("merge-base:nosuch"));
        assertTrue(badBranch.getMessage().contains("no merge-base of HEAD and 'nosuch'"), badBranch.getMessage());
        Exception badForm =
                org.junit.jupiter.api.Assertions.assertThrows(UsageException.class, () -> check("median:0"));
        assertTrue(badForm.getMessage().contains("median:5"), badForm.getMessage());
    }

    @Test
    void medianOfTheLastRunsOfTheBranch() {
        HistoryCheckUseCase.Outcome o = check("median:5");
        assertTrue(o.baseline().startsWith("the median of the last 5 runs on the branch"), o.baseline());
        for (var r : o.rows()) {
            assertEquals(1, r.baselineRuns(), "the branch has one run before f2: " + r);
            assertTrue(Math.abs(r.delta()) < 0.05, r.toString());
        }
    }

    private HistoryCheckUseCase.Outcome check(String baseline) {
        return HistoryCheckUseCase.check(request(baseline, repo));
    }

    private HistoryCheckUseCase.Request request(String baseline, Path dir) {
        return new HistoryCheckUseCase.Request(
                url,
                null,
                null,
                0.01,
                0.05,
                false,
                HistoryQueryUseCase.Settings.DEFAULTS,
                baseline,
                dir,
                null,
                CheckFormat.TEXT,
                Ci.NONE);
    }

    private void commit(String name) throws Exception {
        Files.writeString(repo.resolve(name + ".txt"), name);
        git("add", name + ".txt");
        git("commit", "-q", "-m", name);
        commits.put(name, git("rev-parse", "HEAD"));
    }

    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command)
                .directory(repo.toFile())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
        return out;
    }
}
