package dev.vbench.loader;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.management.ObjectName;

/**
 * What the JIT is told for JMH benchmarks, in every JVM that runs one, as JMH tells its forks
 * ({@code org.openjdk.jmh.runner.CompilerHints}): the Blackhole's compile commands, compiler blackholes where the
 * JVM was started with them, and the benchmark's compiler hints ({@link JmhCompilerHints}).
 *
 * <ul>
 *   <li><b>A fork</b> gets them on its command line ({@link #forkOptions}), as JMH's forks do.
 *   <li><b>vbench's own JVM</b> gets the Blackhole's compile commands from the launcher ({@code bin/vbench} starts
 *       {@code run} with them: a compiler blackhole cannot be set once the JVM runs). The hints are given to its JIT
 *       as compiler directives when the first trial of a benchmark starts ({@link #applyInProcess}): {@code exclude},
 *       {@code dontinline} and {@code inline} are honoured there; {@code compileonly}, {@code break} and
 *       {@code print} only in forks. A {@code *.*} directive that lists inlining decides every inlining, so it
 *       carries the inlining commands of the JVM's command line too.
 *   <li><b>The Blackhole mode</b> is decided once per JVM ({@link #blackholeMode}) before any Blackhole exists:
 *       {@code compiler} where the JVM has the {@code blackhole} command for {@code Blackhole.consumeCompiler} (and
 *       the user's jmh-core has it), else {@code full}; the system property JMH's Blackhole reads is set to match,
 *       so a {@code -DcompilerBlackholesEnabled=true} without the command cannot make results dead code.
 * </ul>
 *
 * <pre>{@code
 * List<String> forkArgs = JmhJit.forkOptions(hints);         // -XX:CompileCommand=… for a fork's command line
 * String mode = JmhJit.blackholeMode(jmh.blackhole);          // "compiler" or "full"
 * JmhJit.Applied how = JmhJit.applyInProcess(hints);          // directives for this JVM's JIT
 * }</pre>
 */
public final class JmhJit {

    /** The system property JMH's Blackhole reads in its static initializer. */
    static final String PROPERTY = "compilerBlackholesEnabled";
    /** The Blackhole's compile commands JMH gives each fork (its {@code CompilerHints.hintsFile()}). */
    public static final List<String> BLACKHOLE_COMMANDS = List.of(
            "inline,org/openjdk/jmh/infra/Blackhole.consume",
            "dontinline,org/openjdk/jmh/infra/Blackhole.consumeCPU",
            "blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler",
            "dontinline,org/openjdk/jmh/infra/Blackhole.clearBox");
    /** The modes a compiler directive can honour in a running JVM. */
    private static final Set<String> DIRECTIVE_MODES = Set.of("exclude", "dontinline", "inline");

    private static String decidedMode;
    /** The hints pushed as directives so far, and how many directives that took (removed before the next push). */
    private static final Set<String> pushed = new LinkedHashSet<>();

    private static int pushedDirectives;

    private JmhJit() {}

    /**
     * The options of a JVM that runs JMH benchmarks, as JMH starts its forks: the experimental and diagnostic options
     * unlocked, the Blackhole's compile commands, then {@code hints}, each a {@code -XX:CompileCommand}.
     */
    public static List<String> forkOptions(List<String> hints) {
        List<String> out = new ArrayList<>(List.of(
                "-XX:+UnlockDiagnosticVMOptions", "-XX:+UnlockExperimentalVMOptions", "-XX:CompileCommand=quiet"));
        for (String c : BLACKHOLE_COMMANDS) {
            out.add("-XX:CompileCommand=" + c);
        }
        for (String h : hints) {
            out.add("-XX:CompileCommand=" + h);
        }
        return out;
    }

    /** Whether a JVM of this name takes HotSpot's compile commands (JMH's {@code HINT_COMPATIBLE_JVMS}). */
    public static boolean takesCompileCommands(String vmName) {
        return vmName != null
                && (vmName.contains("OpenJDK") || vmName.contains("HotSpot") || vmName.contains("GraalVM"));
    }

    /** The compile commands of this JVM's command line, {@code MODE,PATTERN} as in a hints file. */
    static List<String> commandLine() {
        List<String> out = new ArrayList<>();
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (arg.startsWith("-XX:CompileCommand=")) {
                out.add(arg.substring("-XX:CompileCommand=".length()).strip().replace(' ', ','));
            }
        }
        return out;
    }

    /**
     * This JVM's Blackhole mode, decided once: {@code compiler} when its command line has the {@code blackhole}
     * command and {@code blackhole} (the user's Blackhole class) has {@code consumeCompiler}, else {@code full}.
     * Sets {@value #PROPERTY} to match, before the user's Blackhole is initialized.
     */
    static synchronized String blackholeMode(Class<?> blackhole) {
        if (decidedMode == null) {
            boolean commands = takesCompileCommands(System.getProperty("java.vm.name"))
                    && commandLine().contains("blackhole,org/openjdk/jmh/infra/Blackhole.consumeCompiler")
                    && ManagementFactory.getRuntimeMXBean()
                            .getInputArguments()
                            .contains("-XX:+UnlockExperimentalVMOptions");
            decidedMode = commands ? "compiler" : "full";
            System.setProperty(PROPERTY, String.valueOf(commands));
        }
        boolean has = Arrays.stream(blackhole.getDeclaredMethods())
                .anyMatch(m -> m.getName().equals("consumeCompiler"));
        return has ? decidedMode : "full";
    }

    /** How a benchmark's hints reached this JVM's JIT. */
    public record Applied(String how, List<String> notHonoured) {}

    /**
     * Gives this JVM's JIT the {@code hints} its command line does not already carry, as compiler directives
     * (through the {@code DiagnosticCommand} MBean: {@code jcmd Compiler.directives_add}); the modes a directive cannot
     * honour here are returned.
     */
    static synchronized Applied applyInProcess(List<String> hints) {
        List<String> given = commandLine();
        List<String> wanted = hints.stream().filter(h -> !given.contains(h)).toList();
        if (wanted.isEmpty()) {
            return new Applied(hints.isEmpty() ? "none" : "compile commands of the JVM's command line", List.of());
        }
        List<String> notHonoured =
                wanted.stream().filter(h -> !DIRECTIVE_MODES.contains(mode(h))).toList();
        Set<String> all = new LinkedHashSet<>(pushed);
        wanted.stream().filter(h -> DIRECTIVE_MODES.contains(mode(h))).forEach(all::add);
        if (all.equals(pushed)) {
            return new Applied("compiler directives in vbench's JVM", notHonoured);
        }
        try {
            Path file = Files.createTempFile("vbench-directives", ".json");
            try {
                List<String> inline = new ArrayList<>();
                List<String> directives = new ArrayList<>();
                for (String h : all) {
                    if (mode(h).equals("exclude")) {
                        directives.add("{match: \"" + pattern(h) + "\", Exclude: true}");
                    }
                }
                // the command line's inlining commands first: a *.* directive's list replaces them for every
                // compilation
                for (String h : given) {
                    addInline(h, inline);
                }
                for (String h : all) {
                    addInline(h, inline);
                }
                directives.add("{match: \"*.*\", inline: ["
                        + String.join(
                                ", ", inline.stream().map(i -> "\"" + i + "\"").toList()) + "]}");
                Files.writeString(file, "[" + String.join(",\n", directives) + "]");
                ObjectName dcmd = new ObjectName("com.sun.management:type=DiagnosticCommand");
                for (int i = 0; i < pushedDirectives; i++) {
                    ManagementFactory.getPlatformMBeanServer()
                            .invoke(dcmd, "compilerDirectivesRemove", new Object[] {new String[0]}, new String[] {
                                String[].class.getName()
                            });
                }
                Object said = ManagementFactory.getPlatformMBeanServer()
                        .invoke(
                                dcmd,
                                "compilerDirectivesAdd",
                                new Object[] {new String[] {file.toString()}},
                                new String[] {String[].class.getName()});
                if (!String.valueOf(said).contains("added")) {
                    throw new IllegalStateException(String.valueOf(said).strip());
                }
                pushed.clear();
                pushed.addAll(all);
                pushedDirectives = directives.size();
            } finally {
                Files.deleteIfExists(file);
            }
            return new Applied("compiler directives in vbench's JVM", notHonoured);
        } catch (Exception | LinkageError e) {
            return new Applied("not applied in vbench's JVM (" + e + "); run with --forks 1 to have them", wanted);
        }
    }

    /** An inlining decision of {@code hint} as a directive's {@code inline} entry ({@code +pattern}, {@code -pattern}). */
    private static void addInline(String hint, List<String> inline) {
        String m = mode(hint);
        String entry = m.equals("inline")
                ? "+" + pattern(hint)
                : m.equals("dontinline") || m.equals("exclude") ? "-" + pattern(hint) : null;
        if (entry != null && !inline.contains(entry)) {
            inline.add(entry);
        }
    }

    private static String mode(String hint) {
        int comma = hint.indexOf(',');
        return (comma < 0 ? hint : hint.substring(0, comma)).strip().toLowerCase(Locale.ROOT);
    }

    private static String pattern(String hint) {
        return hint.substring(hint.indexOf(',') + 1).strip().replace("\"", "");
    }
}
