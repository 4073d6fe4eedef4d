package dev.vbench.cli;

import picocli.CommandLine.Option;

/** {@code -cp/--classpath}: the user's code, as {@code java -cp} takes it; default {@code $VBENCH_CLASSPATH}. */
public final class ClassPathOption {

    /** Environment variable read when {@code --classpath} is not given. */
    public static final String ENV = "VBENCH_CLASSPATH";

    @Option(
            names = {"-cp", "--classpath"},
            paramLabel = "PATH",
            description = "Your code: directories, jars and dir/* (every jar in dir), separated by ':' as for java -cp,"
                    + " relative to the working directory. Workloads (-w NAME) and executors (-e NAME) registered there"
                    + " are found, and -w CLASS, CLASS::METHOD and FILE.java compile and load against it."
                    + " Default: $VBENCH_CLASSPATH.")
    String classPath;

    /** The class path given, else {@code $VBENCH_CLASSPATH}, else none. */
    String value() {
        return classPath != null ? classPath : System.getenv(ENV);
    }
}
