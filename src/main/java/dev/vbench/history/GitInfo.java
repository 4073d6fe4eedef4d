package dev.vbench.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The git branch and commit of a working directory, asked of {@code git} itself (5 s at most);
 * empty strings when it is not a repository or git is not installed. Also the merge-base and default
 * branch that {@code history check --baseline merge-base} compares against.
 *
 * @param branch current branch, empty when detached or unknown
 * @param commit full commit hash, empty when unknown
 */
public record GitInfo(String branch, String commit) {

    public static GitInfo of(Path dir) {
        String commit = git(dir, "rev-parse", "HEAD");
        String branch = git(dir, "rev-parse", "--abbrev-ref", "HEAD");
        return new GitInfo("HEAD".equals(branch) ? "" : branch, commit);
    }

    /**
     * The merge-base of two commits or branches ({@code git merge-base A B}): the full hash, empty when git finds
     * none (no common history, an unknown name, a shallow clone) or {@code dir} is not a repository.
     */
    public static String mergeBase(Path dir, String a, String b) {
        return git(dir, "merge-base", a, b);
    }

    /**
     * The repository's default branch as git can tell it here: {@code origin/HEAD}'s target (e.g.
     * {@code origin/main}), else a local {@code main}, else {@code master}; empty when there is none.
     */
    public static String defaultBranch(Path dir) {
        String remote = git(dir, "symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD");
        if (!remote.isEmpty()) {
            return remote;
        }
        for (String name : new String[] {"main", "master", "origin/main", "origin/master"}) {
            if (!git(dir, "rev-parse", "--verify", "--quiet", name + "^{commit}")
                    .isEmpty()) {
                return name;
            }
        }
        return "";
    }

    private static String git(Path dir, String... args) {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "git";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd)
                    .directory(dir.toFile())
                    .redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).strip() : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
