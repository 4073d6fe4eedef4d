package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.result.CellResult;
import dev.vbench.result.CodeEntry;
import dev.vbench.result.ResultCodec;
import dev.vbench.result.RunResult;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.TestCode;
import example.code.Checkout;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmarking the user's own code: {@code --classpath}, {@code -w CLASS::METHOD}, {@code -w CLASS},
 * {@code -w FILE.java}, providers and executors found on the class path, and every bad input with its exit code.
 */
@Tag(SlowFirst.SLOW)
class OwnCodeCliTest {

    @TempDir
    static Path shared;

    /** The jar {@link #acmeJar()} copies, compiled once for the class. */
    static Path acme;

    @TempDir
    Path tmp;

    /** {@code vbench run} with a small, quick matrix, writing JSON to {@code r.json} in the temp dir. */
    private CliRun run(String... args) {
        List<String> all = new ArrayList<>(List.of(
                "run",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--data-dir",
                tmp.resolve("data").toString(),
                "-o",
                tmp.resolve("r.json").toString(),
                "--quiet"));
        all.addAll(List.of(args));
        return CliRun.of(all.toArray(String[]::new));
    }

    private RunResult result() {
        return ResultCodec.read(tmp.resolve("r.json"));
    }

    // ------------------------------------------------------------ methods

    @Test
    void jdkStaticMethodRunsWithNoClassPath() throws Exception {
        CliRun r = run("-w", "java.util.UUID::randomUUID", "-e", "virtual", "-e", "fixed:threads=2");
        assertEquals(0, r.code(), r::toString);
        RunResult result = result();
        assertEquals(2, result.cells().size());
        for (CellResult c : result.cells()) {
            assertEquals("java.util.UUID::randomUUID", c.config().workload());
            assertEquals(2, c.trials().size());
            assertEquals(20, c.trials().get(0).completed());
            assertEquals(0, c.failures());
        }
        assertTrue(result.settings().code().isEmpty());
        assertFalse(Files.readString(tmp.resolve("r.json")).contains("\"code\""), "no code field without user code");
    }

    @Test
    void staticMethodWithBoundStaticFieldSweeps() {
        CliRun r = run("-w", "example.code.Counter::next", "-p", "step=1,3", "-e", "sequential");
        assertEquals(0, r.code(), r::toString);
        List<CellResult> cells = result().cells();
        assertEquals(
                List.of("1", "3"),
                cells.stream().map(c -> c.config().params().get("step")).toList());
        assertEquals(3, example.code.Counter.step, "the last cell's value was bound to the static field");
    }

    @Test
    void everyReturnTypeIsAccepted() {
        for (String method : List.of("greet", "half", "nothing", "even", "pick()", "pick(long)")) {
            CliRun r = run("-w", "example.code.Counter::" + method, "-e", "virtual");
            assertEquals(0, r.code(), () -> method + ": " + r);
            assertEquals(0, result().cells().get(0).failures(), method);
        }
    }

    @Test
    void instanceMethodGetsOneInstancePerTrialWithBoundFieldsAndSetterAndIsClosed() {
        int created = Checkout.CREATED.get();
        int closed = Checkout.CLOSED.get();
        CliRun r = run(
                "-w",
                "example.code.Checkout::handle",
                "-p",
                "items=1,7",
                "-p",
                "region=us",
                "-p",
                "timeout=20ms",
                "-e",
                "fixed:threads=2");
        assertEquals(0, r.code(), r::toString);
        List<CellResult> cells = result().cells();
        assertEquals(
                List.of("1", "7"),
                cells.stream().map(c -> c.config().params().get("items")).toList());
        assertEquals("us", cells.get(0).config().params().get("region"));
        // 2 cells x 2 trials = 4 trial instances, plus one probe that read the defaults
        assertEquals(5, Checkout.CREATED.get() - created);
        assertEquals(5, Checkout.CLOSED.get() - closed, "every instance is closed (AutoCloseable)");
        assertEquals("7,us,20", Checkout.lastSeen);
    }

    @Test
    void listShowsTheMethodChosenAndItsParametersWithDefaults() {
        CliRun r = CliRun.of("list", "-w", "example.code.Checkout::handle");
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("instance method example.code.Checkout.handle(long) returning long"), r::toString);
        assertTrue(r.out().contains("items  (default 3;"), r::toString);
        assertTrue(r.out().contains("timeout  (default 5ms;"), r::toString);
        assertTrue(r.out().contains("region  (default eu;"), r::toString);
        assertFalse(r.out().contains("fixed"), "a final field is not bindable: " + r);
        assertTrue(r.out().contains("Method chosen: example.code.Checkout.handle(long)"), r::toString);
    }

    @Test
    void unknownParameterListsTheBindableOnes() {
        run("-w", "example.code.Checkout::handle", "-p", "colour=red")
                .assertUsageError("has no parameter 'colour'; its parameters are items, region, timeout");
    }

    // ------------------------------------------------------------ bad input

    @Test
    void classNotFoundNamesTheClassPathSearched() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("classes"));
        run("-w", "com.acme.Missing::run")
                .assertUsageError(
                        "class com.acme.Missing not found on the class path (searched: vbench and the JDK; no --classpath given)");
        run("--classpath", dir.toString(), "-w", "com.acme.Missing::run").assertUsageError("(searched: " + dir);
        run("-w", "com.acme.Missing").assertUsageError("class com.acme.Missing not found on the class path");
    }

    @Test
    void classNotPublic() {
        run("-w", "example.code.Hidden::run")
                .assertUsageError("class example.code.Hidden is not public; make it public");
    }

    @Test
    void instanceMethodWithoutPublicNoArgConstructor() {
        run("-w", "example.code.NoDefault::run")
                .assertUsageError(
                        "example.code.NoDefault::run is an instance method, but example.code.NoDefault has no public no-argument"
                                + " constructor; add one, or make the method static");
    }

    @Test
    void methodNotFoundListsTheMethodsThatWouldDo() {
        run("-w", "example.code.Counter::missing")
                .assertUsageError(
                        "class example.code.Counter has no public method 'missing'; public methods that would do: even(long) [static],"
                                + " greet() [static], half(long) [static]");
    }

    @Test
    void methodWithoutAcceptedSignature() {
        run("-w", "example.code.Counter::wrong")
                .assertUsageError(
                        "example.code.Counter::wrong has no accepted signature (found wrong(String)); it must take () or (long index)");
    }

    @Test
    void overloadsMakeTheNameAmbiguous() {
        run("-w", "example.code.Counter::pick")
                .assertUsageError(
                        "example.code.Counter::pick is ambiguous: pick() and pick(long); pick one with 'example.code.Counter::pick()'"
                                + " or 'example.code.Counter::pick(long)'");
    }

    @Test
    void missingClassPathEntry() {
        run("--classpath", "no/such.jar", "-w", "noop")
                .assertUsageError("class path entry 'no/such.jar' does not exist (looked for ");
        CliRun.of("list", "-cp", "no/such/dir/*").assertUsageError("class path entry 'no/such/dir/*'");
        Path notAJar = tmp.resolve("notes.txt");
        try {
            Files.writeString(notAJar, "not a jar");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        run("-cp", notAJar.toString(), "-w", "noop")
                .assertUsageError("class path entry '" + notAJar + "' is not a jar or a directory");
    }

    @Test
    void workloadCodeThrowingWhilePreparingExitsOneWithTheUserFrame() {
        CliRun r = run("-w", "example.code.Boom::run");
        assertEquals(1, r.code(), r::toString);
        String line = r.err().strip();
        assertFalse(line.contains("\n"), r::toString);
        assertTrue(
                line.startsWith(
                        "vbench: workload code failed while creating example.code.Boom:"
                                + " java.lang.IllegalStateException: no database at localhost:1 (at example.code.Boom.<init>(Boom.java:"),
                r::toString);
        assertFalse(line.contains("dev.vbench"), "no vbench frames: " + line);
    }

    @Test
    void providerThrowingInPrepareExitsOneWithTheUserFrame() throws Exception {
        Path jar = TestCode.jar(
                tmp.resolve("broken.jar"),
                Map.of("com/broken/Db.java", """
                package com.broken;

                import dev.vbench.spi.*;
                import java.util.List;

                public class Db implements WorkloadProvider {
                    public String name() { return "db"; }
                    public String description() { return "needs a database"; }
                    public List<ParamSpec<?>> params() { return List.of(); }
                    public Workload create(Params p) {
                        return new Workload() {
                            public void prepare(PrepareContext c) throws Exception {
                                connect();
                            }
                            public Task task() { return i -> i; }
                        };
                    }
                    static void connect() throws java.io.IOException {
                        throw new java.io.IOException("connection refused: localhost:5432");
                    }
                }
                """),
                Map.of("META-INF/services/dev.vbench.spi.WorkloadProvider", "com.broken.Db\n"));
        CliRun r = run("-cp", jar.toString(), "-w", "db", "-e", "virtual");
        assertEquals(1, r.code(), r::toString);
        String line = r.err().strip();
        assertEquals(
                "vbench: workload code failed while preparing workload db: java.io.IOException: connection refused:"
                        + " localhost:5432 (at com.broken.Db.connect(Db.java:19)); fix it and run again",
                line);
    }

    @Test
    void providerThrowingFromItsDescriptionOrParamsExitsOneInOneLineNotAsAnInternalError() throws Exception {
        Path jar = TestCode.jar(
                tmp.resolve("vague.jar"),
                Map.of("com/vague/Vague.java", """
                package com.vague;

                import dev.vbench.spi.*;
                import java.util.List;

                public class Vague implements WorkloadProvider {
                    public String name() { return "vague"; }
                    public String description() { throw new UnsupportedOperationException("no description yet"); }
                    public List<ParamSpec<?>> params() { throw new IllegalStateException("params not ready"); }
                    public Workload create(Params p) { return () -> i -> i; }
                }
                """),
                Map.of("META-INF/services/dev.vbench.spi.WorkloadProvider", "com.vague.Vague\n"));
        CliRun list = CliRun.of("list", "-cp", jar.toString(), "-w", "vague");
        assertEquals(1, list.code(), list::toString);
        assertEquals(1, list.err().strip().lines().count(), list::toString);
        assertTrue(list.err().strip().startsWith("vbench: workload code failed while "), list::toString);
        assertTrue(list.err().contains("(at com.vague.Vague."), list::toString);
        CliRun r = run("-cp", jar.toString(), "-w", "vague", "-e", "virtual");
        assertEquals(1, r.code(), r::toString);
        assertEquals(
                "vbench: workload code failed while listing the parameters of workload vague:"
                        + " java.lang.IllegalStateException: params not ready (at com.vague.Vague.params(Vague.java:9));"
                        + " fix it and run again",
                r.err().strip(),
                r::toString);
    }

    @Test
    void aWorkloadsNotesReachTheResultFromInProcessAndForkedCellsAlike() throws Exception {
        Path jar = TestCode.jar(
                tmp.resolve("noted.jar"),
                Map.of("com/noted/Noted.java", """
                package com.noted;

                import dev.vbench.spi.*;
                import java.util.List;

                public class Noted implements WorkloadProvider {
                    public String name() { return "noted"; }
                    public String description() { return "says something about its run"; }
                    public List<ParamSpec<?>> params() { return List.of(); }
                    public Workload create(Params p) {
                        return new Workload() {
                            public Task task() { return i -> i; }
                            public List<String> notes() { return List.of("noted: the stub answered every request"); }
                        };
                    }
                }
                """),
                Map.of("META-INF/services/dev.vbench.spi.WorkloadProvider", "com.noted.Noted\n"));
        // in the fork, with a jar's executor too: forks get the same class path, every entry of it
        Path acme = acmeJar();
        for (String forks : List.of("0", "1")) {
            CliRun r = forks.equals("0")
                    ? run("-cp", jar.toString(), "-w", "noted", "-e", "virtual", "--forks", forks)
                    : run("-cp", jar + File.pathSeparator + acme, "-w", "noted", "-e", "acme-pool", "--forks", forks);
            assertEquals(0, r.code(), r::toString);
            CellResult cell = result().cells().get(0);
            assertEquals(2, cell.trials().size());
            assertEquals(
                    Integer.parseInt(forks), cell.trials().get(0).fork(), "the trials ran in a fork with --forks 1");
            List<String> notes = cell.notes();
            assertEquals(
                    1,
                    notes.stream()
                            .filter(n -> n.equals("noted: the stub answered every request"))
                            .count(),
                    () -> "--forks " + forks + ": " + notes);
        }
    }

    // ------------------------------------------------------------ source files

    @Test
    void sourceFileIsCompiledOnceThenTakenFromTheCache() throws Exception {
        Path src = Files.writeString(tmp.resolve("Fib.java"), """
                public class Fib {
                    public int n = 10;
                    public long run(long index) { return fib(n); }
                    static long fib(int k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }
                }
                """);
        List<String> args = List.of(
                "run",
                "-w",
                src.toString(),
                "-p",
                "n=5,8",
                "-e",
                "virtual",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--no-progress",
                "--data-dir",
                tmp.resolve("data").toString(),
                "--verbose",
                "-o",
                tmp.resolve("r.json").toString());
        CliRun first = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, first.code(), first::toString);
        assertTrue(first.err().contains("Fib.java: compiled in "), first::toString);
        Path compiled = tmp.resolve("data/compiled");
        try (var dirs = Files.list(compiled)) {
            assertEquals(1, dirs.count(), "one cache entry");
        }
        CliRun second = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, second.code(), second::toString);
        assertFalse(second.err().contains("compiled in"), second::toString);
        assertTrue(second.err().contains("Fib.java: compiled classes reused from " + compiled), second::toString);
        RunResult result = result();
        assertEquals(
                List.of("5", "8"),
                result.cells().stream().map(c -> c.config().params().get("n")).toList());
        CodeEntry source = result.settings().code().get(0);
        assertEquals(CodeEntry.SOURCE, source.kind());
        assertEquals(sha256(Files.readAllBytes(src)), source.sha256());
    }

    @Test
    void sourceFileWithAProviderAndTheApi() throws Exception {
        Path src = Files.writeString(
                tmp.resolve("Squares.java"),
                TestCode.provider("", "Squares", "squares").replace("package ;", ""));
        CliRun r = run("-w", src.toString(), "-p", "size=3", "-e", "virtual");
        assertEquals(0, r.code(), r::toString);
        assertEquals(src.toString(), result().cells().get(0).config().workload());
        CliRun list = CliRun.of("list", "-w", src.toString());
        assertTrue(list.out().contains("test provider squares"), list::toString);
        assertTrue(list.out().contains("size  (default 2;"), list::toString);
    }

    @Test
    void sourceFileErrorsAreFileLineMessages() throws Exception {
        Path bad = Files.writeString(tmp.resolve("Bad.java"), """
                public class Bad {
                    public long run() {
                        return undefined;
                    }
                    int x = "text";
                }
                """);
        CliRun r = run("-w", bad.toString());
        assertEquals(2, r.code(), r::toString);
        List<String> lines = r.err().strip().lines().toList();
        assertEquals(
                "vbench: " + bad + " does not compile (2 errors); fix them and run again:", lines.get(0), r::toString);
        assertTrue(lines.get(1).startsWith(bad + ":3: cannot find symbol"), r::toString);
        assertTrue(lines.get(2).startsWith(bad + ":5: incompatible types"), r::toString);
        assertEquals(3, lines.size(), r::toString);
        assertFalse(r.err().contains("Exception"), r::toString);
    }

    @Test
    void missingSourceFile() {
        run("-w", "nowhere/Missing.java").assertUsageError("source file 'nowhere/Missing.java' does not exist");
    }

    @Test
    void sourceWithoutRunMethodListsWhatWouldDo() throws Exception {
        Path src = Files.writeString(
                tmp.resolve("Calc.java"), "public class Calc { public long add(long i) { return i + 1; } }");
        run("-w", src.toString())
                .assertUsageError("has neither a WorkloadProvider nor a public run() or run(long) method in"
                        + " class Calc; public methods that would do: add(long)");
        CliRun ok = run("-w", src + "::add", "-e", "virtual");
        assertEquals(0, ok.code(), ok::toString);
    }

    // ------------------------------------------------------------ class path: providers and executors

    /**
     * {@code acme.jar} in the test's folder: a provider, an unlisted provider and an executor, listed in their
     * services files. Compiled once for the class ({@link #acme}), copied for each test that asks.
     */
    private Path acmeJar() throws Exception {
        return Files.copy(acme, tmp.resolve("acme.jar"));
    }

    @BeforeAll
    static void compileAcmeJar() throws Exception {
        acme = TestCode.jar(
                shared.resolve("acme.jar"),
                Map.of(
                        "com/acme/Squares.java", TestCode.provider("com.acme", "Squares", "squares"),
                        "com/acme/Unlisted.java", TestCode.provider("com.acme", "Unlisted", "unlisted"),
                        "com/acme/Pool.java", TestCode.executor("com.acme", "Pool", "acme-pool")),
                Map.of(
                        "META-INF/services/dev.vbench.spi.WorkloadProvider",
                        "com.acme.Squares\n",
                        "META-INF/services/dev.vbench.spi.ExecutorProvider",
                        "com.acme.Pool\n"));
    }

    @Test
    void providerAndExecutorFromAJarRunAndTheResultRecordsTheJar() throws Exception {
        Path jar = acmeJar();
        CliRun r = run(
                "--classpath",
                jar.toString(),
                "-w",
                "squares",
                "-p",
                "size=1,2",
                "-e",
                "virtual",
                "-e",
                "acme-pool:threads=3");
        assertEquals(0, r.code(), r::toString);
        RunResult result = result();
        assertEquals(4, result.cells().size());
        assertEquals(
                "acme-pool:threads=3", result.cells().get(1).config().executor().spec());
        assertEquals(
                Integer.valueOf(3), result.cells().get(1).config().executor().poolSize());
        assertEquals(
                List.of(new CodeEntry(jar.toString(), CodeEntry.JAR, sha256(Files.readAllBytes(jar)))),
                result.settings().code());
    }

    @Test
    void unregisteredProviderClassByName() throws Exception {
        CliRun r = run("-cp", acmeJar().toString(), "-w", "com.acme.Unlisted", "-e", "virtual");
        assertEquals(0, r.code(), r::toString);
        assertEquals("com.acme.Unlisted", result().cells().get(0).config().workload());
    }

    @Test
    void listShowsProvidersAndExecutorsFromTheClassPath() throws Exception {
        CliRun r = CliRun.of("list", "--classpath", acmeJar().toString());
        assertEquals(0, r.code(), r::toString);
        assertTrue(r.out().contains("  squares — test provider squares"), r::toString);
        assertTrue(r.out().contains("  acme-pool — test executor acme-pool"), r::toString);
    }

    @Test
    void twoProvidersWithOneNameExitTwoNamingBothSources() throws Exception {
        Path a = acmeJar();
        Path b = TestCode.jar(
                tmp.resolve("other.jar"),
                Map.of(
                        "org/other/Sq.java",
                        TestCode.provider("org.other", "Sq", "squares"),
                        "org/other/Io.java",
                        TestCode.provider("org.other", "Io", "io"),
                        "org/other/Virt.java",
                        TestCode.executor("org.other", "Virt", "virtual")),
                Map.of(
                        "META-INF/services/dev.vbench.spi.WorkloadProvider",
                        "org.other.Sq\norg.other.Io\n",
                        "META-INF/services/dev.vbench.spi.ExecutorProvider",
                        "org.other.Virt\n"));
        String cp = a + File.pathSeparator + b;
        run("-cp", cp, "-w", "squares")
                .assertUsageError("workload name 'squares' is defined 2 times: by com.acme.Squares (" + a
                        + ") and by org.other.Sq (" + b + "); rename one");
        run("-cp", cp, "-w", "io")
                .assertUsageError("workload name 'io' is defined 2 times: by dev.vbench.workload.IoWorkload"
                        + " (built into vbench) and by org.other.Io (" + b + ")");
        run("-cp", cp, "-w", "noop", "-e", "virtual")
                .assertUsageError("executor name 'virtual' is defined 2 times: by built into"
                        + " vbench and by org.other.Virt (" + b + ")");
        CliRun.of("list", "-cp", cp).assertUsageError("is defined 2 times");
    }

    @Test
    void classPathDirectoryAndWildcard() throws Exception {
        Path lib = Files.createDirectories(tmp.resolve("lib"));
        acmeJar();
        Files.move(tmp.resolve("acme.jar"), lib.resolve("acme.jar"));
        CliRun r = run("-cp", lib + "/*", "-w", "squares", "-e", "virtual");
        assertEquals(0, r.code(), r::toString);
        assertEquals(lib + "/acme.jar", result().settings().code().get(0).path());
        Path classes = TestCode.classes(
                tmp.resolve("classes"),
                Map.of(
                        "com/dir/Work.java",
                        "package com.dir; public class Work { public static long run(long i) { return i; } }"),
                Map.of());
        CliRun d = run("-cp", classes.toString(), "-w", "com.dir.Work::run", "-e", "virtual");
        assertEquals(0, d.code(), d::toString);
        CodeEntry entry = result().settings().code().get(0);
        assertEquals(CodeEntry.DIRECTORY, entry.kind());
        assertEquals(64, entry.sha256().length());
    }

    static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
