package dev.vbench;

import dev.vbench.app.HistoryAccess;
import dev.vbench.app.LauncherState;
import dev.vbench.cli.Cli;
import dev.vbench.cli.VersionProvider;
import dev.vbench.result.ResultCodec;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Set;

/** Entry point: {@code java -jar vbench.jar ARGS} (the launcher: {@code java -cp vbench.jar dev.vbench.Main ARGS}). */
public final class Main {

    private Main() {}

    /**
     * Off: picocli's factory otherwise looks up Groovy's closure class when it is first used, and that
     * failed look-up opens vbench.jar and reads its 5,800-entry directory, for a command whose classes all
     * come from the start-up cache. vbench's annotations hold no closures.
     */
    static final String PICOCLI_CLOSURES = "picocli.disable.closures";

    public static void main(String[] args) {
        System.setProperty(PICOCLI_CLOSURES, "true");
        PrintWriter out = new PrintWriter(System.out, true, charset(System.out));
        PrintWriter err = new PrintWriter(System.err, true, charset(System.err));
        boolean version = version(out, args);
        if (!version) {
            LauncherState.watchLauncher();
            prepare(args);
        }
        int code = version ? 0 : Cli.run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** The marks vbench's tables and notes print besides ASCII. */
    static final String MARKS = "±‡∞→·×÷—…≈µ";

    /**
     * The charset vbench writes {@code stream} in: the stream's own (the terminal's, from the locale) when it can
     * write vbench's marks, else UTF-8, as JMH writes its {@code ±}: under {@code LC_ALL=C} the locale's charset
     * is ASCII, which would turn every mark into {@code ?}.
     */
    static Charset charset(PrintStream stream) {
        Charset own = stream.charset();
        return own.newEncoder().canEncode(MARKS) ? own : StandardCharsets.UTF_8;
    }

    /** The commands that read result files and print tables. */
    private static final Set<String> READERS = Set.of("compare", "report", "history", "merge");
    /** The {@code history} verbs that only read the store (bin/vbench gives them the 'history' start-up cache). */
    static final Set<String> HISTORY_READERS = Set.of("check", "show", "analyze", "runs", "series", "export", "serve");

    /**
     * For the commands that read results: their first reading's and formatting's one-time costs, done on a
     * daemon thread while this one builds the command line's model (on two cores, ~30 ms less wall time
     * for a {@code compare}; docs/performance.md, "Start-up"). Nothing it does has an effect but loading and
     * initializing classes, so the command never waits on it except for a class it is still initializing.
     * For a {@code history} verb that only reads, a second thread opens the store the arguments name (H2's
     * opening is the largest part of such a verb), which the verb then takes if it opens the same store
     * ({@link HistoryAccess#prepareReading}); the arguments are parsed by picocli as always. The first thread's
     * one-time costs are then H2's: BigDecimal's initialization (on JDK 25 it computes a power of five of
     * 150,000 bits, ~25 ms interpreted), the first format and the default time zone.
     */
    static void prepare(String... args) {
        if (args.length == 0 || !READERS.contains(args[0])) {
            return;
        }
        boolean store = args[0].equals("history") && args.length > 1 && HISTORY_READERS.contains(args[1]);
        if (store) {
            String option = historyOption(args);
            daemon("vbench-prepare-history", () -> HistoryAccess.prepareReading(option));
        }
        daemon("vbench-prepare", () -> {
            if (store) {
                BigDecimal.ONE.signum(); // H2's values need it; reading no result, the verb needs no JSON parser
                ZoneId.systemDefault(); // so does H2's session
            } else {
                ResultCodec.prepareReading();
            }
            String.format(Locale.ROOT, "%.3f %s %d%n", 1.5, "x", 1);
            if (!store) {
                // System.exit logs through this logger, whose first use looks for a logging service on the class
                // path and so opens vbench.jar's 5,800-entry directory: ~8% of a compare's main thread, done
                // here (H2 opens the jar anyway for the history verbs)
                System.getLogger("java.lang.Runtime");
            }
        });
    }

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    /** The {@code --history} value among {@code args} ({@code --history URL} or {@code --history=URL}), or null. */
    static String historyOption(String... args) {
        for (int i = 2; i < args.length; i++) {
            if (args[i].equals("--")) {
                return null;
            }
            if (args[i].equals("--history") && i + 1 < args.length) {
                return args[i + 1];
            }
            if (args[i].startsWith("--history=")) {
                return args[i].substring("--history=".length());
            }
        }
        return null;
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
