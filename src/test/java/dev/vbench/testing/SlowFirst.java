package dev.vbench.testing;

import java.util.Comparator;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.Tag;

/**
 * Orders test classes so that those tagged {@value #SLOW} (end-to-end tests that take tens of seconds: child
 * JVMs, stuck-task timeouts) start first, the rest by name. The suite runs classes in parallel
 * ({@code junit-platform.properties}); started last, one slow class would leave the other workers idle at the end.
 *
 * <pre>{@code
 * @Tag(SlowFirst.SLOW)
 * class ForkRunnerTest { ... }
 * }</pre>
 */
public final class SlowFirst implements ClassOrderer {

    /** The tag of a slow test class. */
    public static final String SLOW = "slow";

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors()
                .sort(Comparator.comparing((ClassDescriptor d) -> !slow(d.getTestClass()))
                        .thenComparing(d -> d.getTestClass().getName()));
    }

    private static boolean slow(Class<?> type) {
        for (Tag tag : type.getAnnotationsByType(Tag.class)) {
            if (tag.value().equals(SLOW)) {
                return true;
            }
        }
        return false;
    }
}
