package dev.vbench.testing;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Builds "user code" for tests the way a user would: Java sources compiled against vbench's classes
 * into a directory, optionally packed into a jar with {@code META-INF/services} files.
 *
 * <pre>{@code
 * Path jar = TestCode.jar(tmp.resolve("acme.jar"), Map.of("com/acme/P.java", "..."),
 *         Map.of("META-INF/services/dev.vbench.spi.WorkloadProvider", "com.acme.P"));
 * }</pre>
 */
public final class TestCode {

    private TestCode() {}

    /** Compiles {@code sources} (path → text) into {@code dir} and writes {@code resources} there too. */
    public static Path classes(Path dir, Map<String, String> sources, Map<String, String> resources)
            throws IOException {
        return classes(dir, sources, resources, List.of());
    }

    /** {@link #classes(Path, Map, Map)} against {@code libraries} too (a jmh-core jar, say). */
    public static Path classes(
            Path dir, Map<String, String> sources, Map<String, String> resources, List<Path> libraries)
            throws IOException {
        Path src = Files.createTempDirectory("vbench-test-src");
        List<String> classPath = new ArrayList<>(List.of(System.getProperty("java.class.path")));
        libraries.forEach(l -> classPath.add(l.toString()));
        List<String> args = new ArrayList<>(List.of(
                "-d",
                dir.toString(),
                "-classpath",
                String.join(File.pathSeparator, classPath),
                "-proc:none",
                "-nowarn"));
        for (Map.Entry<String, String> s : sources.entrySet()) {
            Path file = src.resolve(s.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, s.getValue());
            args.add(file.toString());
        }
        Files.createDirectories(dir);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter errors = new StringWriter();
        int code = javac.run(
                null,
                null,
                new PrintStream(OutputStream.nullOutputStream()) {
                    @Override
                    public void write(byte[] b, int off, int len) {
                        errors.write(new String(b, off, len, StandardCharsets.UTF_8));
                    }
                },
                args.toArray(String[]::new));
        if (code != 0) {
            throw new IllegalStateException("test sources do not compile: " + errors);
        }
        for (Map.Entry<String, String> r : resources.entrySet()) {
            Path file = dir.resolve(r.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, r.getValue());
        }
        return dir;
    }

    /** Compiles {@code sources}, adds {@code resources}, and packs everything into {@code jar}. */
    public static Path jar(Path jar, Map<String, String> sources, Map<String, String> resources) throws IOException {
        Path dir = classes(Files.createTempDirectory("vbench-test-classes"), sources, resources);
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
                Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(dir.relativize(f).toString().replace('\\', '/')));
                out.write(Files.readAllBytes(f));
                out.closeEntry();
            }
        }
        return jar;
    }

    /** A workload provider named {@code name} with one integer parameter {@code size} (default 2). */
    public static String provider(String pkg, String cls, String name) {
        return """
                package %s;

                import dev.vbench.spi.*;
                import java.util.List;

                public class %s implements WorkloadProvider {
                    static final ParamSpec<Integer> SIZE = ParamSpec.of("size", "work per task", "2", ParamType.intRange(1, 1000));
                    public String name() { return "%s"; }
                    public String description() { return "test provider %s"; }
                    public List<ParamSpec<?>> params() { return List.of(SIZE); }
                    public Workload create(Params p) {
                        int size = p.get(SIZE);
                        return () -> i -> i * size;
                    }
                }
                """.formatted(pkg, cls, name, name);
    }

    /** An executor provider named {@code name}: a fixed pool of {@code threads} (default 2) platform threads. */
    public static String executor(String pkg, String cls, String name) {
        return """
                package %s;

                import dev.vbench.spi.*;
                import java.util.List;
                import java.util.OptionalInt;
                import java.util.concurrent.*;

                public class %s implements ExecutorProvider {
                    static final ParamSpec<Integer> THREADS = ParamSpec.of("threads", "pool threads", "2", ParamType.intRange(1, 64));
                    public String name() { return "%s"; }
                    public String description() { return "test executor %s"; }
                    public List<ParamSpec<?>> params() { return List.of(THREADS); }
                    public ExecutorService create(Params p) { return Executors.newFixedThreadPool(p.get(THREADS)); }
                    public OptionalInt poolSize(Params p) { return OptionalInt.of(p.get(THREADS)); }
                }
                """.formatted(pkg, cls, name, name);
    }
}
