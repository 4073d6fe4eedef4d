package example.code;

/** Static methods for method-workload tests ({@code -w example.code.Counter::next}). */
public class Counter {

    /** Bound with {@code -p step=…} (a public static non-final field). */
    public static long step = 1;

    public static long next(long index) {
        return index * step;
    }

    public static String greet() {
        return "hello";
    }

    public static double half(long index) {
        return index / 2.0;
    }

    public static void nothing() {}

    public static boolean even(long index) {
        return index % 2 == 0;
    }

    public static int pick() {
        return 1;
    }

    public static int pick(long index) {
        return 2;
    }

    public static String wrong(String text) {
        return text;
    }
}
