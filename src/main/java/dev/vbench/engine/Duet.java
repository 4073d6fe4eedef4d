package dev.vbench.engine;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@code --duet}: the two columns of a row run their forks at the same time, each pinned to one half of the CPUs
 * this process may use ({@code taskset -c}), so that what else the machine does in that moment hits both alike
 * (duet benchmarking: Bulej et al., "Duet Benchmarking: Improving Measurement Accuracy in the Cloud", ICPE 2020).
 * Rounds stay as {@link TrialOrder#INTERLEAVED} has them; within a round the two units overlap instead of
 * following each other. Each fork sees half the CPUs, which the result records per trial (its usable CPUs).
 *
 * <pre>{@code
 * Duet duet = Duet.of(plan.cells(), plan.settings().forks(), Duet.allowedCpus(), Duet::onPath);
 * List<String> prefix = duet.prefix(0);   // [taskset, -c, 0,1,2,3,4,5,6,7]
 * }</pre>
 *
 * @param halves the CPU lists of the two columns ({@code 0,1} and {@code 2,3} on four CPUs)
 */
public record Duet(List<String> halves) {

    /** What cannot run as a duet: a usage error (the plan's shape) or the machine's (its CPUs, no taskset). */
    public static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final boolean environment;

        Refused(String message, boolean environment) {
            super(message, null, false, false);
            this.environment = environment;
        }

        /** Whether the machine refused (its CPUs, no taskset) rather than the options. */
        public boolean environment() {
            return environment;
        }
    }

    /**
     * The duet of a plan, or why it cannot be one.
     *
     * @param cells the plan's cells, in plan order
     * @param forks {@code --forks}
     * @param cpus the CPUs this process may use
     * @param onPath whether a program is on the PATH
     */
    public static Duet of(List<CellPlan> cells, int forks, List<Integer> cpus, Predicate<String> onPath)
            throws Refused {
        for (int first = 0; first < cells.size(); ) {
            int end = first + 1;
            while (end < cells.size() && Engine.sameRow(cells.get(first), cells.get(end))) {
                end++;
            }
            if (end - first != 2) {
                throw new Refused(
                        "--duet runs the two columns of a row at once; the row of cell "
                                + cells.get(first).config().label()
                                + " has " + (end - first) + " column" + (end - first == 1 ? "" : "s")
                                + " (give two builds, two JVMs or two executors, and no more)",
                        false);
            }
            for (CellPlan cell : cells.subList(first, end)) {
                if (forks == 0 && !cell.forksAlways()) {
                    throw new Refused(
                            "--duet pins each column's forks to its CPUs; cell "
                                    + cell.config().label()
                                    + " runs in this JVM: add --forks N (or compare builds or JVMs, which fork)",
                            false);
                }
            }
            first = end;
        }
        if (cpus.size() < 2 || cpus.size() % 2 != 0) {
            throw new Refused(
                    "--duet splits the CPUs in two halves, and this process may use " + cpus.size() + " CPU"
                            + (cpus.size() == 1 ? "" : "s")
                            + "; run it where an even number of CPUs is free, or drop --duet",
                    true);
        }
        if (!onPath.test("taskset")) {
            throw new Refused(
                    "--duet pins forks with taskset, which is not on the PATH; install util-linux, or drop --duet",
                    true);
        }
        int half = cpus.size() / 2;
        return new Duet(List.of(list(cpus.subList(0, half)), list(cpus.subList(half, cpus.size()))));
    }

    /** The command prefix that pins column {@code column} (0 or 1) of a row. */
    public List<String> prefix(int column) {
        return List.of("taskset", "-c", halves.get(column));
    }

    /** The CPUs this process may use: {@code Cpus_allowed_list} of {@code /proc/self/status}, else 0 … n−1. */
    public static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return parse(line.substring(line.indexOf(':') + 1).strip());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: every CPU the JVM sees
        }
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            all.add(i);
        }
        return all;
    }

    /** Whether {@code program} is an executable file in a directory of {@code PATH}. */
    public static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** A CPU list as the kernel writes it ({@code 0-3,8,10-11}). */
    static List<Integer> parse(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.split(",")) {
            if (part.isBlank()) {
                continue;
            }
            int dash = part.indexOf('-');
            int from = Integer.parseInt(
                    part.substring(0, dash < 0 ? part.length() : dash).strip());
            int to = dash < 0 ? from : Integer.parseInt(part.substring(dash + 1).strip());
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    /** CPUs as a comma-separated list, as taskset takes them. */
    private static String list(List<Integer> cpus) {
        StringBuilder sb = new StringBuilder();
        for (int c : cpus) {
            sb.append(sb.isEmpty() ? "" : ",").append(c);
        }
        return sb.toString();
    }
}
