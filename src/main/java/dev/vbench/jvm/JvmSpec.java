package dev.vbench.jvm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One JVM of a run, as given: {@code --jvm LABEL=PATH} (a JDK home or its {@code bin/java}),
 * {@code --jvm LABEL=21} or {@code --jvm 21} (the newest discovered JDK of that major version,
 * labelled {@code jdk21}), or in a suite file a home, an environment variable or a major version.
 *
 * <pre>{@code
 * JvmSpec spec = JvmSpec.parse("j21=/opt/jdk-21");
 * Path java = spec.resolve(JdkDiscovery.fromSystem(), System.getenv());
 * }</pre>
 *
 * @param label the column label (letters, digits, {@code . _ -}; starts with a letter or digit)
 * @param source where the JDK is
 * @param origin how the user wrote it, for error messages ({@code --jvm j21=/opt/jdk-21})
 */
public record JvmSpec(String label, Source source, String origin) {

    /** Where a JVM is. */
    public sealed interface Source permits Home, Major, Env {}

    /** A JDK home or a {@code java} executable. */
    public record Home(Path path) implements Source {}

    /** The newest discovered JDK of this major version. */
    public record Major(int feature) implements Source {}

    /** The JDK home in this environment variable. */
    public record Env(String variable) implements Source {}

    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,3}");

    public JvmSpec {
        checkLabel(label, origin);
    }

    /** Parses a {@code --jvm} value: {@code LABEL=PATH}, {@code LABEL=MAJOR}, {@code LABEL=$VAR} or {@code MAJOR}. */
    public static JvmSpec parse(String value) {
        String origin = "--jvm " + value;
        String v = value.strip();
        if (NUMBER.matcher(v).matches()) {
            return new JvmSpec("jdk" + Integer.parseInt(v), new Major(Integer.parseInt(v)), origin);
        }
        int eq = v.indexOf('=');
        if (eq <= 0 || eq == v.length() - 1) {
            throw new JvmException(origin + ": give LABEL=PATH (a JDK home or its bin/java), LABEL=MAJOR or a major"
                    + " version such as 21 (see 'vbench list --jvms')");
        }
        String label = v.substring(0, eq).strip();
        String where = v.substring(eq + 1).strip();
        Source source = NUMBER.matcher(where).matches()
                ? new Major(Integer.parseInt(where))
                : where.startsWith("$") && where.length() > 1 ? new Env(where.substring(1)) : new Home(Path.of(where));
        return new JvmSpec(label, source, origin);
    }

    /**
     * A JVM declared in a suite file: exactly one of a home (or bin/java), an environment variable
     * holding a home, or a major version.
     *
     * @param origin where it was declared ({@code seed-002.yaml:12: jvms.jdk21}), for error messages
     */
    public static JvmSpec declared(String label, String home, String env, Integer version, String origin) {
        int given = (home != null ? 1 : 0) + (env != null ? 1 : 0) + (version != null ? 1 : 0);
        if (given != 1) {
            throw new JvmException(origin + ": give exactly one of home, env or version (e.g. version: 21)");
        }
        Source source = home != null ? new Home(Path.of(home)) : env != null ? new Env(env) : new Major(version);
        return new JvmSpec(label, source, origin);
    }

    /** Checks a label of {@code --jvm} or {@code --jvm-args}. */
    static void checkLabel(String label, String origin) {
        if (label == null || !LABEL.matcher(label).matches()) {
            throw new JvmException(origin + ": the label '" + label + "' must be letters, digits, '.', '_' or '-'"
                    + " (it names a table column)");
        }
    }

    /** Fails on two specs with one label. */
    public static void checkUnique(List<String> labels, String option) {
        Map<String, Long> counts = labels.stream().collect(Collectors.groupingBy(l -> l, Collectors.counting()));
        labels.stream().filter(l -> counts.get(l) > 1).findFirst().ifPresent(l -> {
            throw new JvmException("duplicate " + option + " label '" + l + "'; give each its own label");
        });
    }

    /**
     * The {@code java} executable this spec names. Nothing is started: {@link JvmProber} checks
     * that it is a JDK 21 or newer.
     *
     * @param discovery where {@code --jvm 21} looks
     * @param env the environment ({@link Env} sources)
     */
    public Path resolve(JdkDiscovery discovery, Map<String, String> env) {
        return switch (source) {
            case Home home -> java(home.path());
            case Env e -> {
                String value = env.get(e.variable());
                if (value == null || value.isBlank()) {
                    throw new JvmException(
                            origin + ": environment variable " + e.variable() + " is not set; set it to a JDK home");
                }
                yield java(Path.of(value.strip()));
            }
            case Major m ->
                discovery
                        .newest(m.feature())
                        .map(JdkDiscovery.Jdk::java)
                        .orElseThrow(() ->
                                new JvmException(origin + ": no JDK " + m.feature() + " found (" + found(discovery)
                                        + "); give LABEL=PATH or add its folder to " + JdkDiscovery.DIRS_ENV
                                        + " (see 'vbench list --jvms')"));
        };
    }

    private static String found(JdkDiscovery discovery) {
        List<JdkDiscovery.Jdk> jdks = discovery.find();
        return jdks.isEmpty()
                ? "none found"
                : "found " + jdks.stream().map(j -> j.version()).collect(Collectors.joining(", "));
    }

    /** The {@code java} of a JDK home, or {@code path} itself when it is an executable file. */
    private Path java(Path path) {
        if (!Files.exists(path)) {
            throw new JvmException(origin + ": " + path + " does not exist; give a JDK home or its bin/java"
                    + " (see 'vbench list --jvms')");
        }
        if (Files.isDirectory(path)) {
            for (Path home : List.of(path, path.resolve("Contents").resolve("Home"))) {
                Path java = home.resolve("bin").resolve("java");
                if (Files.isRegularFile(java) && Files.isExecutable(java)) {
                    return java.toAbsolutePath().normalize();
                }
            }
            throw new JvmException(origin + ": " + path + " is not a JDK (it has no bin/java); give a JDK home"
                    + " or its bin/java (see 'vbench list --jvms')");
        }
        if (!Files.isExecutable(path)) {
            throw new JvmException(origin + ": " + path + " is not a JDK (not an executable file); give a JDK home"
                    + " or its bin/java (see 'vbench list --jvms')");
        }
        return path.toAbsolutePath().normalize();
    }
}
