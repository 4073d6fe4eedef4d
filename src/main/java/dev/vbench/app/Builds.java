package dev.vbench.app;

import dev.vbench.engine.DataDirs;
import dev.vbench.loader.UserCode;
import dev.vbench.plan.Planner;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The builds of a run ({@code --build LABEL=CLASSPATH}), each opened as user code of its own — its class
 * path, then {@code --classpath}'s — for the planner to plan every cell against, and closed once planned
 * (the builds' cells run in forks, which load their code themselves). A build with an empty class path
 * ({@code --build A=}) is the run's own code in this JVM: two of them are an A/A comparison, as
 * {@code vbench noise} runs it.
 *
 * <pre>{@code
 * try (Builds builds = Builds.open(List.of("old=v1/classes", "new=target/classes"), null, note -> {})) {
 *     Plan plan = Planner.plan(request, code, builds.codes());
 * }
 * }</pre>
 */
final class Builds implements AutoCloseable {

    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9._-]+");

    private final List<Planner.BuildCode> codes;

    private Builds(List<Planner.BuildCode> codes) {
        this.codes = List.copyOf(codes);
    }

    /** What the planner takes: each build's label and code. */
    List<Planner.BuildCode> codes() {
        return codes;
    }

    /**
     * Opens every {@code LABEL=CLASSPATH} of {@code specs}.
     *
     * @param common {@code --classpath}, appended to each build's class path; null when none
     * @throws UsageException for a spec without a label or class path, or an entry that cannot be read
     */
    static Builds open(List<String> specs, String common, Consumer<String> note) {
        List<Planner.BuildCode> opened = new ArrayList<>();
        try {
            for (String spec : specs) {
                int eq = spec.indexOf('=');
                String label = eq < 0 ? "" : spec.substring(0, eq).strip();
                String classPath = eq < 0 ? "" : spec.substring(eq + 1).strip();
                if (!LABEL.matcher(label).matches()) {
                    throw new UsageException(
                            "--build " + spec + " is not LABEL=CLASSPATH; give a label of letters, digits,"
                                    + " '.', '_' or '-' and the build's class path, e.g. --build new=target/classes");
                }
                if (classPath.isEmpty()) {
                    opened.add(new Planner.BuildCode(label, null)); // the run's own code in this JVM: an A/A side
                    continue;
                }
                String full = common == null || common.isBlank() ? classPath : classPath + File.pathSeparator + common;
                try {
                    opened.add(new Planner.BuildCode(
                            label, UserCode.open(full, Path.of(""), DataDirs.defaultRoot(), note, detail -> {})));
                } catch (IllegalArgumentException e) {
                    throw new UsageException("--build " + label + ": " + e.getMessage(), e);
                }
            }
        } catch (RuntimeException e) {
            opened.stream().filter(b -> b.code() != null).forEach(b -> b.code().close());
            throw e;
        }
        return new Builds(opened);
    }

    @Override
    public void close() {
        codes.stream().filter(b -> b.code() != null).forEach(b -> b.code().close());
    }
}
