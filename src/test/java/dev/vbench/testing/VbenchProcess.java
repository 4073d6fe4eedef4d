package dev.vbench.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts vbench in a child JVM on the test class path, for what an in-process {@link CliRun} cannot
 * show: a kill, a signal, a small heap. Stdout and stderr go together to {@code log}; stdin is empty.
 *
 * <pre>{@code
 * Process p = VbenchProcess.start(tmp.resolve("out.log"), List.of("-Xmx8m"), "run", "-w", "noop");
 * }</pre>
 */
public final class VbenchProcess {

    /**
     * JVM options for a child whose own speed is not what its test checks (a {@code history add} to kill, a run
     * whose exit code, signal handling or output is asserted): the JDK's class-data archive, C1 alone, the serial
     * collector and no perf-data file, the options the launcher gives its short commands ({@code bin/vbench}).
     * About a third less CPU for a child's start, which on a busy machine is most of its wall time.
     */
    public static final List<String> QUICK_START =
            List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData");

    private VbenchProcess() {}

    /** {@code java JVM_OPTIONS -cp (the test class path) dev.vbench.Main ARGS}. */
    public static Process start(Path log, List<String> jvmOptions, String... args) throws IOException {
        return start(log, Map.of(), null, jvmOptions, args);
    }

    /**
     * Like {@link #start(Path, List, String...)} with {@code env} added to the environment (a value of null
     * removes the variable) and {@code dir} as the working directory (null: this one).
     */
    public static Process start(Path log, Map<String, String> env, Path dir, List<String> jvmOptions, String... args)
            throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", classpath, "dev.vbench.Main"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        return pb.start();
    }
}
