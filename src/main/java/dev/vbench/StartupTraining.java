package dev.vbench;

import dev.vbench.cli.Cli;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The training run of the start-up cache: {@code ./vbench} runs it once per jar and JDK under
 * {@code -XX:AOTCacheOutput} (JDK 25+), {@code -XX:AOTMode=record} (JDK 24) or
 * {@code -XX:ArchiveClassesAtExit} (JDK 21–23), so that the classes the commands load come from the
 * cache in later runs (on JDK 25 without the training's method profiles, {@code -XX:-AOTRecordTraining}:
 * they would steer C2 on the task path toward the training's executor). It runs the common commands in one
 * JVM, output discarded: help and version, {@code list}, a tiny {@code run}, {@code compare} and
 * {@code report} of its result, and the history verbs on an H2 store of it. Everything it writes stays in the directory it is given.
 *
 * <pre>{@code
 * java -XX:AOTCacheOutput=vbench.aot -cp target/vbench.jar dev.vbench.StartupTraining /tmp/train
 * }</pre>
 */
public final class StartupTraining {

    private StartupTraining() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: StartupTraining WORK_DIR");
            System.exit(2);
        }
        Path dir = Files.createDirectories(Path.of(args[0]));
        String a = dir.resolve("a.json").toString();
        String b = dir.resolve("b.json").toString();
        String data = dir.resolve("data").toString();
        int failures = 0;
        failures += run("--version");
        failures += run("--help");
        failures += run("help", "run");
        failures += run("list");
        failures += run("run", "-w", "noop", "--tasks", "1000", "--trials", "2", "--warmup", "0", "--no-progress", "--pinning", "off",
                "--data-dir", data, "-o", a);
        Files.copy(Path.of(a), Path.of(b));
        failures += run("compare", a, b);
        failures += run("report", a, "--format", "markdown");
        failures += run("report", a, "--format", "html", "-o", dir.resolve("a.html").toString());
        String history = "jdbc:h2:file:" + dir.resolve("history").toAbsolutePath();
        failures += run("history", "add", "--history", history, a, b);
        failures += run("history", "show", "1", "--history", history);
        failures += run("history", "analyze", "--history", history);
        failures += run("history", "check", "--history", history);
        System.exit(failures == 0 ? 0 : 1);
    }

    /** Runs one command with its output discarded; 1 when it did not exit 0. */
    private static int run(String... args) {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        return Cli.run(none, none, args) == 0 ? 0 : 1;
    }
}
