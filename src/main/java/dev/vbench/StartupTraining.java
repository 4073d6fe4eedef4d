package dev.vbench;

import dev.vbench.cli.Cli;
import dev.vbench.jvm.JavaCommand;
import dev.vbench.jvm.JavaProcess;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The training run of a start-up cache: {@code ./vbench} runs it once per jar, JDK and family of commands
 * under {@code -XX:AOTCacheOutput} (JDK 25+), {@code -XX:AOTMode=record} (JDK 24) or
 * {@code -XX:ArchiveClassesAtExit} (JDK 21–23), so that the classes the commands load come from the
 * cache in later runs (on JDK 25 without the training's method profiles, {@code -XX:-AOTRecordTraining}:
 * they would steer C2 on the task path toward the training's executor). It runs the commands of one
 * {@link Family} in one JVM, output discarded; a cache holds the classes its training loaded, and the JVM
 * maps and links them all at every start (each megabyte of cache costs a command ~2 ms: a cache of the
 * history verbs that also held {@code history add}'s classes made {@code history check} ~20 ms slower), so a
 * family holds only what its commands load. Everything it writes stays in the directory it is given.
 *
 * <pre>{@code
 * java -XX:AOTCacheOutput=vbench.aot -cp target/vbench.jar dev.vbench.StartupTraining /tmp/train read
 * }</pre>
 */
public final class StartupTraining {

    /** The commands a cache is trained on; bin/vbench picks one by the command line's first words. */
    enum Family {
        /** A lone {@code --version}: a few dozen classes, where mapping a bigger cache costs more than it saves. */
        VERSION,
        /** Every command: {@code run}, {@code calibrate}, {@code merge} and anything not below. */
        ALL,
        /** {@code compare} alone: the command scripts and CI gates call most. */
        COMPARE,
        /** {@code report}, {@code list}, help and completion: results and text, no engine, JFR or H2. */
        READ,
        /**
         * The {@code history} verbs that only read: H2, no engine, JFR or importer (the store they train on is
         * made by {@code history add} in a JVM of its own, so that its classes stay out of this cache; the verbs
         * that write get the cache of every command).
         */
        HISTORY
    }

    /** A small real result (two executors, six trials) for the families that do not run anything. */
    static final String TRAINING_RESULT = "/dev/vbench/startup-training.json";
    /**
     * A second run of the same cells with two trials, what the training compares and stores beside the first:
     * results that differ, with too few trials for some of the notes, take the paths (the exact Mann-Whitney
     * p, the notes' text) that two copies of one result do not, and whose classes and call sites would
     * otherwise be loaded and linked from the jar at every start (a tenth of a {@code compare}'s main thread).
     */
    static final String TRAINING_RESULT_B = "/dev/vbench/startup-training-b.json";

    /**
     * The training's commands never add CI outputs: inside a GitHub Actions step ({@code GITHUB_ACTIONS}) they
     * would append the training's comparisons to the user's job summary and annotate the user's run.
     */
    private static final String[] NO_CI = {"--ci", "none"};

    private StartupTraining() {}

    public static void main(String[] args) throws Exception {
        Family family = args.length == 2 ? family(args[1]) : Family.ALL;
        if (args.length < 1 || args.length > 2 || family == null) {
            System.err.println("usage: StartupTraining WORK_DIR [all|compare|read|history|version]");
            System.exit(2);
        }
        System.exit(train(family, Path.of(args[0])) == 0 ? 0 : 1);
    }

    private static Family family(String name) {
        for (Family f : Family.values()) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        return null;
    }

    /** Runs the commands of {@code family} in {@code dir}; how many did not exit 0. */
    static int train(Family family, Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        String a = dir.resolve("a.json").toString();
        String b = dir.resolve("b.json").toString();
        int failures = 0;
        if (family == Family.VERSION) {
            PrintWriter none = new PrintWriter(Writer.nullWriter());
            return Main.version(none, "--version") ? 0 : 1;
        }
        if (family == Family.ALL) {
            failures += run("--version");
            failures += run(
                    "run",
                    "-w",
                    "noop",
                    "--tasks",
                    "1000",
                    "--trials",
                    "2",
                    "--warmup",
                    "0",
                    "--no-progress",
                    "--pinning",
                    "off",
                    "--data-dir",
                    dir.resolve("data").toString(),
                    "-o",
                    a,
                    NO_CI[0],
                    NO_CI[1]);
        } else {
            copy(TRAINING_RESULT, Path.of(a));
        }
        copy(TRAINING_RESULT_B, Path.of(b));
        if (family == Family.ALL || family == Family.COMPARE) {
            failures += run("compare", a, b, NO_CI[0], NO_CI[1]);
            failures += run("compare", a, b, "--format", "markdown", NO_CI[0], NO_CI[1]);
        }
        if (family == Family.ALL || family == Family.READ) {
            failures += run("--help");
            failures += run("help", "run");
            failures += run("list");
            failures += run("report", a);
            failures += run("report", a, "--format", "markdown");
            failures += run(
                    "report", a, "--format", "html", "-o", dir.resolve("a.html").toString());
        }
        if (family == Family.ALL || family == Family.HISTORY) {
            String history = "jdbc:h2:file:" + dir.resolve("history").toAbsolutePath();
            String[] add = {"history", "add", "--history", history, a, b};
            failures += family == Family.ALL ? run(add) : runInOwnJvm(dir, add);
            failures += run("history", "runs", "--history", history);
            failures += run("history", "show", "1", "--history", history);
            failures += run("history", "analyze", "--history", history);
            failures += run("history", "check", "--history", history, NO_CI[0], NO_CI[1]);
        }
        return failures;
    }

    private static void copy(String resource, Path to) throws IOException {
        try (InputStream in = StartupTraining.class.getResourceAsStream(resource)) {
            Files.copy(Objects.requireNonNull(in, resource), to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Runs one command in a JVM of its own (this JDK's java on this class path, none of this JVM's options, so
     * nothing is recorded there; not {@link JavaCommand#of}, whose reading of those options would put the
     * management classes in the cache), output to a log in {@code dir}; 1 when it did not exit 0.
     */
    private static int runInOwnJvm(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(
                List.of(JavaCommand.thisJava().toString(), "-cp", JavaCommand.classPath(), Main.class.getName()));
        command.addAll(List.of(args));
        return JavaProcess.run(command, dir.resolve(args[0] + ".log")).exitCode() == 0 ? 0 : 1;
    }

    /** Runs one command with its output discarded; 1 when it did not exit 0. */
    private static int run(String... args) {
        Main.prepare(args); // as Main does: Main itself and its head start are then in the cache too
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        return Cli.run(none, none, args) == 0 ? 0 : 1;
    }
}
