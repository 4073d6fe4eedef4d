package dev.vbench.workload.thumbnail;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;

/**
 * A fixed set of real JDBC connections bounded by a semaphore: {@link #acquire} waits for a permit
 * and takes an idle connection from a lock-free queue, {@link #release} puts it back. No lock is
 * held while a connection is in use, so tasks only wait when all connections are busy.
 *
 * <pre>{@code
 * Connection c = pool.acquire();
 * try { ... } finally { pool.release(c); }
 * }</pre>
 */
final class ConnectionPool implements AutoCloseable {

    private final Semaphore permits;
    private final ConcurrentLinkedQueue<Connection> idle = new ConcurrentLinkedQueue<>();
    private final List<Connection> all = new ArrayList<>();

    ConnectionPool(String url, int size) throws SQLException {
        try {
            for (int i = 0; i < size; i++) {
                Connection c = DriverManager.getConnection(url, "sa", "");
                c.setAutoCommit(true);
                all.add(c);
                idle.add(c);
            }
        } catch (SQLException e) {
            close();
            throw e;
        }
        this.permits = new Semaphore(size);
    }

    int size() {
        return all.size();
    }

    /** Waits for a free connection. */
    Connection acquire() throws InterruptedException {
        permits.acquire();
        return idle.poll();
    }

    /** Returns a connection taken with {@link #acquire}. */
    void release(Connection c) {
        idle.offer(c);
        permits.release();
    }

    @Override
    public void close() {
        for (Connection c : all) {
            try {
                c.close();
            } catch (SQLException ignored) {
                // closing the rest matters more
            }
        }
    }
}
