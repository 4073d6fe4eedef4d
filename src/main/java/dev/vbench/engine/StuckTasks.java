package dev.vbench.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.vbench.jvm.ScratchDir;
import dev.vbench.profile.StackFrames;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where the tasks of a stuck trial are: the live threads whose stack passes through the task
 * boundary ({@link StackFrames#isTaskBoundary}: a {@link TaskRun}'s {@code run}), grouped by their top user frames, most shared first. This is
 * the user's diagnosis ({@code 2 at Bad.forever(Bad.java:7) in java.lang.Thread.sleep}), not a vbench
 * stack trace: frames of the JDK and of vbench's harness are left out, except the JDK method the top
 * user frame called (what the task waits in). Virtual threads are seen through the JDK's thread dump
 * ({@code HotSpotDiagnosticMXBean.dumpThreads}, JDK 21+); where that is not available, platform threads
 * only ({@link Thread#getAllStackTraces()}).
 *
 * <pre>{@code
 * StuckTasks stuck = StuckTasks.capture();
 * stuck.count();        // 2
 * stuck.describe();     // "2 at Bad.forever(Bad.java:7) in java.lang.Thread.sleep"
 * }</pre>
 */
final class StuckTasks {

    /** User frames shown per distinct stack. */
    static final int USER_FRAMES = 3;
    /** Distinct stacks shown; the rest are counted. */
    static final int STACKS = 4;

    private final Map<String, Integer> stacks;

    private StuckTasks(Map<String, Integer> stacks) {
        this.stacks = stacks;
    }

    /** Tasks found running. */
    int count() {
        return stacks.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** {@code 2 at A ← B; 1 at C}: the distinct stacks, most shared first. */
    String describe() {
        List<Map.Entry<String, Integer>> sorted = new ArrayList<>(stacks.entrySet());
        sorted.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
        List<String> parts = new ArrayList<>();
        int others = 0;
        for (Map.Entry<String, Integer> e : sorted) {
            if (parts.size() < STACKS) {
                parts.add(e.getValue() + " at " + e.getKey());
            } else {
                others += e.getValue();
            }
        }
        if (others > 0) {
            parts.add(others + " elsewhere");
        }
        return String.join("; ", parts);
    }

    /** The task threads of this JVM now. */
    static StuckTasks capture() {
        List<List<String>> frames;
        try {
            frames = dumpedStacks();
        } catch (Exception | LinkageError e) {
            frames = platformStacks();
        }
        return of(frames);
    }

    /** Every thread of this JVM that has frames of the user's code, grouped by its top user frames. */
    static StuckTasks captureUserThreads() {
        List<List<String>> frames;
        try {
            frames = dumpedStacks();
        } catch (Exception | LinkageError e) {
            frames = platformStacks();
        }
        Map<String, Integer> stacks = new LinkedHashMap<>();
        for (List<String> stack : frames) {
            String where = whereIn(stack);
            if (where != null) {
                stacks.merge(where, 1, Integer::sum);
            }
        }
        return new StuckTasks(stacks);
    }

    /** Groups stacks (innermost frame first, as {@code StackTraceElement.toString()} writes them). */
    static StuckTasks of(List<List<String>> threads) {
        Map<String, Integer> stacks = new LinkedHashMap<>();
        for (List<String> stack : threads) {
            String where = where(stack);
            if (where != null) {
                stacks.merge(where, 1, Integer::sum);
            }
        }
        return new StuckTasks(stacks);
    }

    /** The top user frames of a task's stack, or null when the stack is not a task's. */
    static String where(List<String> stack) {
        int boundary = -1;
        for (int i = 0; i < stack.size(); i++) {
            if (StackFrames.isTaskBoundary(method(stack.get(i)))) {
                boundary = i;
                break;
            }
        }
        return boundary < 0 ? null : userFrames(stack, boundary);
    }

    /**
     * The top user frames of a thread that runs the workload's code outside its tasks (its prepare, a
     * shutdown hook), or null when none of its frames is the user's.
     */
    static String whereIn(StackTraceElement[] stack) {
        List<String> frames = new ArrayList<>();
        for (StackTraceElement e : stack) {
            frames.add(e.toString());
        }
        return whereIn(frames);
    }

    /** {@link #whereIn(StackTraceElement[])} of a stack as {@code StackTraceElement.toString()} writes it. */
    static String whereIn(List<String> stack) {
        return stack.stream().anyMatch(f -> !harness(frame(f))) ? userFrames(stack, stack.size()) : null;
    }

    /** The user frames above {@code boundary}, at most {@value #USER_FRAMES}, and the call the first waits in. */
    private static String userFrames(List<String> stack, int boundary) {
        List<String> user = new ArrayList<>();
        int firstUser = -1;
        for (int i = 0; i < boundary && user.size() < USER_FRAMES; i++) {
            String frame = frame(stack.get(i));
            if (!harness(frame)) {
                firstUser = firstUser < 0 ? i : firstUser;
                user.add(frame);
            }
        }
        if (user.isEmpty()) {
            return boundary == 0 ? "the task boundary" : frame(stack.get(0));
        }
        // the call the user's code waits in (Thread.sleep, not the JDK's internals below it)
        String in = firstUser == 0 ? "" : " in " + method(stack.get(firstUser - 1));
        return String.join(" ← ", user) + in;
    }

    /**
     * A frame without its class loader and module prefixes ({@code app//}, {@code java.base/}):
     * {@code Bad.forever(Bad.java:7)}. A hidden class's own {@code /0x…} stays.
     */
    static String frame(String text) {
        String t = text;
        for (int prefixes = 0; prefixes < 2; prefixes++) {
            int paren = t.indexOf('(');
            int slash = t.indexOf('/');
            if (slash < 0 || (paren >= 0 && slash > paren) || t.startsWith("0x", slash + 1)) {
                break;
            }
            t = t.substring(slash + 1);
        }
        return t;
    }

    private static String method(String text) {
        String f = frame(text);
        int paren = f.indexOf('(');
        return paren < 0 ? f : f.substring(0, paren);
    }

    /**
     * JDK and vbench frames, which say nothing about the user's code; vbench's built-in workloads
     * ({@code dev.vbench.workload}) are the code under test, as a user's are.
     */
    private static boolean harness(String frame) {
        return frame.startsWith("java.")
                || frame.startsWith("javax.")
                || frame.startsWith("jdk.")
                || frame.startsWith("sun.")
                || frame.startsWith("com.sun.")
                || (frame.startsWith("dev.vbench.") && !frame.startsWith("dev.vbench.workload."));
    }

    /** Every thread's stack, virtual threads included, from the JDK's JSON thread dump. */
    private static List<List<String>> dumpedStacks() throws Exception {
        Path dir = ScratchDir.createTempDirectory("vbench-stuck-");
        Path file = dir.resolve("threads.json");
        try {
            ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class)
                    .dumpThreads(file.toString(), com.sun.management.HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            List<List<String>> out = new ArrayList<>();
            collect(JsonMapper.builder().build().readTree(file.toFile()), out);
            return out;
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** Every {@code "stack": [frames]} array below {@code node}. */
    private static void collect(JsonNode node, List<List<String>> out) {
        JsonNode stack = node.get("stack");
        if (stack != null && stack.isArray()) {
            List<String> frames = new ArrayList<>();
            stack.forEach(f -> frames.add(f.isTextual() ? f.asText() : f.toString()));
            out.add(frames);
        }
        for (JsonNode child : node) {
            if (child.isContainerNode()) {
                collect(child, out);
            }
        }
    }

    private static List<List<String>> platformStacks() {
        List<List<String>> out = new ArrayList<>();
        for (StackTraceElement[] stack : Thread.getAllStackTraces().values()) {
            List<String> frames = new ArrayList<>();
            for (StackTraceElement e : stack) {
                frames.add(e.toString());
            }
            out.add(frames);
        }
        return out;
    }
}
