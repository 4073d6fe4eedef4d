package dev.vbench.loader;

import dev.vbench.spi.WorkloadException;
import dev.vbench.spi.WorkloadProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles one Java source file in memory with the running JDK's compiler ({@code javax.tools}) against
 * vbench's API and the user's class path, and caches the class files under
 * {@code <cache root>/compiled/<key>/}, the key being the SHA-256 of the source, the JDK version and the
 * class path's fingerprints: a second run with the same source loads the cached classes and does not
 * compile again.
 */
final class SourceCompiler {

    /** Most compiler errors shown. */
    static final int MAX_ERRORS = 10;

    private static final String INDEX = "classes.txt";

    /**
     * The compiled classes of one source file.
     *
     * @param sourceSha256 hex SHA-256 of the source
     * @param dir the cache directory holding the class files
     * @param classNames binary names of every class the file declares
     * @param fromCache whether the classes came from the cache (no compilation)
     * @param compileMillis time spent compiling (0 from the cache)
     */
    record Compiled(String sourceSha256, Path dir, List<String> classNames, boolean fromCache, long compileMillis) {}

    private SourceCompiler() {}

    /**
     * @param given the path as the user wrote it (for messages)
     * @param classPath compile class path after vbench's API (absolute entries)
     * @param classPathKey fingerprint of the class path, part of the cache key
     * @throws IllegalArgumentException a missing file, or compiler errors as {@code file:line: message} lines
     */
    static Compiled compile(String given, Path source, String classPath, String classPathKey, Path cacheRoot) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(source);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("source file '" + given + "' does not exist (looked for "
                    + source.toAbsolutePath() + "); check the path given to -w");
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "source file '" + given + "' cannot be read (" + e.getMessage() + "); check the path given to -w");
        }
        String sourceHash = HexFormat.of().formatHex(ClassPathEntries.sha256().digest(bytes));
        MessageDigest key = ClassPathEntries.sha256();
        key.update(bytes);
        key.update(("\0" + Runtime.version() + "\0" + classPathKey + "\0" + apiLocation())
                .getBytes(StandardCharsets.UTF_8));
        Path dir = cacheRoot
                .resolve("compiled")
                .resolve(HexFormat.of().formatHex(key.digest()).substring(0, 32));
        Path index = dir.resolve(INDEX);
        if (Files.isRegularFile(index)) {
            try {
                return new Compiled(sourceHash, dir, Files.readAllLines(index, StandardCharsets.UTF_8), true, 0);
            } catch (IOException e) {
                // an unreadable cache entry is compiled again below
            }
        }
        long start = System.nanoTime();
        Map<String, byte[]> classes = compileInMemory(given, source, classPath);
        long millis = (System.nanoTime() - start) / 1_000_000;
        store(dir, classes);
        return new Compiled(sourceHash, dir, List.copyOf(classes.keySet()), false, millis);
    }

    /** Where vbench's API classes are: the vbench jar, or its classes directory in a build. */
    static String apiLocation() {
        try {
            return Path.of(WorkloadProvider.class
                            .getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (URISyntaxException | RuntimeException e) {
            return System.getProperty("java.class.path");
        }
    }

    private static Map<String, byte[]> compileInMemory(String given, Path source, String classPath) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            throw WorkloadException.environment(
                    "this Java runtime has no compiler (" + System.getProperty("java.home")
                            + "); run vbench on a JDK (VBENCH_JAVA_HOME) to use -w FILE.java",
                    null);
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> out = new LinkedHashMap<>();
        try (StandardJavaFileManager standard =
                        compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8);
                var memory = new ForwardingJavaFileManager<StandardJavaFileManager>(standard) {
                    @Override
                    public JavaFileObject getJavaFileForOutput(
                            Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
                        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                        out.put(className, bytes);
                        return new SimpleJavaFileObject(
                                URI.create("mem:///" + className.replace('.', '/') + kind.extension), kind) {
                            @Override
                            public OutputStream openOutputStream() {
                                return bytes;
                            }
                        };
                    }
                }) {
            List<String> options = List.of(
                    "-classpath",
                    apiLocation() + (classPath.isEmpty() ? "" : File.pathSeparator + classPath),
                    "-proc:none",
                    "-g",
                    "-nowarn",
                    "-encoding",
                    "UTF-8");
            Boolean ok = compiler.getTask(
                            null, memory, diagnostics, options, null, standard.getJavaFileObjects(source.toFile()))
                    .call();
            if (!Boolean.TRUE.equals(ok)) {
                throw new IllegalArgumentException(errors(given, diagnostics.getDiagnostics()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, byte[]> classes = new LinkedHashMap<>();
        out.forEach((name, bytes) -> classes.put(name, bytes.toByteArray()));
        return classes;
    }

    /** "FILE does not compile (N errors); fix them:" then one {@code file:line: message} line per error, at most 10. */
    static String errors(String given, List<Diagnostic<? extends JavaFileObject>> diagnostics) {
        List<String> lines = new ArrayList<>();
        int errors = 0;
        for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
            if (d.getKind() != Diagnostic.Kind.ERROR) {
                continue;
            }
            errors++;
            if (lines.size() < MAX_ERRORS) {
                String message = d.getMessage(Locale.ROOT)
                        .strip()
                        .replaceAll("\\s*\\R\\s*", "; ")
                        .replaceAll(" {2,}", " ");
                lines.add(given + ":" + d.getLineNumber() + ": " + message);
            }
        }
        StringBuilder sb = new StringBuilder(given + " does not compile (" + errors
                + (errors == 1 ? " error" : " errors") + "); fix " + (errors == 1 ? "it" : "them") + " and run again:");
        lines.forEach(l -> sb.append(System.lineSeparator()).append(l));
        if (errors > MAX_ERRORS) {
            sb.append(System.lineSeparator())
                    .append("… and ")
                    .append(errors - MAX_ERRORS)
                    .append(" more");
        }
        return sb.toString();
    }

    /** Writes the class files into a temporary directory and moves it into place (concurrent runs may race: fine). */
    private static void store(Path dir, Map<String, byte[]> classes) {
        try {
            Files.createDirectories(dir.getParent());
            Path tmp = Files.createTempDirectory(dir.getParent(), "tmp-");
            for (Map.Entry<String, byte[]> c : classes.entrySet()) {
                Path file = tmp.resolve(c.getKey().replace('.', '/') + ".class");
                Files.createDirectories(file.getParent());
                Files.write(file, c.getValue());
            }
            Files.write(tmp.resolve(INDEX), classes.keySet(), StandardCharsets.UTF_8);
            if (Files.exists(dir) && !Files.isRegularFile(dir.resolve(INDEX))) {
                deleteTree(dir); // left by a run that stopped half-way
            }
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException e) {
                deleteTree(tmp); // another run stored the same classes first
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write compiled classes to " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
