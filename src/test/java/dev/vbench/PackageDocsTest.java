package dev.vbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package docs stay true to the code: every vbench type a {@code package-info.java} names, as
 * {@code {@link dev.vbench.pkg.Type}} or {@code {@code pkg.Type}} (a package of vbench's, then a type), is a
 * source file of that package. A class moved or renamed without its package doc fails here.
 */
class PackageDocsTest {

    private static final Path MAIN = Path.of("src/main/java/dev/vbench");
    /** {@code {@link dev.vbench.a.B#m}} or {@code {@code a.B}}: the package path and the (outer) type. */
    private static final Pattern NAMED =
            Pattern.compile("\\{@(?:link|linkplain|code)\\s+(?:dev\\.vbench\\.)?((?:[a-z][a-z0-9]*\\.)+)([A-Z]\\w*)");

    @Test
    void everyTypeAPackageDocNamesExists() throws IOException {
        List<Path> docs;
        try (Stream<Path> files = Files.walk(MAIN)) {
            docs = files.filter(p -> p.getFileName().toString().equals("package-info.java"))
                    .sorted()
                    .toList();
        }
        assertTrue(docs.size() >= 10, "package docs found: " + docs);
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (Path doc : docs) {
            Matcher m = NAMED.matcher(Files.readString(doc).replaceAll("\\s*\\n\\s*\\*\\s*", " "));
            while (m.find()) {
                String pkg = m.group(1).substring(0, m.group(1).length() - 1);
                if (!Files.isDirectory(MAIN.resolve(pkg.split("\\.")[0]))) {
                    continue; // not one of vbench's packages (java.util.List, org.openjdk.jmh...)
                }
                named++;
                Path source = MAIN.resolve(pkg.replace('.', '/')).resolve(m.group(2) + ".java");
                if (!Files.isRegularFile(source)) {
                    missing.add(MAIN.relativize(doc) + " names " + pkg + "." + m.group(2));
                }
            }
        }
        assertTrue(named >= 10, "types named in package docs: " + named);
        assertEquals(List.of(), missing, "types a package doc names that do not exist");
    }
}
