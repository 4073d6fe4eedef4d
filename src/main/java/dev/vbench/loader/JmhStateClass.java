package dev.vbench.loader;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;

/**
 * One {@code @State} class of a JMH benchmark (or the benchmark class itself): how to make it, its
 * {@code @Setup}/{@code @TearDown} methods per level ({@link JmhAnnotationReader#LEVELS}) and its {@code @Param} fields.
 *
 * @param perClient one instance per concurrent client ({@code Scope.Thread}); else one per trial, shared
 * @param counters its {@code @AuxCounters}; null when it counts nothing
 */
record JmhStateClass(
        Class<?> type,
        boolean perClient,
        Constructor<?> constructor,
        List<List<Method>> setups,
        List<List<Method>> tearDowns,
        List<Field> paramFields,
        Counters counters) {

    /**
     * The counters of an {@code @AuxCounters} state: its public fields (set to 0 before each trial, as JMH sets them
     * before each iteration) and its public methods that return a number.
     *
     * @param type {@code OPERATIONS} or {@code EVENTS}
     */
    record Counters(String type, List<Field> fields, List<Method> methods) {}

    /** Whether it has {@code @Setup} or {@code @TearDown(Level.Invocation)} methods. */
    boolean hasInvocationFixtures() {
        return !setups.get(2).isEmpty() || !tearDowns.get(2).isEmpty();
    }
}
