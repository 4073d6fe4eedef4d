package dev.vbench.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The git branch and commit of a working directory, asked of {@code git} itself (5 s at most);
 * empty strings when it is not a repository or git is not installed.
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

    private static String git(Path dir, String... args) {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "git";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
