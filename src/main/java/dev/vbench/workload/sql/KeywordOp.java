package dev.vbench.workload.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;

/**
 * The five operations of the seed's {@code DatabaseBenchmark}. Each one prepares its statement,
 * executes it and reads every row, as the source did, on a connection borrowed for that one task.
 *
 * <p>Every operation returns a <em>tally</em>: {@code rows × 2^40 + checksum}, where rows is the
 * number of rows read (or the {@code COUNT(*)} value, or rows inserted plus deleted) and checksum
 * is Σ(id + length(subject)) over the rows read (the count, or the inserted id) modulo 2^40. The
 * engine consumes it, and {@link SqlWorkloadInstance#verify()} checks both parts.
 */
enum KeywordOp {

    /** {@code SELECT id, subject} of all 1,000 rows. */
    SELECT_ALL_KEYWORDS("selectAllKeywords") {
        @Override
        long run(Connection c, KeywordSchema s, long taskIndex) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(s.selectAll());
                    ResultSet rs = ps.executeQuery()) {
                return readKeywords(rs);
            }
        }
    },
    /** {@code WHERE id_parent IS NULL ORDER BY subject}: 1 row. */
    SELECT_ROOT_KEYWORDS("selectRootKeywords") {
        @Override
        long run(Connection c, KeywordSchema s, long taskIndex) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(s.selectRoots());
                    ResultSet rs = ps.executeQuery()) {
                return readKeywords(rs);
            }
        }
    },
    /** {@code WHERE id_parent = 50 ORDER BY subject}: 10 rows (ids 500–509). */
    SELECT_CHILD_KEYWORDS("selectChildKeywords") {
        @Override
        long run(Connection c, KeywordSchema s, long taskIndex) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(s.selectChildren())) {
                ps.setLong(1, CHILD_PARENT_ID);
                try (ResultSet rs = ps.executeQuery()) {
                    return readKeywords(rs);
                }
            }
        }
    },
    /** {@code SELECT COUNT(*) WHERE subject = 'Keyword500'} (no index on subject: a scan): 1. */
    KEYWORD_EXISTS("keywordExists") {
        @Override
        long run(Connection c, KeywordSchema s, long taskIndex) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement(s.countSubject())) {
                ps.setString(1, EXISTING_SUBJECT);
                try (ResultSet rs = ps.executeQuery()) {
                    long count = rs.next() ? rs.getLong(1) : 0;
                    return tally(count, count);
                }
            }
        }
    },
    /**
     * Inserts a row with an id no other task uses ({@link #INSERT_ID_BASE} + task index; the seed
     * rows are 0–999), then deletes it: 2 rows changed, the table is back to 1,000 rows.
     */
    INSERT_KEYWORD("insertKeyword") {
        @Override
        long run(Connection c, KeywordSchema s, long taskIndex) throws SQLException {
            long id = INSERT_ID_BASE + taskIndex;
            int changed;
            try (PreparedStatement insert = c.prepareStatement(s.insert())) {
                KeywordSchema.bindRow(insert, id);
                changed = insert.executeUpdate();
            }
            try (PreparedStatement delete = c.prepareStatement(s.delete())) {
                delete.setLong(1, id);
                changed += delete.executeUpdate();
            }
            return tally(changed, id);
        }
    };

    /** Parent id of {@link #SELECT_CHILD_KEYWORDS}, from the seed. */
    static final long CHILD_PARENT_ID = 50;
    /** Subject looked up by {@link #KEYWORD_EXISTS}, from the seed. */
    static final String EXISTING_SUBJECT = "Keyword500";
    /** First id used by {@link #INSERT_KEYWORD}: far above the seed rows, so task ids never collide with them. */
    static final long INSERT_ID_BASE = 1_000_000_000L;

    static final int ROWS_SHIFT = 40;
    static final long CHECKSUM_MASK = (1L << ROWS_SHIFT) - 1;

    private final String paramName;

    KeywordOp(String paramName) {
        this.paramName = paramName;
    }

    /** The name used with {@code -p op=…}, the source's benchmark method name. */
    String paramName() {
        return paramName;
    }

    /** Runs the operation once on {@code c}; returns the tally described on the class. */
    abstract long run(Connection c, KeywordSchema schema, long taskIndex) throws SQLException;

    static List<String> paramNames() {
        return Stream.of(values()).map(KeywordOp::paramName).toList();
    }

    static KeywordOp byParamName(String name) {
        for (KeywordOp op : values()) {
            if (op.paramName.equals(name)) {
                return op;
            }
        }
        throw new IllegalArgumentException("no op " + name);
    }

    static long tally(long rows, long checksum) {
        return (rows << ROWS_SHIFT) | (checksum & CHECKSUM_MASK);
    }

    static long rows(long tally) {
        return tally >>> ROWS_SHIFT;
    }

    static long checksum(long tally) {
        return tally & CHECKSUM_MASK;
    }

    /** Reads id (column 1) and subject (column 2) of every row. */
    private static long readKeywords(ResultSet rs) throws SQLException {
        long rows = 0;
        long sum = 0;
        while (rs.next()) {
            sum += rs.getLong(1) + rs.getString(2).length();
            rows++;
        }
        return tally(rows, sum);
    }
}
