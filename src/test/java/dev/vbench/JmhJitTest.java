package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.JmhFixture;
import dev.vbench.testing.Launcher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the JIT is told for JMH benchmarks, read from the JIT's own log ({@code -XX:+LogCompilation}) of the JVM that
 * ran them: {@code @CompilerControl} honoured in vbench's own JVM (started by the launcher) and in a fork, and the
 * Blackhole mode, compiler where the JVM has JMH's compiler blackholes (the launcher's {@code run}, a fork), full
 * where it has not (a JVM started without the launcher), said in a note.
 */
class JmhJitTest {

    /** A call site's inlining decision in a LogCompilation file: the callee's method element, its call, the verdict. */
    private static final Pattern METHOD = Pattern.compile("<method id='(\\d+)' holder='\\d+' name='([^']+)'");

    private static final Pattern CALL = Pattern.compile("<call method='(\\d+)'");
    private static final Pattern VERDICT = Pattern.compile("<inline_(fail|success) reason='([^']*)'");

    private static final String CLASS = "acme.bench.Controlled";
    private static final String CALLS = CLASS + "::calls";
    private static final String CONSUMES = CLASS + "::consumes";

    /** One installed launcher for the class (its runs make no start-up cache). */
    @TempDir
    static Path shared;

    static Launcher vbench;

    /**
     * The launcher's {@code run} of both benchmarks in vbench's own JVM ({@code --forks 0}), its JIT logged in
     * {@link #ownLogs}: read by both tests, the JIT's decisions for {@code calls} and the Blackhole mode of
     * {@code consumes}.
     */
    static Launcher.Output own;

    static Path ownJson;
    static Path ownLogs;

    @TempDir
    Path tmp;

    @BeforeAll
    static void install() throws IOException, InterruptedException {
        vbench = Launcher.install(shared);
        ownJson = shared.resolve("own.json");
        ownLogs = Files.createDirectories(shared.resolve("jit-own"));
        own = runLogged(ownLogs, ownJson, "0", CLASS); // every @Benchmark of the class: calls and consumes
    }

    /** {@code ./vbench run -w workload} with {@code --forks forks}, each JVM's JIT log in {@code logs}. */
    private static Launcher.Output runLogged(Path logs, Path json, String forks, String workload)
            throws IOException, InterruptedException {
        Map<String, String> env = Map.of(
                "VBENCH_STARTUP_CACHE",
                "off",
                "VBENCH_JAVA_OPTS",
                "-XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=" + logs.resolve("jit-%p.log"),
                "LC_ALL",
                "C");
        List<String> args = List.of(
                "run",
                "--classpath",
                JmhFixture.benchmarksJar().toAbsolutePath().toString(),
                "-w",
                workload,
                "-e",
                "sequential",
                "--tasks",
                "100000",
                "--trials",
                "2",
                "--warmup",
                "2",
                "--forks",
                forks,
                "--no-progress",
                "-o",
                json.toString());
        return vbench.run(env, args.toArray(String[]::new));
    }

    /** The cell of {@code workload} in the result file {@code json}. */
    private static JsonNode cell(Path json, String workload) throws IOException {
        for (JsonNode c : new ObjectMapper().readTree(json.toFile()).at("/cells")) {
            if (c.at("/config/workload").asText().equals(workload)) {
                return c;
            }
        }
        throw new AssertionError("no cell of " + workload + " in " + Files.readString(json));
    }

    @Test
    void compilerControlIsHonouredInVbenchsOwnJvmAndInAForkAsTheJitsLogShows() throws Exception {
        for (String forks : List.of("0", "1")) {
            Path logs = forks.equals("0") ? ownLogs : Files.createDirectories(tmp.resolve("jit"));
            Path json = forks.equals("0") ? ownJson : tmp.resolve("r" + forks + ".json");
            Launcher.Output r = forks.equals("0") ? own : runLogged(logs, json, forks, CALLS);
            assertEquals(0, r.code(), r::toString);
            // jmh-core's sun.misc.Unsafe warning (JDK 24+) is not printed: the launcher allows it for 'run'
            assertFalse(r.err().contains("sun.misc.Unsafe"), r::toString);
            // under LC_ALL=C (an ASCII locale) the marks are written in UTF-8, as JMH writes its ±
            assertTrue(r.out().contains("±∞"), r::toString);
            assertFalse(r.out().contains("?∞"), r::toString);
            Path log = forkLog(logs, forks.equals("1"));
            Map<String, Set<String>> decisions = inlining(log);
            assertEquals(
                    Set.of("fail: disallowed by CompileCommand"),
                    decisions.get("excluded"),
                    () -> log + ": " + decisions);
            assertEquals(
                    Set.of("fail: disallowed by CompileCommand"),
                    decisions.get("notInlined"),
                    () -> log + ": " + decisions);
            assertEquals(
                    Set.of("success: force inline by CompileCommand"),
                    decisions.get("inlined"),
                    () -> log + ": " + decisions);
            String text = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(
                    text.contains("reason='excluded by CompileCommand' method='acme.bench.Controlled excluded ()V'"),
                    log::toString);
            assertFalse(
                    Pattern.compile("<nmethod [^>]*method='acme.bench.Controlled excluded ")
                            .matcher(text)
                            .find(),
                    "excluded was compiled: " + log);
            JsonNode cell = cell(json, CALLS);
            assertEquals(
                    forks.equals("1")
                            ? "compile commands of the JVM's command line"
                            : "compiler directives in vbench's JVM",
                    cell.at("/attributes/compilerHints").asText(),
                    cell::toString);
            assertTrue(
                    cell.at("/notes")
                            .toString()
                            .contains(
                                    "@CompilerControl: dontinline acme/bench/Controlled.notInlined,"
                                            + " exclude acme/bench/Controlled.excluded, inline acme/bench/Controlled.inlined: given to the JIT as "),
                    cell::toString);
        }
    }

    @Test
    void theBlackholeModeIsCompilerWhereTheJvmHasCompilerBlackholesAndFullWithANoteElsewhere() throws Exception {
        // the launcher's run in vbench's own JVM
        assertEquals(0, own.code(), own::toString);
        JsonNode cell = cell(ownJson, CONSUMES);
        assertEquals("compiler", cell.at("/attributes/blackholeMode").asText(), cell::toString);
        assertFalse(cell.at("/notes").toString().contains("Blackhole mode: full"), cell::toString);

        // this test's JVM has no compiler blackholes: full mode, said in a note; a fork gets them on its command line
        Path json = tmp.resolve("r.json");
        for (String forks : List.of("0", "1")) {
            CliRun run = CliRun.of(
                    "run",
                    "--classpath",
                    JmhFixture.benchmarksJar().toString(),
                    "-w",
                    CONSUMES,
                    "-e",
                    "sequential",
                    "--tasks",
                    "1000",
                    "--trials",
                    "1",
                    "--warmup",
                    "0",
                    "--forks",
                    forks,
                    "--no-progress",
                    "-o",
                    json.toString());
            assertEquals(0, run.code(), run::toString);
            JsonNode c = new ObjectMapper().readTree(json.toFile()).at("/cells/0");
            assertEquals(
                    forks.equals("0") ? "full" : "compiler",
                    c.at("/attributes/blackholeMode").asText(),
                    c::toString);
            assertEquals(
                    forks.equals("0"),
                    run.out()
                            .contains("Blackhole mode: full (this JVM was started without the"
                                    + " compiler blackhole of JMH's forks"),
                    run::toString);
        }
    }

    /** The JIT log of the JVM that ran the benchmark: the fork's (its command line runs fork-cell), else the other. */
    private static Path forkLog(Path logs, boolean fork) throws IOException {
        try (Stream<Path> files = Files.list(logs)) {
            List<Path> all = files.sorted().toList();
            for (Path f : all) {
                String head = head(f);
                if (head.contains("fork-cell") == fork) {
                    return f;
                }
            }
            throw new AssertionError("no JIT log of " + (fork ? "a fork" : "vbench's JVM") + " among " + all);
        }
    }

    private static String head(Path f) throws IOException {
        try (var lines = Files.lines(f, StandardCharsets.ISO_8859_1)) {
            return String.join("\n", lines.limit(60).toList());
        }
    }

    /** Every inlining decision of a call to each method of Controlled, by callee name. */
    private static Map<String, Set<String>> inlining(Path log) throws IOException {
        Map<String, String> names = new HashMap<>();
        Map<String, Set<String>> out = new HashMap<>();
        String callee = null;
        try (var lines = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            for (String line : (Iterable<String>) lines::iterator) {
                Matcher m = METHOD.matcher(line);
                if (m.find()) {
                    names.put(m.group(1), m.group(2));
                }
                Matcher c = CALL.matcher(line);
                if (c.find()) {
                    callee = names.get(c.group(1));
                }
                Matcher v = VERDICT.matcher(line);
                if (v.find()
                        && callee != null
                        && List.of("excluded", "notInlined", "inlined").contains(callee)) {
                    out.computeIfAbsent(callee, k -> new TreeSet<>()).add(v.group(1) + ": " + v.group(2));
                }
            }
        }
        return out;
    }
}
