package dev.vbench.loader;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;

/**
 * One benchmark method called with its frame ({@code Object[]}: receiver, then arguments, then the Blackhole
 * that consumes a reference result), through a {@link MethodHandle} the JIT treats as a constant, so it inlines
 * the method into the call and into the batch's loop ({@code --batch}), as JMH's generated code calls it
 * directly. The loop is the shape of JMH's measurement loop: each result is kept (a primitive folded into the
 * value returned, as JMH's compiler blackhole keeps it; a reference given to the Blackhole by the handle) and
 * each iteration reads a volatile flag, as JMH's loop reads {@code isDone}, so the JIT computes every call anew
 * and cannot hoist a method of loop-invariant fields out of the loop. Each method gets a hidden class of its own, defined from {@link Constant}'s bytes with the handle
 * as its class data: a {@code static final} handle in a hidden class is trusted as constant, one held in an
 * instance field is not (a 4-operation method cost 24 ns per call that way, against JMH's 1 ns); and its loop
 * is its own, so the call site in the loop has seen this method only (a loop shared by every benchmark of a
 * run inlines none of them once it has seen three). Where hidden classes cannot be defined (a native image),
 * the handle is called from a field instead.
 *
 * <pre>{@code
 * FrameCall call = FrameCall.of(handle);   // handle: (Object[]) -> long
 * long value = call.call(frame);           // once
 * long folded = call.batch(frame, 1000);   // 1000 times, in this method's own loop
 * }</pre>
 */
interface FrameCall {

    /** The type of the handle: the frame in, a primitive result folded into a {@code long} (0 for others). */
    MethodType TYPE = MethodType.methodType(long.class, Object[].class);

    /**
     * {@code (Object[] frame) → long}: the method with its receiver and arguments taken from the frame (index 0,
     * then one per parameter); a primitive result folded into the {@code long} ({@link FrameCall}'s loop keeps
     * it), a reference given to the Blackhole at {@code blackholeAt}, as JMH's generated code gives it (a null
     * check alone let the JIT drop an allocation the result was, and a method returning an array then measured
     * well below JMH's figure for it).
     */
    static MethodHandle frameHandle(Method method, Class<?> blackhole, int blackholeAt)
            throws ReflectiveOperationException {
        MethodHandle mh = MethodHandles.lookup().unreflect(method);
        if (Modifier.isStatic(method.getModifiers())) {
            mh = MethodHandles.dropArguments(mh, 0, Object.class);
        }
        Class<?> result = mh.type().returnType();
        int n = mh.type().parameterCount();
        mh = mh.asType(MethodType.genericMethodType(n).changeReturnType(result));
        MethodHandle[] fromFrame = new MethodHandle[n];
        for (int i = 0; i < n; i++) {
            fromFrame[i] = frameElement(i);
        }
        mh = MethodHandles.permuteArguments(
                MethodHandles.filterArguments(mh, 0, fromFrame),
                MethodType.methodType(result, Object[].class),
                new int[n]);
        if (result.isPrimitive()) {
            return MethodWorkloadProvider.resultAsLong(mh);
        }
        MethodHandle consume = MethodHandles.publicLookup()
                .findVirtual(blackhole, "consume", MethodType.methodType(void.class, Object.class))
                .asType(MethodType.methodType(void.class, Object.class, result));
        consume = MethodHandles.filterArguments(consume, 0, frameElement(blackholeAt)); // (frame, result) → void
        MethodHandle consumed = MethodHandles.permuteArguments(
                MethodHandles.collectArguments(consume, 1, mh),
                MethodType.methodType(void.class, Object[].class),
                0,
                0);
        return MethodHandles.filterReturnValue(consumed, MethodHandles.constant(long.class, 0L));
    }

    /** {@code (Object[] frame) → frame[index]}. */
    private static MethodHandle frameElement(int index) {
        return MethodHandles.insertArguments(MethodHandles.arrayElementGetter(Object[].class), 1, index);
    }

    /** One call; its result as a {@code long}. */
    long call(Object[] frame) throws Throwable;

    /** {@code calls} calls in a loop of this method's own; the results folded (exclusive or). */
    long batch(Object[] frame, int calls) throws Throwable;

    /** Whether {@link #of} made a hidden class (false: the field fallback, with a note for the user). */
    default boolean constant() {
        return true;
    }

    /** A call of {@code handle}, of type {@link #TYPE}. */
    static FrameCall of(MethodHandle handle) {
        if (!handle.type().equals(TYPE)) {
            throw new IllegalArgumentException("a frame call is (Object[]) -> long, not " + handle.type());
        }
        String file = Constant.class
                        .getName()
                        .substring(Constant.class.getPackageName().length() + 1) + ".class";
        try (var in = Constant.class.getResourceAsStream(file)) {
            if (in != null) {
                MethodHandles.Lookup hidden =
                        MethodHandles.lookup().defineHiddenClassWithClassData(in.readAllBytes(), handle, true);
                return (FrameCall) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                        .invoke();
            }
        } catch (Throwable e) {
            // no hidden classes here (a native image): the field below
        }
        return new Field(handle);
    }

    /** The template of the hidden classes: its handle is its class data, a constant to the JIT. */
    final class Constant implements FrameCall {
        private static final MethodHandle CALL;
        /** Never set: read once per call of the loop, as JMH's loop reads {@code isDone} (see the class comment). */
        private static volatile boolean done;

        static {
            try {
                CALL = MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class);
            } catch (IllegalAccessException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @Override
        public long call(Object[] frame) throws Throwable {
            return (long) CALL.invokeExact(frame);
        }

        @Override
        public long batch(Object[] frame, int calls) throws Throwable {
            long folded = 0;
            for (int k = 0; k < calls && !done; k++) {
                folded ^= (long) CALL.invokeExact(frame);
            }
            return folded;
        }
    }

    /** The handle in a field: what the JIT cannot fold, where no hidden class can be made. */
    record Field(MethodHandle handle) implements FrameCall {
        @Override
        public long call(Object[] frame) throws Throwable {
            return (long) handle.invokeExact(frame);
        }

        @Override
        public long batch(Object[] frame, int calls) throws Throwable {
            long folded = 0;
            for (int k = 0; k < calls; k++) {
                folded ^= (long) handle.invokeExact(frame);
            }
            return folded;
        }

        @Override
        public boolean constant() {
            return false;
        }
    }
}
