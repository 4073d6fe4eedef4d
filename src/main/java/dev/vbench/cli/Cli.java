package dev.vbench.cli;

import dev.vbench.app.ExitCodes;
import dev.vbench.app.Failures;
import dev.vbench.app.ForkUseCase;
import dev.vbench.app.Heap;
import dev.vbench.app.RedactingWriter;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;

/**
 * Builds the picocli command line and maps every failure to one line on stderr and an exit code
 * ({@link ExitCodes}). Stack traces only with {@code --stacktrace}.
 *
 * <pre>{@code
 * int code = Cli.run(new PrintWriter(out), new PrintWriter(err), "run", "-w", "noop");
 * }</pre>
 */
public final class Cli {

    private Cli() {}

    /** The whole command tree (help, completion, tests). */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(out, err, VbenchCommand.SUBCOMMANDS.keySet(), null);
    }

    /**
     * Only the subcommand that {@code args} names, when it names one other than {@code help} (its
     * options need no others), and of {@code history} only the verb named; none for a lone
     * {@code --version}; else all, so that top-level help and an unknown command's suggestions list
     * every command (and {@code history}'s help and an unknown verb's, every verb).
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, String... args) {
        List<String> words = Arrays.stream(args).filter(a -> !a.startsWith("-")).toList();
        String first = words.isEmpty() ? null : words.get(0);
        if (first == null && args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            return commandLine(out, err, Set.of(), null);
        }
        if (first != null && !first.equals("help") && VbenchCommand.SUBCOMMANDS.containsKey(first)) {
            return commandLine(out, err, Set.of(first), words.size() > 1 ? words.get(1) : null);
        }
        return commandLine(out, err);
    }

    private static CommandLine commandLine(
            PrintWriter out, PrintWriter err, Collection<String> subcommands, String verb) {
        CommandLine cl = new CommandLine(new VbenchCommand());
        for (String name : subcommands) {
            cl.addSubcommand(name, VbenchCommand.SUBCOMMANDS.get(name).get());
        }
        CommandLine history = cl.getSubcommands().get("history");
        if (history != null) {
            Collection<String> verbs =
                    HistoryCommand.VERBS.containsKey(verb) ? Set.of(verb) : HistoryCommand.VERBS.keySet();
            verbs.forEach(
                    v -> history.addSubcommand(v, HistoryCommand.VERBS.get(v).get()));
        }
        HelpText.install(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler(Cli::onParameterError);
        OptionTypes.register(cl);
        return cl;
    }

    /**
     * Runs one command line. Everything it prints, on {@code out} and {@code err}, passes the one
     * redaction policy ({@link RedactingWriter}): picocli's own messages quote the arguments as typed.
     */
    public static int run(PrintWriter stdout, PrintWriter stderr, String... args) {
        PrintWriter out = RedactingWriter.wrap(stdout);
        PrintWriter err = RedactingWriter.wrap(stderr);
        boolean stacktrace = Arrays.asList(args).contains("--stacktrace");
        reserve = new byte[(int) Math.min(RESERVE_BYTES, Runtime.getRuntime().maxMemory() / 32)];
        // the command line a fork's parent starts it with runs without picocli's model, which a fork would
        // otherwise build at every start (~0.2 s of CPU on C1, a tenth of a short fork's cost); any other
        // (a plan file, an option) is parsed by picocli as always (ForkCellCommand)
        ForkUseCase.ParentCall fork = ForkUseCase.ParentCall.of(args);
        CommandLine cl = fork == null ? commandLine(out, err, args) : null;
        if (cl != null) {
            cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> onExecutionError(e, err, stacktrace));
        }
        int code;
        try {
            code = cl != null ? cl.execute(args) : runFork(fork, err, stacktrace);
        } catch (OutOfMemoryError e) { // picocli passes errors through; the stack has unwound
            reserve = null; // the heap may still be full (another thread's objects): room for the line
            code = onOutOfMemory(e, err, stacktrace);
        } catch (Error e) { // any other Error that reached here (user code's are one line of their own before):
            // vbench's bug
            err.println("vbench: internal error: " + e + "; rerun with --stacktrace and report it");
            if (stacktrace) {
                e.printStackTrace(err);
            }
            code = ExitCodes.INTERNAL;
        }
        out.flush();
        err.flush();
        return code;
    }

    /**
     * Heap set aside while a command runs and let go when it runs out of heap, so that the one line about it
     * can be made: the heap may still be full then (what a probe's or the JVM's own threads hold), and that
     * line's first string concatenation itself makes classes. At most 1/32 of the heap.
     */
    private static byte[] reserve;

    static final int RESERVE_BYTES = 256 * 1024;

    /** A fork's cell run without picocli's model, its failures mapped as picocli's execution handler maps them. */
    private static int runFork(ForkUseCase.ParentCall fork, PrintWriter err, boolean stacktrace) {
        try {
            return fork.run(VersionProvider.version(), err);
        } catch (Exception e) {
            return onExecutionError(e, err, stacktrace);
        }
    }

    private static int onParameterError(CommandLine.ParameterException e, String[] args) {
        CommandLine cmd = e.getCommandLine();
        PrintWriter err = cmd.getErr();
        String name = cmd.getCommandSpec().qualifiedName(" ");
        if (e.getCause() instanceof OptionTypes.BadValue bad
                && e.getArgSpec() instanceof CommandLine.Model.OptionSpec option) {
            err.println("vbench: " + option.longestName() + " " + bad.getMessage()); // names the fix already
        } else if (e.getCause() instanceof CommandLine.TypeConversionException
                && e.getArgSpec() instanceof CommandLine.Model.OptionSpec option
                && option.type().isEnum()) {
            err.println("vbench: " + option.longestName() + " '" + e.getValue() + "' is unknown; use one of "
                    + String.join(", ", EnumNames.of(option.type())));
        } else {
            err.println(
                    "vbench: " + e.getMessage() + (e.getMessage().endsWith(")") ? "" : " (see '" + name + " --help')"));
        }
        err.flush();
        return ExitCodes.USAGE;
    }

    /**
     * One line for an {@link OutOfMemoryError} anywhere in a command, exit 3: the JVM's reason, the max
     * heap, where it happened when the code there said so, and the fix. Code that knows a cheaper way
     * out wraps the error in another {@code OutOfMemoryError} whose message says what it was doing and
     * whose cause is the JVM's (e.g. {@code PinningProbe}: "reading … (--pinning off skips it)"). Result
     * files are written atomically as cells finish (those waiting for a rewrite when the error ends the command),
     * so every cell finished before it is kept.
     */
    static int onOutOfMemory(OutOfMemoryError e, PrintWriter err, boolean stacktrace) {
        try {
            err.println(outOfMemory(e));
        } catch (OutOfMemoryError again) { // no room even to make that line: one that needs no new object
            err.println(OUT_OF_MEMORY);
        }
        if (stacktrace) {
            e.printStackTrace(err);
        }
        err.flush();
        return ExitCodes.ENVIRONMENT;
    }

    private static String outOfMemory(OutOfMemoryError e) {
        String doing = e.getCause() instanceof OutOfMemoryError ? e.getMessage() : null;
        String reason =
                String.valueOf(doing == null ? e.getMessage() : e.getCause().getMessage());
        long maxHeapBytes = Runtime.getRuntime().maxMemory();
        String fix;
        if (reason.startsWith("unable to create native thread")) {
            fix = "the system refused another thread; use fewer threads (--concurrency, an executor's threads=)"
                    + " or raise the process limit (ulimit -u)";
        } else if (reason.contains("Metaspace") || reason.contains("Direct buffer")) {
            fix = "give the JVM more with VBENCH_JAVA_OPTS (-XX:MaxMetaspaceSize=…, -XX:MaxDirectMemorySize=…)";
        } else {
            fix = "give the JVM more with VBENCH_JAVA_OPTS=" + Heap.option(2 * maxHeapBytes);
        }
        return "vbench: out of memory (" + reason + ", max heap " + Heap.size(maxHeapBytes) + ")"
                + (doing == null ? "" : " while " + doing) + "; " + fix;
    }

    /** {@link #onOutOfMemory}'s line when the heap has no room for its own. */
    static final String OUT_OF_MEMORY = "vbench: out of memory; give the JVM more heap with VBENCH_JAVA_OPTS=-Xmx…";

    static int onExecutionError(Exception e, PrintWriter err, boolean stacktrace) {
        Failures.Failure failure = Failures.of(e);
        err.println("vbench: " + failure.message());
        if (stacktrace) {
            e.printStackTrace(err);
        }
        err.flush();
        return failure.exitCode();
    }
}
