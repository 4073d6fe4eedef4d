package dev.vbench.workload.sql;

import dev.vbench.jdbc.JdbcTarget;
import dev.vbench.spi.PrepareContext;
import dev.vbench.spi.Task;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadException;
import dev.vbench.workload.pool.BoundedPool;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code sql query=}: the user's statement against the user's database. A pool of connections,
 * each with the statement prepared once before measuring; a task borrows one, binds its index to
 * every {@code ?}, executes and reads the whole result. vbench creates and drops nothing.
 */
final class UserQueryInstance implements Workload {

    private final JdbcTarget target;
    private final String query;
    private final int connections;
    private BoundedPool<UserQuery.Prepared> pool;

    UserQueryInstance(JdbcTarget target, String query, int connections) {
        this.target = target;
        this.query = query;
        this.connections = connections;
    }

    @Override
    public void prepare(PrepareContext context) {
        JdbcTarget.warnIfCarriersPin(context.warn());
        List<Connection> opened = target.open(connections);
        List<UserQuery.Prepared> prepared = new ArrayList<>(opened.size());
        try {
            for (Connection c : opened) {
                prepared.add(UserQuery.prepare(c, query));
            }
        } catch (SQLException e) {
            for (Connection c : opened) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // the prepare error is what the user needs
                }
            }
            throw WorkloadException.usage("-p query does not prepare at " + target.where() + ": "
                    + target.scrub(JdbcTarget.firstLine(e).replaceAll("[;:\\s]*SQL statement:?$", ""))
                    + "; fix the statement (one with commas goes in a file:"
                    + " -p query=@FILE, as commas separate sweep values)");
        }
        pool = new BoundedPool<>(prepared, UserQuery.Prepared::close);
    }

    @Override
    public Task task() {
        BoundedPool<UserQuery.Prepared> p = pool;
        return taskIndex -> {
            UserQuery.Prepared q = p.borrow();
            try {
                return q.run(taskIndex);
            } finally {
                p.release(q);
            }
        };
    }

    /** Runs the statement once with index 0 on a pooled connection; any error fails. */
    @Override
    public String verify() throws Exception {
        UserQuery.Prepared q = pool.borrow();
        try {
            long tally = q.run(0);
            return "query with ? = 0 on " + target.shown() + ": " + KeywordOp.rows(tally) + " row(s), " + q.parameters()
                    + " parameter(s)";
        } finally {
            pool.release(q);
        }
    }

    @Override
    public void close() throws Exception {
        BoundedPool<UserQuery.Prepared> p = pool;
        pool = null;
        if (p != null) {
            p.close();
        }
    }
}
