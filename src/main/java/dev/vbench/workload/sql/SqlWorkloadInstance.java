package dev.vbench.workload.sql;

import dev.vbench.jdbc.JdbcTarget;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.workload.pool.BoundedPool;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;

/**
 * One prepared {@code sql} workload: a pool of open connections and a fresh keyword schema, created
 * in {@link #prepare} and dropped in {@link #close}. A task borrows a connection, runs the
 * operation and gives the connection back.
 */
final class SqlWorkloadInstance implements Workload {

    private final JdbcTarget target;
    private final KeywordOp op;
    private final int connections;
    private final KeywordSchema schema = KeywordSchema.random();
    private BoundedPool<Connection> pool;
    private boolean schemaCreated;
    private Consumer<String> warn = message -> {};

    SqlWorkloadInstance(JdbcTarget target, KeywordOp op, int connections) {
        this.target = target;
        this.op = op;
        this.connections = connections;
    }

    @Override
    public void prepare(PrepareContext context) {
        warn = context.warn();
        JdbcTarget.warnIfCarriersPin(warn);
        pool = new BoundedPool<>(target.open(connections), Connection::close);
        try {
            schema.create(pool.resources().get(0));
            schemaCreated = true;
        } catch (SQLException e) {
            throw WorkloadException.environment(
                    "cannot create schema " + schema.schema() + " at " + target.where() + ": "
                            + target.scrub(firstLine(e)) + "; the user needs the CREATE privilege on the database",
                    null);
        }
    }

    @Override
    public Task task() {
        BoundedPool<Connection> p = pool;
        KeywordOp o = op;
        KeywordSchema s = schema;
        return taskIndex -> {
            Connection c = p.borrow();
            try {
                return o.run(c, s, taskIndex);
            } finally {
                p.release(c);
            }
        };
    }

    /**
     * Runs every operation once and checks its row count and checksum against the seed formula:
     * 1,000 / 1 / 10 / 1 rows and an insert plus a delete, after which the table has 1,000 rows again.
     */
    @Override
    public String verify() throws Exception {
        Connection c = pool.borrow();
        try {
            expect(KeywordOp.SELECT_ALL_KEYWORDS, c, KeywordSchema.ROWS, checksum(0, KeywordSchema.ROWS));
            expect(KeywordOp.SELECT_ROOT_KEYWORDS, c, 1, checksum(0, 1));
            long firstChild = KeywordOp.CHILD_PARENT_ID * 10;
            expect(KeywordOp.SELECT_CHILD_KEYWORDS, c, 10, checksum(firstChild, firstChild + 10));
            expect(KeywordOp.KEYWORD_EXISTS, c, 1, 1);
            expect(KeywordOp.INSERT_KEYWORD, c, 2, KeywordOp.INSERT_ID_BASE);
            long rows = countRows(c);
            if (rows != KeywordSchema.ROWS) {
                throw new AssertionError(
                        "after insertKeyword the table has " + rows + " rows, expected " + KeywordSchema.ROWS);
            }
        } finally {
            pool.release(c);
        }
        return "rows 1000/1/10/1 and insert+delete = 2 on " + target.shown() + "; table back to 1000 rows";
    }

    private void expect(KeywordOp o, Connection c, long rows, long checksum) throws SQLException {
        long tally = o.run(c, schema, 0);
        if (KeywordOp.rows(tally) != rows || KeywordOp.checksum(tally) != (checksum & KeywordOp.CHECKSUM_MASK)) {
            throw new AssertionError(o.paramName() + " read " + KeywordOp.rows(tally) + " rows (checksum "
                    + KeywordOp.checksum(tally) + "), expected " + rows + " (checksum " + checksum + ")");
        }
    }

    /** Σ(id + length('Keyword' + id)) for ids in [from, to). */
    static long checksum(long from, long to) {
        long sum = 0;
        for (long id = from; id < to; id++) {
            sum += id + ("Keyword" + id).length();
        }
        return sum;
    }

    private long countRows(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + schema.table())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The schema this instance created (for tests). */
    String schemaName() {
        return schema.schema();
    }

    @Override
    public void close() throws Exception {
        if (pool == null) {
            return;
        }
        if (schemaCreated) {
            try {
                schema.drop(pool.resources().get(0));
            } catch (SQLException e) {
                warn.accept("could not drop schema " + schema.schema() + " at " + target.where() + ": "
                        + target.scrub(firstLine(e)) + "; drop it by hand: DROP SCHEMA \"" + schema.schema()
                        + "\" CASCADE");
            }
            schemaCreated = false;
        }
        BoundedPool<Connection> p = pool;
        pool = null;
        p.close();
    }

    private static String firstLine(Throwable e) {
        return JdbcTarget.firstLine(e);
    }
}
