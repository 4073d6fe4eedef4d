package dev.vbench.jvm;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How vbench starts another JVM that runs its own code (a fork child, the probe): the
 * {@code java} executable, the options this JVM was started with (debugger agents left out: they
 * would fight this JVM for its port), then any extra options, then this JVM's class path and a main
 * class. The extra options come after the inherited ones, so an option set's {@code -Xmx} or
 * {@code -XX:+UseZGC} wins over the launcher's: a collector is chosen once per JVM (two are an error at
 * start), so when the extra options choose one, the inherited choice is left out.
 *
 * <pre>{@code
 * List<String> cmd = JavaCommand.of(JavaCommand.thisJava(), List.of("-XX:+UseZGC"), "dev.vbench.Main");
 * }</pre>
 */
public final class JavaCommand {

    private JavaCommand() {}

    /** The {@code java} executable of this JVM. */
    public static Path thisJava() {
        return ProcessHandle.current()
                .info()
                .command()
                .map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
    }

    /**
     * Options of this JVM's own start that a child must not get: debugger agents (they would fight
     * this JVM for its port) and the launcher's start-up cache (an AOT cache or CDS archive made for
     * this JDK and vbench.jar's class path: another JDK refuses to start with it, and the same JDK
     * with another class path would only warn and ignore it), and the launcher's
     * {@code --sun-misc-unsafe-memory-access} (a JDK before 23 does not start with it).
     */
    private static final List<String> NOT_INHERITED = List.of(
            "-agentlib:jdwp",
            "-Xrunjdwp",
            "-XX:AOTCache=",
            "-XX:AOTMode=",
            "-XX:AOTConfiguration=",
            "-XX:AOTCacheOutput=",
            "-XX:-AOTClassLinking",
            "-XX:SharedArchiveFile=",
            "-Xshare:",
            "-Xlog:aot",
            "-Xlog:cds",
            "--sun-misc-unsafe-memory-access=");

    /** An option that chooses the garbage collector ({@code -XX:+UseG1GC}, {@code -XX:+UseZGC}, ...). */
    private static final Pattern CHOOSES_COLLECTOR = Pattern.compile("-XX:\\+Use\\w+GC");

    /** The options this JVM was started with, without debugger agents or the launcher's start-up cache. */
    public static List<String> inheritedOptions() {
        return inheritable(ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    /** {@code arguments} without those a child JVM must not inherit (see {@link #NOT_INHERITED}). */
    static List<String> inheritable(List<String> arguments) {
        List<String> options = new ArrayList<>();
        for (String arg : arguments) {
            if (NOT_INHERITED.stream().noneMatch(arg::startsWith)) {
                options.add(arg);
            }
        }
        return options;
    }

    /** This JVM's class path with absolute entries (a child may start in another directory). */
    public static String classPath() {
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add(
                    entry.isEmpty() ? entry : Path.of(entry).toAbsolutePath().toString());
        }
        return String.join(File.pathSeparator, classPath);
    }

    /**
     * {@code inherited} then {@code extra}, without the inherited collector choice when {@code extra} chooses
     * one.
     */
    static List<String> options(List<String> inherited, List<String> extra) {
        boolean extraChoosesCollector =
                extra.stream().anyMatch(o -> CHOOSES_COLLECTOR.matcher(o).matches());
        List<String> options = new ArrayList<>();
        for (String option : inherited) {
            if (!(extraChoosesCollector && CHOOSES_COLLECTOR.matcher(option).matches())) {
                options.add(option);
            }
        }
        options.addAll(extra);
        return options;
    }

    /** {@code java [inherited options] [extra] -cp [this class path] mainClass}. */
    public static List<String> of(Path java, List<String> extraOptions, String mainClass) {
        return of(java, inheritedOptions(), extraOptions, mainClass);
    }

    /** {@code java [inherited] [extra] -cp [this class path] mainClass}, {@code inherited} given ({@link #of}). */
    public static List<String> of(Path java, List<String> inherited, List<String> extraOptions, String mainClass) {
        List<String> command = new ArrayList<>(List.of(java.toString()));
        command.addAll(options(inherited, extraOptions));
        command.add("-cp");
        command.add(classPath());
        command.add(mainClass);
        return command;
    }
}
