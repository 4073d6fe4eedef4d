package dev.vbench.result;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * How a cell ended, written in results as its lowercase {@link #key()} ({@code "status" : "ok"}), as every
 * schema version has written it; {@link #toString()} is the key too, so messages read as before.
 *
 * <pre>{@code
 * CellStatus.of("stuck");                // STUCK
 * cell.status() == CellStatus.OK;        // measured to the end
 * }</pre>
 */
public enum CellStatus {
    /** Every trial ran. */
    OK,
    /** Ctrl-C during the cell. */
    INTERRUPTED,
    /** The code under test failed: its tasks or its hooks. */
    FAILED,
    /** The cell's tasks stopped making progress for {@code --task-timeout}; the run went on with the next cell. */
    STUCK,
    /** User code ended the JVM (System.exit, Runtime.halt) while the cell ran. */
    EXITED;

    private final String key = name().toLowerCase(Locale.ROOT);

    /** The name results and messages use: {@code ok}, {@code interrupted}, {@code failed}, {@code stuck}, {@code exited}. */
    @JsonValue
    public String key() {
        return key;
    }

    /**
     * The status a result names.
     *
     * @throws IllegalArgumentException for a name that is none of the {@link #key()}s
     */
    @JsonCreator
    public static CellStatus of(String key) {
        for (CellStatus s : values()) {
            if (s.key.equals(key)) {
                return s;
            }
        }
        throw new IllegalArgumentException("'" + key + "' is not a cell status; use one of "
                + String.join(", ", Arrays.stream(values()).map(CellStatus::key).toList()));
    }

    @Override
    public String toString() {
        return key;
    }
}
