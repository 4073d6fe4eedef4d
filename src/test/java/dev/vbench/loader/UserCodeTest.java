package dev.vbench.loader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The loader on its own: workloads by name and by {@code CLASS::METHOD} (with their {@code -p} bindings),
 * executors by spec, and the one-sentence errors. The classes it loads are the public nested ones below.
 */
public class UserCodeTest {

    /** A static method; its public static field is a parameter. */
    public static class Scaled {
        public static int step = 2;

        public static long run(long index) {
            return index * step;
        }
    }

    /** An instance method; a public field and a setter (with its getter for the default) are parameters. */
    public static class Greeter {
        public static int made;
        public String name = "abc";
        private Duration pause = Duration.ofMillis(7);

        public Greeter() {
            made++;
        }

        public Duration getPause() {
            return pause;
        }

        public void setPause(Duration pause) {
            this.pause = pause;
        }

        public long greet() {
            return name.length() * 1000L + pause.toMillis();
        }
    }

    /** Two accepted overloads. */
    public static class Twice {
        public static long run() {
            return 1;
        }

        public static long run(long index) {
            return index;
        }

        public static long other(int x) {
            return x;
        }
    }

    static class Hidden {
        public static long run() {
            return 0;
        }
    }

    private static final String HERE = UserCodeTest.class.getName();

    private static Workload prepared(WorkloadProvider p, Map<String, String> given) throws Exception {
        Workload w = p.create(Params.resolve(p.name(), p.params(), given));
        w.prepare(new PrepareContext(Path.of("unused"), 42, message -> {}, (step, done, total) -> {}));
        w.beforeTrial();
        return w;
    }

    private static String refused(String reference) {
        return assertThrows(
                        IllegalArgumentException.class, () -> UserCode.builtIn().workload(reference))
                .getMessage();
    }

    @Test
    void builtInWorkloadsAndExecutorsResolveByNameAndOnceEach() {
        UserCode code = UserCode.builtIn();
        WorkloadProvider noop = code.workload("noop");
        assertEquals("noop", noop.name());
        assertSame(noop, code.workload(" noop "), "the same reference gives the same provider again");
        assertTrue(code.workloads().stream()
                .map(WorkloadProvider::name)
                .toList()
                .containsAll(List.of("noop", "cpu", "io")));
        assertEquals("fixed:threads=2", code.executor("fixed:threads=2").spec());
        assertEquals("virtual", code.executor("virtual").spec());
        assertThrows(IllegalArgumentException.class, () -> code.executor("nope"));
        assertTrue(refused("nope").contains("nope"), refused("nope"));
    }

    @Test
    void aStaticMethodRunsPerTaskWithItsStaticFieldsAsParameters() throws Exception {
        WorkloadProvider p = UserCode.builtIn().workload(HERE + "$Scaled::run");
        assertEquals(HERE + "$Scaled::run", p.name());
        assertEquals(
                List.of("step=2"),
                p.params().stream().map(s -> s.name() + "=" + s.defaultValue()).toList());
        try (Workload w = prepared(p, Map.of("step", "3"))) {
            assertEquals(15, w.task().run(5));
            assertEquals(3, Scaled.step, "-p sets the field");
        } finally {
            Scaled.step = 2;
        }
    }

    @Test
    void anInstanceMethodGetsAFreshInstancePerTrialWithFieldsAndSettersBound() throws Exception {
        WorkloadProvider p = UserCode.builtIn().workload(HERE + "$Greeter::greet");
        assertEquals(
                List.of("name=abc", "pause=7ms"),
                p.params().stream().map(s -> s.name() + "=" + s.defaultValue()).toList(),
                "sorted by name; the setter's default through its getter");
        try (Workload w = prepared(p, Map.of("name", "hello", "pause", "20ms"))) {
            assertEquals(5020, w.task().run(0));
            int before = Greeter.made;
            w.beforeTrial();
            assertEquals(before + 1, Greeter.made, "one new instance per trial");
            assertEquals(5020, w.task().run(1), "the new instance is bound again");
        }
    }

    @Test
    void aMethodThatCannotRunIsRefusedWithTheFix() {
        assertEquals("class " + HERE + "$Hidden is not public; make it public", refused(HERE + "$Hidden::run"));
        String missing = refused(HERE + "$Twice::nope");
        assertTrue(
                missing.startsWith(
                        "class " + HERE + "$Twice has no public method 'nope'; public methods that would do: "),
                missing);
        assertTrue(missing.contains("run()") && missing.contains("run(long)") && !missing.contains("other"), missing);
        assertEquals(
                "'" + HERE + "$Twice::run(int)': the signature (int) is not accepted; write run() or run(long)",
                refused(HERE + "$Twice::run(int)"));
        assertTrue(refused(HERE + "$Twice::run").contains("is ambiguous"), refused(HERE + "$Twice::run"));
        assertEquals(
                List.of(),
                UserCode.builtIn().workload(HERE + "$Twice::run(long)").params(),
                "an overload picked by its signature resolves (it has no parameters)");
    }
}
