package dev.vbench.executor;

import dev.vbench.spi.Task;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * A task run as {@code subtasks} subtasks of a {@code StructuredTaskScope} (JEP 505, a preview API of
 * JDK 25): the task's thread opens a scope with the chosen {@link Joiner}, forks the calls of the
 * operation (each on a new virtual thread, the scope's default), joins, and closes the scope. Indexes
 * are {@link OperationCalls}'; the values of the successful calls are summed; a failure the joiner reports is the task's, unwrapped from {@code FailedException}.
 *
 * <p>vbench's classes are Java 21 bytecode, so the API is reached through method handles looked up
 * once ({@link #unavailable()} says why not, on a JDK without it); the planner runs such cells only in
 * forks started with {@code --enable-preview} on a JDK whose probe found the API.
 *
 * <pre>{@code
 * Task t = new StructuredFanout(workload.task(), 10, StructuredFanout.Joiner.ALL_SUCCESSFUL);
 * }</pre>
 */
final class StructuredFanout extends OperationCalls {

    /** The joiner policies, by the name {@code -e structured:joiner=NAME} gives them. */
    enum Joiner {
        /** {@code Joiner.allSuccessfulOrThrow()}: every subtask must succeed; the first failure cancels the others. */
        ALL_SUCCESSFUL("all-successful", "allSuccessfulOrThrow"),
        /** {@code Joiner.anySuccessfulResultOrThrow()}: the first success cancels the others; fails only when all fail. */
        ANY_SUCCESSFUL("any-successful", "anySuccessfulResultOrThrow"),
        /** {@code Joiner.awaitAllSuccessfulOrThrow()}: as all-successful, results read from the subtasks. */
        AWAIT_ALL_SUCCESSFUL("await-all-successful", "awaitAllSuccessfulOrThrow"),
        /** {@code Joiner.awaitAll()}: waits for every subtask whatever it does; the first failure is then the task's. */
        AWAIT_ALL("await-all", "awaitAll");

        final String key;
        final String factory;

        Joiner(String key, String factory) {
            this.key = key;
            this.factory = factory;
        }

        static String[] keys() {
            return Arrays.stream(values()).map(j -> j.key).toArray(String[]::new);
        }

        static Joiner of(String key) {
            for (Joiner j : values()) {
                if (j.key.equals(key.strip().toLowerCase(Locale.ROOT))) {
                    return j;
                }
            }
            throw new IllegalArgumentException("no joiner '" + key + "'");
        }
    }

    private final Joiner joiner;
    private final MethodHandle newJoiner;

    StructuredFanout(Task operation, int subtasks, Joiner joiner) {
        super(operation, subtasks);
        String why = unavailable();
        if (why != null) {
            throw new IllegalStateException(why);
        }
        this.joiner = joiner;
        this.newJoiner = Api.JOINERS[joiner.ordinal()];
    }

    /**
     * Why this JVM cannot run the executor (no {@code StructuredTaskScope.open(Joiner)} or one of the
     * joiners, as on JDK 21 to 24), or null when it can.
     */
    static String unavailable() {
        return Api.MISSING;
    }

    @Override
    public long run(long taskIndex) throws Exception {
        int n = calls;
        Task op = operation;
        long first = firstCall(taskIndex);
        Object scope;
        try {
            scope = (Object) Api.OPEN.invokeExact((Object) newJoiner.invokeExact());
        } catch (Throwable e) {
            throw asException(e);
        }
        Object[] forked = new Object[n];
        try {
            for (int k = 0; k < n; k++) {
                long index = first + k;
                forked[k] = (Object) Api.FORK.invokeExact(scope, (Callable<?>) () -> op.run(index));
            }
            Object joined = (Object) Api.JOIN.invokeExact(scope);
            return joiner == Joiner.ANY_SUCCESSFUL ? (Long) joined : sum(forked);
        } catch (Throwable e) {
            throw asException(unwrapFailed(e));
        } finally {
            try {
                Api.CLOSE.invokeExact(scope);
            } catch (Throwable ignored) {
                // close after join throws only for a scope used wrongly, which this class does not do
            }
        }
    }

    /** The values of the subtasks that succeeded; with {@code await-all}, the first failure instead. */
    private long sum(Object[] forked) throws Throwable {
        long sum = 0;
        for (Object subtask : forked) {
            String state = ((Enum<?>) (Object) Api.STATE.invokeExact(subtask)).name();
            if ("SUCCESS".equals(state)) {
                sum += (Long) (Object) Api.GET.invokeExact(subtask);
            } else if ("FAILED".equals(state)) {
                throw (Throwable) Api.EXCEPTION.invokeExact(subtask);
            }
        }
        return sum;
    }

    /** The cause of a {@code StructuredTaskScope.FailedException}: what the subtask threw. */
    private static Throwable unwrapFailed(Throwable e) {
        return e.getClass().getName().equals("java.util.concurrent.StructuredTaskScope$FailedException")
                        && e.getCause() != null
                ? e.getCause()
                : e;
    }

    /** {@code e} as something {@link Task#run} may throw. */
    static Exception asException(Throwable e) {
        if (e instanceof Exception x) {
            return x;
        }
        if (e instanceof Error err) {
            throw err;
        }
        return new RuntimeException(e);
    }

    /** The API's method handles, looked up once; {@link #MISSING} says what this JDK lacks. */
    private static final class Api {
        static final MethodHandle OPEN;
        static final MethodHandle FORK;
        static final MethodHandle JOIN;
        static final MethodHandle CLOSE;
        static final MethodHandle STATE;
        static final MethodHandle GET;
        static final MethodHandle EXCEPTION;
        static final MethodHandle[] JOINERS = new MethodHandle[Joiner.values().length];
        static final String MISSING;

        static {
            MethodHandle open = null;
            MethodHandle fork = null;
            MethodHandle join = null;
            MethodHandle close = null;
            MethodHandle state = null;
            MethodHandle get = null;
            MethodHandle exception = null;
            String missing = null;
            try {
                MethodHandles.Lookup lookup = MethodHandles.publicLookup();
                Class<?> scope = Class.forName("java.util.concurrent.StructuredTaskScope");
                Class<?> joiner = Class.forName("java.util.concurrent.StructuredTaskScope$Joiner");
                Class<?> subtask = Class.forName("java.util.concurrent.StructuredTaskScope$Subtask");
                open = lookup.findStatic(scope, "open", MethodType.methodType(scope, joiner))
                        .asType(MethodType.methodType(Object.class, Object.class));
                fork = lookup.findVirtual(scope, "fork", MethodType.methodType(subtask, Callable.class))
                        .asType(MethodType.methodType(Object.class, Object.class, Callable.class));
                join = lookup.findVirtual(scope, "join", MethodType.methodType(Object.class))
                        .asType(MethodType.methodType(Object.class, Object.class));
                close = lookup.findVirtual(scope, "close", MethodType.methodType(void.class))
                        .asType(MethodType.methodType(void.class, Object.class));
                Class<?> stateType = Class.forName("java.util.concurrent.StructuredTaskScope$Subtask$State");
                state = lookup.findVirtual(subtask, "state", MethodType.methodType(stateType))
                        .asType(MethodType.methodType(Object.class, Object.class));
                get = lookup.findVirtual(subtask, "get", MethodType.methodType(Object.class))
                        .asType(MethodType.methodType(Object.class, Object.class));
                exception = lookup.findVirtual(subtask, "exception", MethodType.methodType(Throwable.class))
                        .asType(MethodType.methodType(Throwable.class, Object.class));
                for (Joiner j : Joiner.values()) {
                    JOINERS[j.ordinal()] = lookup.findStatic(joiner, j.factory, MethodType.methodType(joiner))
                            .asType(MethodType.methodType(Object.class));
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                missing = "this JVM (" + System.getProperty("java.version")
                        + ") has no StructuredTaskScope.open(Joiner)"
                        + " with the joiners " + String.join(", ", Joiner.keys()) + " (JDK 25's preview API, JEP 505): "
                        + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : " " + e.getMessage());
            }
            OPEN = open;
            FORK = fork;
            JOIN = join;
            CLOSE = close;
            STATE = state;
            GET = get;
            EXCEPTION = exception;
            MISSING = missing;
        }

        private Api() {}
    }
}
