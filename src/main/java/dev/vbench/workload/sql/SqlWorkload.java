package dev.vbench.workload.sql;

import dev.vbench.jdbc.JdbcTarget;
import dev.vbench.spi.ParamSpec;
import dev.vbench.spi.ParamType;
import dev.vbench.spi.Params;
import dev.vbench.spi.Workload;
import dev.vbench.spi.WorkloadProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Keyword database operations (seed 000): JPhotoTagger's {@code DatabaseBenchmark} ops on a
 * 1,000-row table, embedded H2 by default, any JDBC URL (PostgreSQL tested) with {@code -p url=}.
 */
public final class SqlWorkload implements WorkloadProvider {

    /** A named in-memory H2 database: every pooled connection of one run sees the same data. */
    static final String DEFAULT_URL = "jdbc:h2:mem:vbench";

    static final ParamSpec<String> OP = ParamSpec.of(
            "op",
            "operation per task (the source's benchmark methods)",
            "selectAllKeywords",
            ParamType.choice(KeywordOp.paramNames().toArray(String[]::new)));
    static final ParamSpec<String> URL = ParamSpec.of(
            "url",
            "database; PostgreSQL: jdbc:postgresql://HOST:PORT/DB?user=U, password from PGPASSWORD or &password="
                    + " (shown as ***; a comma in it written \\,), or @FILE holding the URL",
            DEFAULT_URL,
            new JdbcUrlType());
    static final ParamSpec<String> QUERY = ParamSpec.of(
            "query",
            "your statement instead of op (or @FILE; commas separate sweep values, so a statement with commas goes in"
                    + " a file): prepared once per connection, every ? bound to the task index (BIGINT),"
                    + " the whole result read; empty: the seed's op",
            "",
            new ParamType<>() {
                @Override
                public String parse(String text) {
                    String t = text.strip();
                    if (!t.startsWith("@")) {
                        return t;
                    }
                    try {
                        return Files.readString(Path.of(t.substring(1))).strip();
                    } catch (IOException | UncheckedIOException e) {
                        throw new IllegalArgumentException("names no readable file ("
                                + (e instanceof NoSuchFileException ? "no such file" : e.getMessage())
                                + "); write"
                                + " -p query=@FILE with the statement in FILE");
                    }
                }

                @Override
                public String describe() {
                    return "SQL statement, or @FILE holding one (a statement with commas); empty: op";
                }
            });
    static final ParamSpec<Integer> CONNECTIONS = ParamSpec.of(
            "connections",
            "open JDBC connections in the pool; tasks beyond it wait for one",
            "10",
            ParamType.intRange(1, 1_000));

    /**
     * Tasks per trial by default, so one trial lasts roughly 0.1–1 s on 2 cores: an embedded database
     * answers in tens of microseconds, a server (even on loopback) in hundreds.
     */
    static final long DEFAULT_TASKS_EMBEDDED = 20_000;

    static final long DEFAULT_TASKS_SERVER = 2_000;
    /** How long {@link #availability} waits for a connection. */
    static final long PROBE_TIMEOUT_MILLIS = 2_000;

    @Override
    public String name() {
        return "sql";
    }

    @Override
    public String description() {
        return "keyword table ops over JDBC: embedded H2 or PostgreSQL (seed 000); or your statement with -p query=";
    }

    @Override
    public String notes() {
        return "Source: JPhotoTagger DatabaseBenchmark (HSQLDB in memory, JMH avgt us/op). Table"
                + " hierarchical_subjects(id BIGINT PRIMARY KEY, id_parent BIGINT, subject VARCHAR(256) NOT NULL,"
                + " \"real\" BOOLEAN), no secondary index, 1,000 rows: id=i, id_parent=i/10 (NULL for 0),"
                + " subject='Keyword'+i, real=TRUE. Ops: selectAllKeywords (1,000 rows), selectRootKeywords"
                + " (id_parent IS NULL, 1 row), selectChildKeywords (id_parent=50, 10 rows), keywordExists"
                + " (COUNT(*) WHERE subject='Keyword500', a scan), insertKeyword (insert id 1,000,000,000+task index,"
                + " then delete it). Each task borrows a pooled connection, prepares its statement(s), executes and"
                + " reads every row. Choices: H2 replaces HSQLDB as the embedded default; the table lives in a fresh"
                + " schema vbench_<random> created in prepare and dropped at the end, so a run touches no other"
                + " table; the column real is always quoted (\"real\"), a reserved word in SQL:2016; the pool is"
                + " 'connections' real JDBC connections opened before measuring, handed out lock-free (a semaphore"
                + " and CAS slots), so with more tasks in flight than connections, tasks wait for a connection as"
                + " in any pooled application. Default tasks per trial: " + DEFAULT_TASKS_EMBEDDED + " for an embedded"
                + " database, " + DEFAULT_TASKS_SERVER + " for a server. The password comes from the URL or from"
                + " PGPASSWORD, and results, tables and messages show it as ***. With -p query='SQL' the"
                + " task is your statement instead (op is unused; no schema is created): prepared once per pooled"
                + " connection before measuring, each ? bound to the task index as a BIGINT (cast in SQL when the"
                + " column differs, e.g. ?::text), executed with auto-commit, and every row and column of a result"
                + " read; an update count counts as rows. Drivers for other databases come from the class path.";
    }

    @Override
    public List<ParamSpec<?>> params() {
        return List.of(OP, QUERY, URL, CONNECTIONS);
    }

    @Override
    public OptionalLong defaultTasks(Params params) {
        boolean embedded = JdbcTarget.parse(params.get(URL), Map.of()).embedded();
        return OptionalLong.of(embedded ? DEFAULT_TASKS_EMBEDDED : DEFAULT_TASKS_SERVER);
    }

    /**
     * A database server is probed with one connection (at most {@link #PROBE_TIMEOUT_MILLIS}); the
     * reason names host and port, never a password. An embedded database is available when a
     * driver accepts its URL (checked while parsing): connecting would create it, a file for
     * {@code jdbc:h2:./name}.
     */
    @Override
    public Availability availability(Params params) {
        JdbcTarget target = JdbcTarget.parse(params.get(URL), System.getenv());
        if (target.embedded()) {
            return Availability.AVAILABLE;
        }
        CompletableFuture<String> failure = new CompletableFuture<>();
        Thread.ofVirtual().name("vbench-sql-probe").start(() -> {
            try (Connection c = target.connect()) {
                failure.complete(null);
            } catch (Throwable e) {
                failure.complete(target.connectFailure(e));
            }
        });
        try {
            String reason = failure.get(PROBE_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
            return reason == null ? Availability.AVAILABLE : Availability.unavailable(reason);
        } catch (TimeoutException e) {
            return Availability.unavailable("no answer from the database at " + target.where() + " within "
                    + PROBE_TIMEOUT_MILLIS / 1000 + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Availability.unavailable("interrupted while connecting to " + target.where());
        } catch (ExecutionException e) {
            return Availability.unavailable(target.connectFailure(e.getCause()));
        }
    }

    @Override
    public Workload create(Params params) {
        JdbcTarget target = JdbcTarget.parse(params.get(URL), System.getenv());
        if (!params.get(QUERY).isEmpty()) {
            return new UserQueryInstance(target, params.get(QUERY), params.get(CONNECTIONS));
        }
        return new SqlWorkloadInstance(target, KeywordOp.byParamName(params.get(OP)), params.get(CONNECTIONS));
    }
}
