package example.code;

/** Its constructor fails, as user code can while preparing. */
public class Boom {

    public Boom() {
        throw new IllegalStateException("no database at localhost:1");
    }

    public long run() {
        return 1;
    }
}
