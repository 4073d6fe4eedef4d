package dev.vbench;

import dev.vbench.cli.Cli;
import dev.vbench.cli.VersionProvider;
import java.io.PrintWriter;

/** Entry point: {@code java -jar vbench.jar ARGS}. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = version(out, args) ? 0 : Cli.run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * A lone {@code --version} or {@code -V} prints {@link VersionProvider}'s lines without building
     * the picocli model: picocli's classes are Java 5 bytecode, which no JDK start-up cache can keep,
     * and loading and verifying them is most of that command's time. {@code MainTest} checks that
     * the output is picocli's.
     *
     * @return whether it printed the version
     */
    static boolean version(PrintWriter out, String... args) {
        if (args.length != 1 || !(args[0].equals("--version") || args[0].equals("-V"))) {
            return false;
        }
        for (String line : new VersionProvider().getVersion()) {
            out.println(line);
        }
        out.flush();
        return true;
    }
}
