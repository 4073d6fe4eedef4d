package dev.vbench.testing;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * The real launcher script {@code bin/vbench} (the one a release ships and a checkout's {@code ./vbench}
 * runs), run as a user runs it, for what only it decides: the JVM options it starts vbench with, its
 * start-up cache. It is copied into a directory laid out like an unpacked release ({@code bin/vbench}
 * and {@code lib/vbench.jar}) where the jar holds this build's classes and names the dependency jars in
 * its manifest's {@code Class-Path}; the start-up cache it makes goes to the user's cache directory,
 * here {@code XDG_CACHE_HOME} under that directory. Stdout and stderr are kept apart; stdin is empty.
 *
 * <pre>{@code
 * Launcher vbench = Launcher.install(tmp);
 * Launcher.Output r = vbench.run(Map.of("VBENCH_STARTUP_CACHE", "off"), "--version");
 * }</pre>
 */
public final class Launcher {

    /** The launcher script of this checkout (tests run in the project's root). */
    private static final Path SCRIPT = Path.of("bin", "vbench").toAbsolutePath();
    /** Environment variables of the JVM or the launcher that would change what a run prints. */
    private static final List<String> CLEARED = List.of(
            "VBENCH_JAVA_OPTS",
            "VBENCH_STARTUP_CACHE",
            "VBENCH_JAVA_HOME",
            "VBENCH_PRINT_JAVA",
            "VBENCH_STARTUP_CACHE_DIR",
            "VBENCH_LAUNCHER_JAR",
            "VBENCH_LAUNCHER_STATE",
            "XDG_CACHE_HOME",
            "JAVA_TOOL_OPTIONS",
            "JDK_JAVA_OPTIONS",
            "_JAVA_OPTIONS");

    private final Path home;

    private Launcher(Path home) {
        this.home = home;
    }

    /** What one run printed. */
    public record Output(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    /** Copies the launcher into {@code dir/bin} beside a {@code dir/lib/vbench.jar} of this build's classes. */
    public static Launcher install(Path dir) throws IOException {
        Path launcher = Files.createDirectories(dir.resolve("bin")).resolve("vbench");
        Files.copy(SCRIPT, launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Path lib = Files.createDirectories(dir.resolve("lib"));
        writeJar(lib.resolve("vbench.jar"), lib);
        return new Launcher(dir);
    }

    /** Where the launcher keeps its start-up cache: the user's cache directory ({@code XDG_CACHE_HOME}). */
    public Path cacheDir() {
        return home.resolve("cache").resolve("vbench").resolve("startup-cache");
    }

    /**
     * Runs {@code bin/vbench ARGS} on the JDK this test runs on ({@code VBENCH_JAVA_HOME}, unless
     * {@code env} names another), with {@code env} added to an environment without JVM options.
     */
    public Output run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        Started started = start(env, args);
        Process p = started.process();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("./vbench " + String.join(" ", args) + " did not end within 180 s");
        }
        return started.output();
    }

    /** A launcher started by {@link #start}: its process, and where its stdout and stderr go. */
    public record Started(Process process, Path out, Path err) {

        /** What it printed, and its exit code; once it ended. */
        public Output output() throws IOException {
            return new Output(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
    }

    /** Starts {@code bin/vbench ARGS} as {@link #run} does, without waiting for it. */
    public Started start(Map<String, String> env, String... args) throws IOException {
        List<String> command =
                new ArrayList<>(List.of(home.resolve("bin").resolve("vbench").toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile(home, "stdout-", ".txt");
        Path err = Files.createTempFile(home, "stderr-", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        CLEARED.forEach(pb.environment()::remove);
        pb.environment().put("VBENCH_JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("XDG_CACHE_HOME", home.resolve("cache").toString());
        pb.environment().putAll(env);
        return new Started(pb.start(), out, err);
    }

    /**
     * The classes directory of {@code dev.vbench.Main} as a jar, whose manifest names the main class and,
     * relative to {@code dir} (a start-up cache needs jars, not directories, and takes relative entries),
     * every jar of the test class path.
     */
    private static void writeJar(Path jar, Path dir) throws IOException {
        Path classes;
        try {
            classes = Path.of(dev.vbench.Main.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> jars = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            Path path = Path.of(entry).toAbsolutePath().normalize();
            if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
                jars.add(relativeUrl(dir.toAbsolutePath().normalize(), path));
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "dev.vbench.Main");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", jars));
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                String name = classes.relativize(f).toString().replace(File.separatorChar, '/');
                if (name.equals("META-INF/MANIFEST.MF")) {
                    continue;
                }
                out.putNextEntry(new JarEntry(name));
                Files.copy(f, out);
                out.closeEntry();
            }
        }
    }

    private static String relativeUrl(Path from, Path to) throws IOException {
        String relative = from.relativize(to).toString().replace(File.separatorChar, '/');
        try {
            return new URI(null, null, relative, null).getRawPath();
        } catch (URISyntaxException e) {
            throw new IOException(e);
        }
    }
}
