package dev.vbench.testing;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A JMH archetype-style {@code benchmarks.jar} built from {@code src/test/resources/jmh-fixture}: the
 * classes compiled with JMH 1.37's annotation processor (so the jar holds {@code META-INF/BenchmarkList}
 * and JMH's generated classes), shaded with jmh-core and its dependencies, {@code Main-Class}
 * {@code org.openjdk.jmh.Main}, as {@code mvn archetype:generate -DarchetypeArtifactId=jmh-java-benchmark-archetype}
 * then {@code mvn package} makes it. The JMH jars come from {@code target/jmh-fixture} (copied there by the
 * build, not on the test class path). Built once per test JVM, in a directory of that JVM's own (the suite runs
 * several side by side: {@code vbench.test.fork}).
 *
 * <pre>{@code
 * Path jar = JmhFixture.benchmarksJar();      // with jmh-core
 * Path bare = JmhFixture.classesOnlyJar();    // the benchmark classes alone: jmh-core missing
 * }</pre>
 */
public final class JmhFixture {

    private static final Path JARS = Path.of("target", "jmh-fixture");
    private static final Path SOURCES = Path.of("src", "test", "resources", "jmh-fixture");
    private static Path built;

    private JmhFixture() {}

    /** The shaded jar: benchmark classes, BenchmarkList, generated code, jmh-core, jopt-simple, commons-math3. */
    public static synchronized Path benchmarksJar() {
        return build().resolve("benchmarks.jar");
    }

    /** The benchmark classes without jmh-core. */
    public static synchronized Path classesOnlyJar() {
        return build().resolve("classes-only.jar");
    }

    /** The jmh-core jar (for a class path beside {@link #classesOnlyJar()}). */
    public static Path jmhCore() {
        return JARS.resolve("jmh-core.jar").toAbsolutePath();
    }

    private static Path build() {
        if (built != null) {
            return built;
        }
        try {
            Path dir = JARS.resolve("build-" + System.getProperty("vbench.test.fork", "0"))
                    .toAbsolutePath();
            if (Files.exists(dir)) {
                try (Stream<Path> old = Files.walk(dir)) {
                    for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(p);
                    }
                }
            }
            Path classes = dir.resolve("classes");
            Files.createDirectories(classes);
            List<String> args = new ArrayList<>(List.of(
                    "-d",
                    classes.toString(),
                    "-proc:full",
                    "-classpath",
                    jmhCore().toString(),
                    "-processorpath",
                    JARS.resolve("jmh-generator-annprocess.jar").toAbsolutePath() + File.pathSeparator + jmhCore(),
                    "--release",
                    "21",
                    "-nowarn"));
            List<Path> sources;
            try (Stream<Path> files = Files.walk(SOURCES)) {
                sources = files.filter(p -> p.toString().endsWith(".java"))
                        .sorted()
                        .toList();
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            StringWriter log = new StringWriter();
            try (var files = javac.getStandardFileManager(null, null, null)) {
                if (!javac.getTask(log, files, null, args, null, files.getJavaFileObjectsFromPaths(sources))
                        .call()) {
                    throw new IllegalStateException("compiling the JMH fixture failed:\n" + log);
                }
            }
            Manifest manifest = new Manifest();
            manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
            manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "org.openjdk.jmh.Main");
            try (JarOutputStream jar =
                    new JarOutputStream(Files.newOutputStream(dir.resolve("benchmarks.jar")), manifest)) {
                Set<String> seen = new HashSet<>(Set.of("META-INF/", "META-INF/MANIFEST.MF"));
                addDirectory(jar, classes, seen);
                for (String dependency : List.of("jmh-core.jar", "jopt-simple.jar", "commons-math3.jar")) {
                    addJar(jar, JARS.resolve(dependency), seen);
                }
            }
            try (JarOutputStream jar =
                    new JarOutputStream(Files.newOutputStream(dir.resolve("classes-only.jar")), manifest)) {
                addDirectory(jar, classes, new HashSet<>(Set.of("META-INF/", "META-INF/MANIFEST.MF")));
            }
            built = dir;
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void addDirectory(JarOutputStream jar, Path root, Set<String> seen) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = root.relativize(f).toString().replace(File.separatorChar, '/');
                if (seen.add(name)) {
                    jar.putNextEntry(new JarEntry(name));
                    Files.copy(f, jar);
                    jar.closeEntry();
                }
            }
        }
    }

    private static void addJar(JarOutputStream jar, Path source, Set<String> seen) throws IOException {
        try (InputStream in = Files.newInputStream(source);
                ZipInputStream zip = new ZipInputStream(in)) {
            for (ZipEntry e; (e = zip.getNextEntry()) != null; ) {
                String name = e.getName();
                if (e.isDirectory()
                        || name.startsWith("META-INF/")
                                && (name.endsWith(".SF")
                                        || name.endsWith(".RSA")
                                        || name.endsWith(".DSA")
                                        || name.equals("META-INF/MANIFEST.MF"))
                        || !seen.add(name)) {
                    continue;
                }
                jar.putNextEntry(new JarEntry(name));
                zip.transferTo(jar);
                jar.closeEntry();
            }
        }
    }
}
