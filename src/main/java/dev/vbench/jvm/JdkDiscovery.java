package dev.vbench.jvm;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds installed JDKs without starting any: {@code $JAVA_HOME}, every directory under
 * {@code /usr/lib/jvm}, {@code ~/.sdkman/candidates/java}, {@code ~/.jdks} and the colon-separated
 * {@code $VBENCH_JVM_DIRS} (the launcher's search path too). A JDK is a directory with an executable
 * {@code bin/java} and a {@code release} file naming its {@code JAVA_VERSION}; macOS bundles
 * ({@code Contents/Home}) count too. Symlinked duplicates ({@code default-java}, sdkman's
 * {@code current}) are listed once.
 *
 * <pre>{@code
 * List<JdkDiscovery.Jdk> jdks = JdkDiscovery.fromSystem().find();
 * Optional<JdkDiscovery.Jdk> jdk21 = JdkDiscovery.fromSystem().newest(21);
 * }</pre>
 */
public final class JdkDiscovery {

    /** The environment variable with extra directories to search (colon-separated). */
    public static final String DIRS_ENV = "VBENCH_JVM_DIRS";
    /** The system-wide JDK directory on Linux. */
    public static final Path SYSTEM_DIR = Path.of("/usr/lib/jvm");

    /**
     * One JDK found.
     *
     * @param home the JDK home (real path)
     * @param version {@code JAVA_VERSION} from its {@code release} file, e.g. {@code 21.0.8}
     * @param feature the major version ({@code 8} for {@code 1.8.0_402})
     * @param foundIn where it was found ({@code JAVA_HOME}, {@code /usr/lib/jvm} …)
     */
    public record Jdk(Path home, String version, int feature, String foundIn) {

        /** Its {@code bin/java}. */
        public Path java() {
            return home.resolve("bin").resolve("java");
        }
    }

    /**
     * One place searched.
     *
     * @param name how the listing names it ({@code JAVA_HOME}, {@code ~/.jdks} …)
     * @param dir the directory, or null when the variable is unset
     * @param single whether {@code dir} is itself a JDK home ({@code JAVA_HOME}) rather than a folder of them
     */
    public record Place(String name, Path dir, boolean single) {}

    private final List<Place> places;

    /** @param places where to look, in order */
    public JdkDiscovery(List<Place> places) {
        this.places = List.copyOf(places);
    }

    /** The places of this system: {@code JAVA_HOME}, /usr/lib/jvm, sdkman, ~/.jdks, {@value #DIRS_ENV}. */
    public static JdkDiscovery fromSystem() {
        return of(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** The standard places for a given environment and home directory. */
    public static JdkDiscovery of(Map<String, String> env, Path userHome) {
        List<Place> places = new ArrayList<>();
        String javaHome = env.get("JAVA_HOME");
        places.add(new Place("JAVA_HOME", blank(javaHome) ? null : Path.of(javaHome), true));
        places.add(new Place(SYSTEM_DIR.toString(), SYSTEM_DIR, false));
        places.add(new Place("~/.sdkman/candidates/java", userHome.resolve(".sdkman/candidates/java"), false));
        places.add(new Place("~/.jdks", userHome.resolve(".jdks"), false));
        String dirs = env.get(DIRS_ENV);
        if (blank(dirs)) {
            places.add(new Place(DIRS_ENV, null, false));
        } else {
            for (String dir : dirs.split(File.pathSeparator)) {
                if (!dir.isBlank()) {
                    places.add(new Place(DIRS_ENV + " " + dir, Path.of(dir), false));
                }
            }
        }
        return new JdkDiscovery(places);
    }

    /** The places searched, for the listing. */
    public List<Place> places() {
        return places;
    }

    /** Every JDK found, newest major version first, then by version and path. */
    public List<Jdk> find() {
        Set<Path> seen = new LinkedHashSet<>();
        List<Jdk> found = new ArrayList<>();
        for (Place place : places) {
            for (Path candidate : candidates(place)) {
                Optional<Jdk> jdk = read(candidate, place.name());
                if (jdk.isPresent() && seen.add(jdk.get().home())) {
                    found.add(jdk.get());
                }
            }
        }
        found.sort(Comparator.comparingInt(Jdk::feature)
                .reversed()
                .thenComparing(Jdk::version, JdkDiscovery::compareVersions)
                .thenComparing(j -> j.home().toString()));
        return found;
    }

    /**
     * The text of {@code vbench list --jvms}: one line per JDK (major version, version, home, where
     * found; those older than 21 marked), then the places searched.
     */
    public List<String> listing() {
        List<Jdk> jdks = find();
        List<String> lines = new ArrayList<>();
        lines.add(
                jdks.isEmpty()
                        ? "No JDKs found."
                        : "JDKs (--jvm LABEL=HOME, or --jvm MAJOR for the newest of a version):");
        lines.add("");
        int width =
                jdks.stream().mapToInt(j -> j.home().toString().length()).max().orElse(0);
        int versionWidth =
                jdks.stream().mapToInt(j -> j.version().length()).max().orElse(0);
        for (Jdk j : jdks) {
            lines.add(String.format(
                    Locale.ROOT,
                    "  %3d  %-" + versionWidth + "s  %-" + width + "s  (%s)%s",
                    j.feature(),
                    j.version(),
                    j.home(),
                    j.foundIn(),
                    j.feature() < JvmProber.MIN_FEATURE ? "  too old: vbench's fork child needs 21+" : ""));
        }
        if (!jdks.isEmpty()) {
            lines.add("");
        }
        lines.add("Searched: "
                + String.join(
                        ", ",
                        places.stream()
                                .map(p -> p.dir() == null
                                        ? p.name() + " (unset)"
                                        : p.name() + (Files.isDirectory(p.dir()) ? "" : " (missing)"))
                                .toList()));
        return lines;
    }

    /** The newest JDK of major version {@code feature}, if any was found. */
    public Optional<Jdk> newest(int feature) {
        return find().stream().filter(j -> j.feature() == feature).findFirst();
    }

    private static List<Path> candidates(Place place) {
        if (place.dir() == null || !Files.isDirectory(place.dir())) {
            return List.of();
        }
        if (place.single()) {
            return List.of(place.dir());
        }
        try (Stream<Path> children = Files.list(place.dir())) {
            return children.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The JDK at {@code dir} (or its {@code Contents/Home}), when it has bin/java and a release file. */
    static Optional<Jdk> read(Path dir, String foundIn) {
        for (Path home : List.of(dir, dir.resolve("Contents").resolve("Home"))) {
            Path java = home.resolve("bin").resolve("java");
            if (Files.isExecutable(java) && !Files.isDirectory(java)) {
                Optional<String> version = releaseVersion(home);
                if (version.isPresent()) {
                    Path real = realPath(home);
                    return Optional.of(new Jdk(real, version.get(), feature(version.get()), foundIn));
                }
            }
        }
        return Optional.empty();
    }

    /** {@code JAVA_VERSION} of the {@code release} file in {@code home}. */
    public static Optional<String> releaseVersion(Path home) {
        Path release = home.resolve("release");
        if (!Files.isRegularFile(release)) {
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).strip().replace("\"", "");
                    return v.isEmpty() || feature(v) <= 0 ? Optional.empty() : Optional.of(v);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * The major version of a version string: {@code 21} for {@code 21.0.8} or {@code 21}, {@code 8}
     * for {@code 1.8.0_402}; 0 when it does not start with a number.
     */
    public static int feature(String version) {
        String[] parts = version.strip().split("[._+\\-]");
        try {
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** Orders version strings numerically, newest first. */
    static int compareVersions(String a, String b) {
        String[] x = a.split("[._+\\-]");
        String[] y = b.split("[._+\\-]");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            long p = i < x.length ? number(x[i]) : 0;
            long q = i < y.length ? number(y[i]) : 0;
            if (p != q) {
                return Long.compare(q, p);
            }
        }
        return 0;
    }

    private static long number(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
