package dev.vbench.workload.sql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The seed's keyword table in a schema of its own, {@code vbench_<12 hex digits>}, so a run never
 * touches another table and two runs against one server never meet.
 *
 * <p>Table (as JPhotoTagger's {@code DatabaseBenchmark} created it, no secondary index):
 * <pre>
 * hierarchical_subjects(id BIGINT PRIMARY KEY, id_parent BIGINT, subject VARCHAR(256) NOT NULL, "real" BOOLEAN)
 * </pre>
 * {@code REAL} is a reserved word in SQL:2016 and a type name in PostgreSQL and H2, so the column is
 * always written as the delimited identifier {@code "real"} (lower case): that is the same column
 * in PostgreSQL, H2 and HSQLDB (MySQL would need {@code ANSI_QUOTES}). Every statement names the
 * table with its schema ({@code "vbench_…".hierarchical_subjects}) rather than relying on a
 * per-connection {@code search_path}, which some drivers and connection poolers do not keep.
 *
 * @param schema the schema name, lower case
 */
record KeywordSchema(String schema) {

    /** Rows seeded: id = i, id_parent = i / 10 (NULL for 0), subject = 'Keyword' + i, real = TRUE. */
    static final int ROWS = 1_000;

    static KeywordSchema random() {
        byte[] bytes = new byte[6];
        ThreadLocalRandom.current().nextBytes(bytes);
        return new KeywordSchema("vbench_" + HexFormat.of().formatHex(bytes));
    }

    /** The schema-qualified table name. */
    String table() {
        return "\"" + schema + "\".hierarchical_subjects";
    }

    String selectAll() {
        return "SELECT id, subject FROM " + table();
    }

    String selectRoots() {
        return "SELECT id, subject FROM " + table() + " WHERE id_parent IS NULL ORDER BY subject";
    }

    String selectChildren() {
        return "SELECT id, subject FROM " + table() + " WHERE id_parent = ? ORDER BY subject";
    }

    String countSubject() {
        return "SELECT COUNT(*) FROM " + table() + " WHERE subject = ?";
    }

    String insert() {
        return "INSERT INTO " + table() + " (id, id_parent, subject, \"real\") VALUES (?, ?, ?, ?)";
    }

    String delete() {
        return "DELETE FROM " + table() + " WHERE id = ?";
    }

    /** Creates the schema and the table and inserts the {@link #ROWS} seed rows in one transaction. */
    void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA \"" + schema + "\"");
            s.execute("CREATE TABLE " + table() + " (id BIGINT PRIMARY KEY, id_parent BIGINT,"
                    + " subject VARCHAR(256) NOT NULL, \"real\" BOOLEAN)");
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (PreparedStatement insert = c.prepareStatement(insert())) {
            for (long i = 0; i < ROWS; i++) {
                bindRow(insert, i);
                insert.addBatch();
            }
            insert.executeBatch();
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /** Binds the seed formula's row for {@code id} to an {@link #insert()} statement. */
    static void bindRow(PreparedStatement insert, long id) throws SQLException {
        insert.setLong(1, id);
        if (id == 0) {
            insert.setNull(2, Types.BIGINT);
        } else {
            insert.setLong(2, id / 10);
        }
        insert.setString(3, "Keyword" + id);
        insert.setBoolean(4, true);
    }

    /** Drops the schema and everything in it. */
    void drop(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA \"" + schema + "\" CASCADE");
        }
    }
}
