package dev.vbench.result;

/**
 * One piece of the user's code a run measured, so a result says which code it was: a class path
 * entry ({@code --classpath}) or a compiled source file ({@code -w Bench.java}).
 *
 * @param path the path as given on the command line (a {@code dir/*} entry expanded to its jars)
 * @param kind {@code jar}, {@code directory} or {@code source}
 * @param sha256 hex SHA-256 of the file; for a directory, of its class files (each one's relative
 *     path and content, in path order)
 */
public record CodeEntry(String path, String kind, String sha256) {

    public static final String JAR = "jar";
    public static final String DIRECTORY = "directory";
    public static final String SOURCE = "source";
}
