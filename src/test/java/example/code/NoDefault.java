package example.code;

/** An instance method, but no public no-argument constructor. */
public class NoDefault {

    public NoDefault(int size) {}

    public long run() {
        return 1;
    }
}
