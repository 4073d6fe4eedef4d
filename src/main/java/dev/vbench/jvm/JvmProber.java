package dev.vbench.jvm;

import dev.vbench.result.JvmInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Asks a target JVM about itself before the run, in two short starts:
 * <ol>
 *   <li>{@link #identify}: {@code java -XshowSettings:properties -version}, which every JDK since 7
 *       understands, so a JDK older than 21 is refused by name and version rather than failing in the
 *       fork child with a class-file version error;</li>
 *   <li>{@link #probe}: {@code java [options] -cp [vbench] dev.vbench.jvm.ProbeMain} with the option
 *       set, which reports the CPUs the JVM sees, its collector and its maximum heap <em>with these
 *       options</em>, and fails exactly as a fork child would when the JVM rejects an option (its
 *       first error line is the message).</li>
 * </ol>
 *
 * <pre>{@code
 * JvmProber prober = JvmProber.forThisJvm();
 * JvmProber.Identity id = prober.identify(java, "--jvm j21=/opt/jdk-21");
 * JvmInfo info = prober.probe(target, id, "--jvm j21=/opt/jdk-21");
 * }</pre>
 */
public final class JvmProber {

    /** The oldest JDK that can run vbench's fork child (its class files are Java 21). */
    public static final int MIN_FEATURE = 21;

    /**
     * What {@link #identify} found.
     *
     * @param java the executable
     * @param version {@code java.version}
     * @param feature its major version
     * @param vendor {@code java.vendor}
     */
    public record Identity(Path java, String version, int feature, String vendor) {}

    /** Identities by {@code java}, and probes by command line: each JVM and option set is started once per vbench process. */
    private static final Map<Path, Identity> IDENTITIES = new ConcurrentHashMap<>();

    private static final Map<List<String>, Probed> PROBES = new ConcurrentHashMap<>();

    /** What one probe found: the JVM and what it offers executors. */
    private record Probed(JvmInfo info, JvmFeatures features) {}

    private final Duration timeout;
    private final List<String> inherited;

    /** @param inherited options every probe and fork gets before the option set (this JVM's) */
    public JvmProber(List<String> inherited, Duration timeout) {
        this.inherited = List.copyOf(inherited);
        this.timeout = timeout;
    }

    /** A prober that starts JVMs as the fork runner does ({@link JavaCommand}). */
    public static JvmProber forThisJvm() {
        return new JvmProber(JavaCommand.inheritedOptions(), Duration.ofSeconds(60));
    }

    /** Stage 1: version and vendor of {@code java}; refuses what is not a JDK or older than 21. */
    public Identity identify(Path java, String origin) {
        Identity known = IDENTITIES.get(java);
        if (known != null) {
            return known;
        }
        Identity identity = identifyOnce(java, origin);
        IDENTITIES.put(java, identity);
        return identity;
    }

    private Identity identifyOnce(Path java, String origin) {
        Output out = start(List.of(java.toString(), "-XshowSettings:properties", "-version"), origin, java);
        Map<String, String> props = settings(out.lines());
        String version = props.get("java.version");
        if (version == null) {
            throw new JvmException(origin + ": " + java + " is not a JDK: '-version' printed no java.version ("
                    + out.firstLine() + ")");
        }
        int feature = JdkDiscovery.feature(props.getOrDefault("java.specification.version", version));
        String vendor = props.getOrDefault("java.vendor", "unknown vendor");
        if (feature < MIN_FEATURE) {
            throw new JvmException(origin + ": JDK " + version + " (" + vendor + ") at " + java
                    + " is older than 21, and vbench's fork child needs " + MIN_FEATURE
                    + " or newer; pick another JDK (see 'vbench list --jvms')");
        }
        return new Identity(java, version, feature, vendor);
    }

    /** Stage 2: the JVM with the target's option set; fails with the JVM's first error line. */
    public JvmInfo probe(JvmTarget target, Identity identity, String origin) {
        return probed(target, identity, origin).info().withLabel(target.label());
    }

    /**
     * What the JVM with the target's option set offers the executors that need more than any JVM
     * (scheduler properties it reads, JDK 25's structured concurrency, its scheduler as it runs): from
     * the same start as {@link #probe}, made once per command line.
     */
    public JvmFeatures features(JvmTarget target, Identity identity, String origin) {
        return probed(target, identity, origin).features();
    }

    private Probed probed(JvmTarget target, Identity identity, String origin) {
        List<String> command = JavaCommand.of(target.java(), inherited, target.options(), ProbeMain.class.getName());
        Probed known = PROBES.get(command);
        if (known != null) {
            return known;
        }
        Probed probed = probeOnce(command, target, identity, origin);
        PROBES.put(command, probed);
        return probed;
    }

    private Probed probeOnce(List<String> command, JvmTarget target, Identity identity, String origin) {
        Output out = start(command, origin, target.java());
        if (out.code() != 0) {
            throw new JvmException(origin + ": the JVM (" + identity.version() + ") does not start with these"
                    + " options: " + out.firstLine());
        }
        Map<String, String> values = new LinkedHashMap<>();
        for (String line : out.lines()) {
            int eq = line.indexOf('=');
            if (line.startsWith(ProbeMain.PREFIX) && eq > 0) {
                values.put(line.substring(ProbeMain.PREFIX.length(), eq), line.substring(eq + 1));
            }
        }
        if (!values.containsKey("java.version")) {
            throw new JvmException(
                    origin + ": the JVM at " + target.java() + " did not answer the probe: " + out.firstLine());
        }
        return new Probed(
                new JvmInfo(
                        target.label(),
                        values.get("java.home"),
                        target.options(),
                        values.get("java.version"),
                        values.get("java.vendor"),
                        values.get("java.vm.name"),
                        values.get("java.vm.version"),
                        Integer.parseInt(values.getOrDefault("cpus", "0")),
                        values.get("gc"),
                        Long.parseLong(values.getOrDefault("maxHeapBytes", "0"))),
                JvmFeatures.of(values));
    }

    /** {@code key = value} lines of {@code -XshowSettings:properties} (continuation lines skipped). */
    static Map<String, String> settings(List<String> lines) {
        Map<String, String> props = new LinkedHashMap<>();
        for (String line : lines) {
            int eq = line.indexOf(" = ");
            if (line.startsWith("    ") && eq > 0) {
                props.putIfAbsent(
                        line.substring(0, eq).strip(), line.substring(eq + 3).strip());
            }
        }
        return props;
    }

    record Output(int code, List<String> lines) {
        /** The first line that can say why the JVM failed ({@link JavaProcess#reasons}), or "no output". */
        String firstLine() {
            return JavaProcess.reasons(lines).stream().findFirst().orElse("no output");
        }
    }

    private Output start(List<String> command, String origin, Path java) {
        Path log = null;
        try {
            log = ScratchDir.createTempFile("vbench-jvm-probe-", ".log");
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new JvmException(origin + ": " + java + " did not answer within " + timeout.toSeconds()
                        + " s; check that it is a JDK");
            }
            return new Output(process.exitValue(), Files.readAllLines(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new JvmException(
                    origin + ": " + java + " is not a JDK: it cannot be started (" + firstLine(e.getMessage()) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JvmException(origin + ": interrupted while probing " + java);
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temporary file left behind is harmless
                }
            }
        }
    }

    private static String firstLine(String s) {
        return s == null ? "no reason given" : s.lines().findFirst().orElse(s);
    }
}
