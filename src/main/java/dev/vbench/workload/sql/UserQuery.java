package dev.vbench.workload.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * The user's statement ({@code -p query=}), prepared once per pooled connection before measuring
 * and executed by every task: each {@code ?} is bound to the task index (as a {@code BIGINT}), every
 * row of a result is read (every column fetched), and an update count counts as rows.
 *
 * <p>A task returns a tally like the seed operations: {@code rows × 2^40 + checksum}, the checksum
 * being Σ of the hash codes of the values read, modulo 2^40.
 *
 * <pre>{@code
 * UserQuery.Prepared p = UserQuery.prepare(connection, "SELECT name FROM users WHERE id = ?");
 * long tally = p.run(42);
 * }</pre>
 */
final class UserQuery {

    private UserQuery() {}

    /**
     * One connection and the statement prepared on it: what the pool lends to a task.
     *
     * @param connection the open connection
     * @param statement the user's statement prepared on it
     * @param parameters how many {@code ?} the statement has
     */
    record Prepared(Connection connection, PreparedStatement statement, int parameters) {

        /** Binds every parameter to {@code taskIndex}, executes, reads the whole result. */
        long run(long taskIndex) throws SQLException {
            for (int i = 1; i <= parameters; i++) {
                statement.setLong(i, taskIndex);
            }
            if (!statement.execute()) {
                long changed = Math.max(0, statement.getUpdateCount());
                return KeywordOp.tally(changed, changed);
            }
            try (ResultSet rs = statement.getResultSet()) {
                int columns = rs.getMetaData().getColumnCount();
                long rows = 0;
                long sum = 0;
                while (rs.next()) {
                    for (int c = 1; c <= columns; c++) {
                        Object value = rs.getObject(c);
                        sum += value == null ? 0 : value.hashCode();
                    }
                    rows++;
                }
                return KeywordOp.tally(rows, sum);
            }
        }

        void close() throws SQLException {
            try {
                statement.close();
            } finally {
                connection.close();
            }
        }
    }

    /** Prepares {@code sql} on {@code c} and counts its parameters. */
    static Prepared prepare(Connection c, String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        int parameters;
        try {
            // pgjdbc parses lazily; asking for the parameters makes the server parse the statement now
            parameters = ps.getParameterMetaData().getParameterCount();
        } catch (SQLFeatureNotSupportedException | UnsupportedOperationException e) {
            parameters = placeholders(sql);
        } catch (SQLException e) {
            ps.close();
            throw e;
        }
        return new Prepared(c, ps, parameters);
    }

    /** {@code ?} outside quoted strings and identifiers: the fallback when a driver cannot tell. */
    static int placeholders(String sql) {
        int n = 0;
        char quote = 0;
        for (int i = 0; i < sql.length(); i++) {
            char ch = sql.charAt(i);
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                }
            } else if (ch == '\'' || ch == '"') {
                quote = ch;
            } else if (ch == '?') {
                n++;
            }
        }
        return n;
    }
}
