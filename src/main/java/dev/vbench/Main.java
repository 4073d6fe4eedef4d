package dev.vbench;

import dev.vbench.cli.Cli;
import java.io.PrintWriter;

/** Entry point: {@code java -jar vbench.jar ARGS}. */
public final class Main {

    private Main() {}

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = Cli.run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }
}
