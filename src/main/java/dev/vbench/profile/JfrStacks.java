package dev.vbench.profile;

import dev.vbench.result.Profile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads the stack events of a recording into collapsed stacks per {@link ProfileEvent}: the one parser for
 * the JDK's own recordings and for async-profiler's, which writes the same event types (plus
 * {@code profiler.WallClockSample}). Only Java frames are kept (native and kernel frames below a Java frame
 * differ by thread kind and OS, and the Java frame that called them says where the time went), and every
 * stack is cut at the task boundary ({@link StackFrames#cut}).
 *
 * <pre>{@code
 * Map<ProfileEvent, CollapsedStacks> stacks = JfrStacks.read(file, Set.of(ProfileEvent.CPU));
 * }</pre>
 */
final class JfrStacks {

    private JfrStacks() {}

    /** The profile event an event type counts for, or null. */
    static ProfileEvent eventOf(String type) {
        return switch (type) {
            case "jdk.ExecutionSample" -> ProfileEvent.CPU;
            case "profiler.WallClockSample" -> ProfileEvent.WALL;
            case "jdk.JavaMonitorEnter", "jdk.ThreadPark" -> ProfileEvent.LOCK;
            case "jdk.ObjectAllocationSample", "jdk.ObjectAllocationInNewTLAB", "jdk.ObjectAllocationOutsideTLAB" ->
                ProfileEvent.ALLOC;
            default -> null;
        };
    }

    /**
     * Collapsed stacks of {@code file}, per event asked for.
     *
     * @param jfrWall the recording is the JDK's own and wall was asked for: JFR has no wall-clock sampler, so
     *     its execution and native-method samples (threads running Java or native code) stand in for it
     */
    static Map<ProfileEvent, CollapsedStacks> read(Path file, List<ProfileEvent> wanted, boolean jfrWall)
            throws IOException {
        Map<ProfileEvent, CollapsedStacks> out = new EnumMap<>(ProfileEvent.class);
        for (ProfileEvent e : wanted) {
            out.put(e, new CollapsedStacks());
        }
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent event = recording.readEvent();
                String type = event.getEventType().getName();
                if (jfrWall && (type.equals("jdk.ExecutionSample") || type.equals("jdk.NativeMethodSample"))) {
                    add(out.get(ProfileEvent.WALL), event, null);
                }
                ProfileEvent kind = eventOf(type);
                if (kind != null && out.containsKey(kind)) {
                    add(out.get(kind), event, leaf(kind, event));
                }
            }
        }
        return out;
    }

    private static void add(CollapsedStacks into, RecordedEvent event, String leaf) {
        if (into == null) {
            return;
        }
        RecordedStackTrace trace = event.getStackTrace();
        if (trace == null) {
            return;
        }
        List<RecordedFrame> frames = trace.getFrames();
        List<String> rootFirst = new ArrayList<>(frames.size() + 1);
        for (int i = frames.size() - 1; i >= 0; i--) {
            RecordedFrame f = frames.get(i);
            if (javaFrame(f)) {
                rootFirst.add(StackFrames.frame(
                        f.getMethod().getType().getName(), f.getMethod().getName()));
            }
        }
        List<String> cut = StackFrames.cut(rootFirst);
        if (cut == null) {
            return;
        }
        if (leaf != null) {
            cut.add(leaf);
        }
        if (!cut.isEmpty()) {
            into.add(StackFrames.join(cut), 1);
        }
    }

    /** Frame types of Java code, in the JDK's recordings and async-profiler's alike (not Native, C++, Kernel). */
    private static final Set<String> JAVA_FRAME_TYPES = Set.of("Interpreted", "JIT compiled", "Inlined", "C1 compiled");

    private static boolean javaFrame(RecordedFrame f) {
        return f.isJavaFrame()
                && f.getMethod() != null
                && f.getMethod().getType() != null
                && (f.getType() == null || JAVA_FRAME_TYPES.contains(f.getType()));
    }

    /** The leaf frame that names what the event is about: the monitor's class, the allocated class. */
    private static String leaf(ProfileEvent kind, RecordedEvent event) {
        return switch (kind) {
            case LOCK -> {
                RecordedClass c = classField(event, "monitorClass");
                if (c == null) {
                    c = classField(event, "parkedClass");
                }
                yield c == null ? null : Profile.monitorFrame(StackFrames.className(c.getName()));
            }
            case ALLOC -> {
                RecordedClass c = classField(event, "objectClass");
                yield c == null ? null : "[new " + StackFrames.className(typeName(c.getName())) + "]";
            }
            default -> null;
        };
    }

    private static RecordedClass classField(RecordedEvent event, String field) {
        return event.hasField(field) ? event.getValue(field) : null;
    }

    /** A JVM type descriptor as Java writes it: {@code [B} → {@code byte[]}. */
    static String typeName(String name) {
        if (!name.startsWith("[")) {
            return name;
        }
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        String element = switch (name.substring(dims)) {
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            case "Z" -> "boolean";
            default -> {
                String n = name.substring(dims);
                yield n.startsWith("L") && n.endsWith(";") ? n.substring(1, n.length() - 1) : n;
            }
        };
        return element + "[]".repeat(dims);
    }
}
