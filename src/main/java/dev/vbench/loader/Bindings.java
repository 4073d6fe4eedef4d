package dev.vbench.loader;

import dev.vbench.spi.Durations;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The {@code -p} parameters of a method workload: the public non-final fields and the public setters of
 * its class (static ones for a static method, instance ones for an instance method) whose type is
 * String, int, long, double, boolean or Duration. Their defaults are the values the class gives them
 * (a setter's through its getter, when it has one; else it is left as constructed).
 */
final class Bindings {

    /** A parameter value that leaves the member as the class set it. */
    static final Object UNSET = new Object() {
        @Override
        public String toString() {
            return "(as constructed)";
        }
    };

    /** One bindable member. */
    record Binding(String name, Class<?> type, Field field, Method setter, ParamSpec<Object> spec) {

        void apply(Object target, Object value) throws ReflectiveOperationException {
            if (value == UNSET) {
                return;
            }
            if (field != null) {
                field.set(target, value);
            } else {
                setter.invoke(target, value);
            }
        }

        String member() {
            return field != null
                    ? "field " + field.getName()
                    : "setter " + setter.getName() + "(" + type.getSimpleName() + ")";
        }
    }

    private Bindings() {}

    static boolean supported(Class<?> t) {
        return t == String.class
                || t == int.class
                || t == long.class
                || t == double.class
                || t == boolean.class
                || t == Duration.class;
    }

    /**
     * Finds the bindable members of {@code type}; {@code probe} reads instance defaults (null for static).
     */
    static List<Binding> of(Class<?> type, boolean statics, Object probe) throws ReflectiveOperationException {
        Map<String, Binding> byName = new LinkedHashMap<>();
        for (Method m : type.getMethods()) {
            if (m.getName().length() > 3
                    && m.getName().startsWith("set")
                    && m.getParameterCount() == 1
                    && Modifier.isStatic(m.getModifiers()) == statics
                    && supported(m.getParameterTypes()[0])
                    && !m.isBridge()) {
                String name = Character.toLowerCase(m.getName().charAt(3))
                        + m.getName().substring(4);
                Class<?> t = m.getParameterTypes()[0];
                Object dflt = getter(type, name, t, statics, probe);
                byName.putIfAbsent(name, new Binding(name, t, null, m, spec(name, t, dflt, "setter " + m.getName())));
            }
        }
        for (Field f : type.getFields()) {
            int mod = f.getModifiers();
            if (Modifier.isStatic(mod) == statics
                    && !Modifier.isFinal(mod)
                    && supported(f.getType())
                    && !byName.containsKey(f.getName())) {
                Object dflt = statics ? f.get(null) : probe == null ? UNSET : f.get(probe);
                byName.put(
                        f.getName(),
                        new Binding(
                                f.getName(),
                                f.getType(),
                                f,
                                null,
                                spec(f.getName(), f.getType(), dflt, "field " + f.getName())));
            }
        }
        List<Binding> out = new ArrayList<>(byName.values());
        out.sort(Comparator.comparing(Binding::name));
        return out;
    }

    /** Whether {@code type} has instance members to bind (and so a probe instance is needed for defaults). */
    static boolean hasInstanceMembers(Class<?> type) {
        for (Field f : type.getFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isFinal(f.getModifiers()) && supported(f.getType())) {
                return true;
            }
        }
        for (Method m : type.getMethods()) {
            if (m.getName().startsWith("set")
                    && m.getParameterCount() == 1
                    && !Modifier.isStatic(m.getModifiers())
                    && supported(m.getParameterTypes()[0])) {
                return true;
            }
        }
        return false;
    }

    private static Object getter(Class<?> type, String name, Class<?> t, boolean statics, Object probe)
            throws ReflectiveOperationException {
        String cap = Character.toUpperCase(name.charAt(0)) + name.substring(1);
        for (String g : List.of("get" + cap, "is" + cap)) {
            try {
                Method m = type.getMethod(g);
                if (m.getReturnType() == t
                        && Modifier.isStatic(m.getModifiers()) == statics
                        && (statics || probe != null)) {
                    return m.invoke(statics ? null : probe);
                }
            } catch (NoSuchMethodException ignored) {
                // no such getter: try the next form
            }
        }
        return UNSET;
    }

    /** Values of {@code params} applied to {@code target} (null: static members). */
    static void apply(List<Binding> bindings, Params params, Object target) throws ReflectiveOperationException {
        for (Binding b : bindings) {
            b.apply(target, params.get(b.spec()));
        }
    }

    private static ParamSpec<Object> spec(String name, Class<?> t, Object dflt, String member) {
        String text = dflt == UNSET || dflt == null
                ? ""
                : dflt instanceof Duration d ? Durations.format(d) : String.valueOf(dflt);
        return ParamSpec.of(name, member + " (" + t.getSimpleName() + ")", text, type(t));
    }

    @SuppressWarnings("unchecked")
    private static ParamType<Object> type(Class<?> t) {
        ParamType<?> inner;
        if (t == int.class) {
            inner = ParamType.intRange(Integer.MIN_VALUE, Integer.MAX_VALUE);
        } else if (t == long.class) {
            inner = ParamType.longRange(Long.MIN_VALUE, Long.MAX_VALUE);
        } else if (t == boolean.class) {
            inner = ParamType.bool();
        } else if (t == Duration.class) {
            inner = ParamType.duration(Duration.ZERO, Duration.ofDays(36_500));
        } else if (t == double.class) {
            inner = new ParamType<Double>() {
                @Override
                public Double parse(String text) {
                    try {
                        return Double.parseDouble(text.trim().replace("_", ""));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("is not a number; use e.g. 0.5 or 1e-3");
                    }
                }

                @Override
                public String describe() {
                    return "number";
                }
            };
        } else {
            inner = new ParamType<String>() {
                @Override
                public String parse(String text) {
                    return text;
                }

                @Override
                public String describe() {
                    return "text";
                }
            };
        }
        ParamType<Object> base = (ParamType<Object>) inner;
        return new ParamType<>() {
            @Override
            public Object parse(String text) {
                return text.isEmpty() ? UNSET : base.parse(text);
            }

            @Override
            public String describe() {
                return base.describe().toLowerCase(Locale.ROOT).equals("text") ? "text" : base.describe();
            }
        };
    }
}
