package dev.vbench.loader;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * One benchmark method called with its frame ({@code Object[]}: receiver, then arguments), through a
 * {@link MethodHandle} the JIT treats as a constant, so it inlines the method into the call (and, with
 * {@code --batch}, into the batch's loop) as JMH's generated code calls it directly. Each method gets a hidden
 * class of its own, defined from {@link Constant}'s bytes with the handle as its class data: a
 * {@code static final} handle in a hidden class is trusted as constant, one held in an instance field is not
 * (a 4-operation method cost 24 ns per call that way, against JMH's 1 ns). Where hidden classes cannot be
 * defined (a native image), the handle is called from a field instead.
 *
 * <pre>{@code
 * FrameCall call = FrameCall.of(handle);   // (Object[]) -> long
 * long value = call.call(frame);
 * }</pre>
 */
interface FrameCall {

    long call(Object[] frame) throws Throwable;

    /** A call of {@code handle}, of type {@code (Object[]) → long}. */
    static FrameCall of(MethodHandle handle) {
        if (!handle.type().equals(MethodType.methodType(long.class, Object[].class))) {
            throw new IllegalArgumentException("a frame call is (Object[]) -> long, not " + handle.type());
        }
        try (var in = Constant.class.getResourceAsStream(Constant.class.getSimpleName() + ".class")) {
            if (in != null) {
                MethodHandles.Lookup hidden = MethodHandles.lookup().in(Constant.class)
                        .defineHiddenClassWithClassData(in.readAllBytes(), handle, true);
                return (FrameCall) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
            }
        } catch (Throwable e) {
            // no hidden classes here: the field below
        }
        return frame -> (long) handle.invokeExact(frame);
    }

    /** The template of the hidden classes: its handle is its class data, a constant to the JIT. */
    final class Constant implements FrameCall {
        private static final MethodHandle CALL;

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
    }
}
