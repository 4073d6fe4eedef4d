package example.code;

/** Not public. */
class Hidden {

    public static long run() {
        return 1;
    }
}
