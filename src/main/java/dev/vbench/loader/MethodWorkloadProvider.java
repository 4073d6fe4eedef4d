package dev.vbench.loader;

import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.Params;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * A workload that calls one public method per task: {@code -w 'com.acme.Checkout::handle'}. The method is
 * static, or an instance method of a public class with a public no-argument constructor: then one
 * instance per trial is created before the trial (not timed), given the {@code -p} values, and closed after
 * it when it is {@link AutoCloseable}. Accepted signatures: {@code ()} and {@code (long index)}, any return
 * type.
 *
 * <p>The method is called through a {@link MethodHandle} held in a field, which the JIT does not inline
 * into vbench's task loop: the call is opaque, so its work cannot be dropped, and its result is folded into
 * the {@code long} every {@link Task} returns (the value itself for integral types, the bits of a
 * floating-point value, 1/0 for a boolean or a reference) without allocating.
 */
final class MethodWorkloadProvider implements WorkloadProvider {

    private static final MethodType CALL = MethodType.methodType(long.class, Object.class, long.class);
    private static final MethodType VOID_CALL = MethodType.methodType(void.class, Object.class, long.class);
    private static final MethodHandle BOOLEAN_TO_LONG;
    private static final MethodHandle DOUBLE_TO_LONG;
    private static final MethodHandle REFERENCE_TO_LONG;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            BOOLEAN_TO_LONG = lookup.findStatic(
                    MethodWorkloadProvider.class, "fold", MethodType.methodType(long.class, boolean.class));
            DOUBLE_TO_LONG = lookup.findStatic(
                    Double.class, "doubleToRawLongBits", MethodType.methodType(long.class, double.class));
            REFERENCE_TO_LONG = lookup.findStatic(
                    MethodWorkloadProvider.class, "fold", MethodType.methodType(long.class, Object.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String name;
    private final String origin;
    private final Method method;
    private final boolean isStatic;
    private final MethodHandle call;
    private final boolean returnsVoid;
    private final List<Bindings.Binding> bindings;
    private final Constructor<?> constructor;

    private MethodWorkloadProvider(
            String name, String origin, Method method, Constructor<?> constructor, List<Bindings.Binding> bindings)
            throws IllegalAccessException {
        this.name = name;
        this.origin = origin;
        this.method = method;
        this.isStatic = Modifier.isStatic(method.getModifiers());
        this.constructor = constructor;
        this.bindings = bindings;
        MethodHandle mh = MethodHandles.publicLookup().unreflect(method);
        boolean takesIndex = method.getParameterCount() == 1;
        if (isStatic) {
            mh = takesIndex
                    ? MethodHandles.dropArguments(mh, 0, Object.class)
                    : MethodHandles.dropArguments(mh, 0, Object.class, long.class);
        } else {
            mh = mh.asType(mh.type().changeParameterType(0, Object.class));
            if (!takesIndex) {
                mh = MethodHandles.dropArguments(mh, 1, long.class);
            }
        }
        Class<?> r = method.getReturnType();
        this.returnsVoid = r == void.class;
        if (returnsVoid) {
            mh = mh.asType(VOID_CALL);
        } else {
            mh = resultAsLong(mh).asType(CALL);
        }
        this.call = mh;
    }

    /**
     * {@code mh} with its result folded into a {@code long} as a task's value: the value itself for integral
     * types, the bits of a floating-point value, 1/0 for a boolean or a reference, 0 for void.
     */
    static MethodHandle resultAsLong(MethodHandle mh) {
        Class<?> r = mh.type().returnType();
        if (r == void.class) {
            return MethodHandles.filterReturnValue(mh, MethodHandles.constant(long.class, 0L));
        } else if (r == boolean.class) {
            return MethodHandles.filterReturnValue(mh, BOOLEAN_TO_LONG);
        } else if (r == float.class || r == double.class) {
            return MethodHandles.filterReturnValue(mh.asType(mh.type().changeReturnType(double.class)), DOUBLE_TO_LONG);
        } else if (r.isPrimitive()) {
            return mh.asType(mh.type().changeReturnType(long.class));
        }
        return MethodHandles.filterReturnValue(mh.asType(mh.type().changeReturnType(Object.class)), REFERENCE_TO_LONG);
    }

    /**
     * Resolves {@code methodName} (optionally with {@code ()} or {@code (long)}) in {@code type}.
     *
     * @param name the workload's name: the reference as the user wrote it
     * @param origin where the class came from, for messages and notes
     * @throws IllegalArgumentException one sentence naming the fix (not public, no such method, …)
     */
    static MethodWorkloadProvider resolve(String name, String origin, Class<?> type, String methodName) {
        String wanted = methodName;
        String signature = null;
        int paren = methodName.indexOf('(');
        if (paren >= 0) {
            wanted = methodName.substring(0, paren);
            signature = methodName.substring(paren).replace(" ", "");
            if (!signature.equals("()") && !signature.equals("(long)")) {
                throw new IllegalArgumentException("'" + name + "': the signature " + signature
                        + " is not accepted; write " + wanted + "() or " + wanted + "(long)");
            }
        }
        checkPublic(type);
        String shown = type.getName() + "::" + wanted;
        List<Method> named = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.getName().equals(wanted) && !m.isBridge() && !m.isSynthetic()) {
                named.add(m);
            }
        }
        if (named.isEmpty()) {
            throw new IllegalArgumentException(
                    "class " + type.getName() + " has no public method '" + wanted + "'" + wouldDo(type));
        }
        List<Method> accepted = new ArrayList<>();
        for (Method m : named) {
            if (accepted(m) && (signature == null || signature.equals(params(m)))) {
                accepted.add(m);
            }
        }
        if (accepted.isEmpty()) {
            throw new IllegalArgumentException(shown + " has no accepted signature (found "
                    + String.join(
                            ", ",
                            named.stream().map(MethodWorkloadProvider::show).toList())
                    + "); it must take () or (long index)" + wouldDo(type));
        }
        accepted.sort(Comparator.comparingInt(Method::getParameterCount));
        if (accepted.size() > 1) {
            throw new IllegalArgumentException(shown + " is ambiguous: "
                    + String.join(
                            " and ",
                            accepted.stream().map(MethodWorkloadProvider::show).toList()) + "; pick one with '" + name
                    + "()' or '" + name + "(long)'");
        }
        Method method = accepted.get(0);
        Constructor<?> constructor = null;
        boolean isStatic = Modifier.isStatic(method.getModifiers());
        if (!isStatic) {
            if (Modifier.isAbstract(type.getModifiers()) || type.isInterface()) {
                throw new IllegalArgumentException(shown + " is an instance method of an abstract class or interface;"
                        + " name a concrete public class, or make the method static");
            }
            try {
                constructor = type.getConstructor();
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException(shown + " is an instance method, but " + type.getName()
                        + " has no public no-argument constructor; add one, or make the method static");
            }
        }
        List<Bindings.Binding> bindings;
        try {
            Object probe = null;
            if (!isStatic && Bindings.hasInstanceMembers(type)) {
                probe = constructor.newInstance(); // reads the defaults the class gives its fields
                closeQuietly(probe);
            }
            bindings = Bindings.of(type, isStatic, probe);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            throw UserFailures.of("creating " + type.getName() + " to read its parameter defaults", e);
        }
        try {
            return new MethodWorkloadProvider(name, origin, method, constructor, bindings);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(shown + " cannot be called: " + e.getMessage()
                    + "; make the class and the method public (and its package exported)");
        }
    }

    static void checkPublic(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            if (!Modifier.isPublic(c.getModifiers())) {
                throw new IllegalArgumentException("class " + c.getName() + " is not public; make it public"
                        + (c == type ? "" : " (it encloses " + type.getName() + ")"));
            }
        }
    }

    static boolean accepted(Method m) {
        Class<?>[] p = m.getParameterTypes();
        return p.length == 0 || (p.length == 1 && p[0] == long.class);
    }

    private static String params(Method m) {
        return m.getParameterCount() == 0 ? "()" : "(long)";
    }

    private static String show(Method m) {
        return m.getName() + "("
                + String.join(
                        ", ",
                        Arrays.stream(m.getParameterTypes())
                                .map(Class::getSimpleName)
                                .toList()) + ")";
    }

    /** "; public methods that would do: a(), b(long)" or the advice to add one. */
    static String wouldDo(Class<?> type) {
        List<String> ok = new ArrayList<>();
        for (Method m : type.getMethods()) {
            if (m.getDeclaringClass() != Object.class
                    && accepted(m)
                    && !m.isBridge()
                    && !m.isSynthetic()
                    && !m.getName().startsWith("set")) {
                ok.add(show(m) + (Modifier.isStatic(m.getModifiers()) ? " [static]" : ""));
            }
        }
        ok = ok.stream().distinct().sorted().toList();
        if (ok.isEmpty()) {
            return "; it has no public method taking () or (long index): add one";
        }
        return "; public methods that would do: " + String.join(", ", ok.size() > 12 ? ok.subList(0, 12) : ok)
                + (ok.size() > 12 ? ", …" : "");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return (isStatic ? "static method " : "instance method ")
                + method.getDeclaringClass().getName() + "." + show(method) + " returning "
                + method.getReturnType().getSimpleName() + ", called once per task";
    }

    @Override
    public String notes() {
        String lifecycle = isStatic
                ? "The method is static: no instance is created."
                : "One instance of " + method.getDeclaringClass().getName()
                        + " per trial, made by its public no-argument"
                        + " constructor before the trial (not timed)"
                        + (AutoCloseable.class.isAssignableFrom(method.getDeclaringClass())
                                ? " and closed after it (AutoCloseable)."
                                : ".");
        String params = bindings.isEmpty()
                ? "No parameters: -p binds public non-final " + (isStatic ? "static " : "")
                        + "fields and setters of type String, int, long, double, boolean or Duration."
                : "Parameters (-p NAME=V1,V2 sweeps): "
                        + String.join(
                                ", ",
                                bindings.stream()
                                        .map(b -> b.name() + " → " + b.member())
                                        .toList()) + ".";
        return "Method chosen: " + method.getDeclaringClass().getName() + "." + show(method) + " → "
                + method.getReturnType().getSimpleName() + " (" + origin + "). " + lifecycle + " " + params
                + " The result is folded into the task's value so the work cannot be optimised away.";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return bindings.stream().<ParamSpec<?>>map(Bindings.Binding::spec).toList();
    }

    @Override
    public Workload create(Params params) {
        return new MethodWorkload(params);
    }

    /** 1 for true, 0 for false. */
    static long fold(boolean b) {
        return b ? 1 : 0;
    }

    /** 1 for a reference, 0 for null: the call stays opaque to the JIT, so this is enough to keep its result. */
    static long fold(Object o) {
        return o == null ? 0 : 1;
    }

    private static void closeQuietly(Object instance) {
        if (instance instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception ignored) {
                // a probe instance only read defaults
            }
        }
    }

    /** One cell's workload: the instance of the trial (or none for a static method). */
    private final class MethodWorkload implements Workload {
        private final Params params;
        private Object instance;
        private Task task;

        MethodWorkload(Params params) {
            this.params = params;
        }

        @Override
        public void prepare(PrepareContext context) {
            if (isStatic) {
                bind(null);
            }
        }

        @Override
        public void beforeTrial() throws Exception {
            if (isStatic) {
                return;
            }
            closeInstance();
            Object fresh;
            try {
                fresh = constructor.newInstance();
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                throw UserFailures.of("creating " + method.getDeclaringClass().getName(), e);
            }
            instance = fresh;
            bind(fresh);
        }

        /** Sets the parameters on {@code receiver} (the static fields for null) and makes the task that calls it. */
        private void bind(Object receiver) {
            try {
                Bindings.apply(bindings, params, receiver);
            } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
                throw UserFailures.of(
                        "setting the parameters of "
                                + method.getDeclaringClass().getName(),
                        e);
            }
            task = returnsVoid ? new VoidCall(call, receiver) : new Call(call, receiver);
        }

        @Override
        public Task task() {
            return task;
        }

        @Override
        public String verify() throws Exception {
            if (task == null) {
                if (isStatic) {
                    prepare(null);
                } else {
                    beforeTrial();
                }
            }
            task.run(0);
            return "called " + name + " once";
        }

        private void closeInstance() throws Exception {
            Object old = instance;
            instance = null;
            task = null;
            if (old instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception | Error e) {
                    throw UserFailures.of(
                            "closing " + method.getDeclaringClass().getName(), e);
                }
            }
        }

        @Override
        public void close() throws Exception {
            closeInstance();
        }
    }

    /**
     * The task of a method with a result. It and {@link VoidCall} share their fields through the record, not a
     * common method: each {@code run} is one exact invocation, with no call added on the task path.
     */
    private record Call(MethodHandle call, Object receiver) implements Task {
        @Override
        public long run(long taskIndex) throws Exception {
            try {
                return (long) call.invokeExact(receiver, taskIndex);
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new UndeclaredThrowableException(t);
            }
        }
    }

    /** The task of a void method. */
    private record VoidCall(MethodHandle call, Object receiver) implements Task {
        @Override
        public long run(long taskIndex) throws Exception {
            try {
                call.invokeExact(receiver, taskIndex);
                return 0;
            } catch (Exception | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new UndeclaredThrowableException(t);
            }
        }
    }
}
