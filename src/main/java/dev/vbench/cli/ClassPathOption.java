package dev.vbench.cli;

import dev.vbench.app.UsageException;
import dev.vbench.loader.UserCode;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** {@code -cp/--classpath}: the user's code, as {@code java -cp} takes it; default {@code $VBENCH_CLASSPATH}. */
public final class ClassPathOption {

    /** Environment variable read when {@code --classpath} is not given. */
    public static final String ENV = "VBENCH_CLASSPATH";

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH",
            description = "Your code: directories, jars and dir/* (every jar in dir), separated by ':' as for java -cp,"
                    + " relative to the working directory. Workloads (-w NAME) and executors (-e NAME) registered there"
                    + " are found, and -w CLASS, CLASS::METHOD and FILE.java compile and load against it."
                    + " Default: $VBENCH_CLASSPATH.")
    String classPath;

    /** The class path given, else {@code $VBENCH_CLASSPATH}, else none. */
    String value() {
        return classPath != null ? classPath : System.getenv(ENV);
    }

    /**
     * Opens the user's code.
     *
     * @param cacheRoot where compiled source files are cached
     * @param log one-line notes always shown (a source file compiled)
     * @param detail one-line notes for --verbose (compiled classes reused from the cache)
     */
    UserCode open(Path cacheRoot, Consumer<String> log, Consumer<String> detail) {
        try {
            return UserCode.open(value(), Path.of(""), cacheRoot, log, detail);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }
}
