package dev.vbench.jdbc;

import dev.vbench.spi.Redactor;
import dev.vbench.spi.WorkloadException;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDBC URL as the {@code sql} workload and the history store use it: what to show (password replaced by
 * {@code ***}), which host and port it names, and how to connect with short timeouts.
 *
 * <p>A PostgreSQL URL without a {@code password} property takes the password from the
 * {@code PGPASSWORD} environment variable, as libpq clients do, so it need not appear on the
 * command line (pgjdbc itself reads {@code ~/.pgpass} but not {@code PGPASSWORD}).
 *
 * <pre>{@code
 * JdbcTarget t = JdbcTarget.parse("jdbc:postgresql://127.0.0.1:5432/db?user=u&password=s", System.getenv());
 * t.shown();     // jdbc:postgresql://127.0.0.1:5432/db?user=u&password=***
 * t.endpoint();  // 127.0.0.1:5432
 * try (Connection c = t.connect()) { ... }
 * }</pre>
 *
 * @param url the URL as given (may contain a password: never print it)
 * @param subprotocol {@code h2}, {@code postgresql}, … (lower case)
 * @param endpoint {@code host:port} for a network URL, empty for an embedded database
 * @param secrets secrets to scrub from any message ({@link Redactor#secretsIn} of the URL, or the environment's password)
 * @param extraProperties connection properties added by vbench (password from the environment, timeouts)
 */
public record JdbcTarget(
        String url, String subprotocol, String endpoint, List<String> secrets, Map<String, String> extraProperties) {

    /** Seconds allowed for a TCP connect and for the login of one connection. */
    static final int CONNECT_TIMEOUT_SECONDS = 2;

    static final int LOGIN_TIMEOUT_SECONDS = 5;

    private static final Pattern SUBPROTOCOL = Pattern.compile("jdbc:([a-zA-Z0-9]+):.*", Pattern.DOTALL);
    private static final Pattern AUTHORITY = Pattern.compile("//([^/?;]*)");
    /** A {@code password} property or a userinfo password: the URL gives the password itself. */
    private static final Pattern PASSWORD_GIVEN = Pattern.compile("(?i)[?&;]password=|//[^/?#@]*:[^/?#]*@");

    public JdbcTarget {
        secrets = List.copyOf(secrets);
        extraProperties = Map.copyOf(extraProperties);
    }

    /**
     * @param url a {@code jdbc:} URL (checked by {@link JdbcUrlType})
     * @param env the environment ({@code PGPASSWORD})
     */
    public static JdbcTarget parse(String url, Map<String, String> env) {
        Matcher m = SUBPROTOCOL.matcher(url);
        String sub = m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : "";
        List<String> secrets = new ArrayList<>(Redactor.secretsIn(url));
        Map<String, String> extra = new LinkedHashMap<>();
        if (sub.equals("postgresql")) {
            String envPassword = env.get("PGPASSWORD");
            if (!PASSWORD_GIVEN.matcher(url).find() && envPassword != null && !envPassword.isEmpty()) {
                extra.put("password", envPassword);
                secrets.add(envPassword);
            }
            if (!url.toLowerCase(Locale.ROOT).contains("connecttimeout=")) {
                extra.put("connectTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
            }
            if (!url.toLowerCase(Locale.ROOT).contains("logintimeout=")) {
                extra.put("loginTimeout", String.valueOf(LOGIN_TIMEOUT_SECONDS));
            }
        }
        secrets.removeIf(String::isEmpty);
        return new JdbcTarget(url, sub, endpoint(url, sub), secrets, extra);
    }

    /** {@code host:port} named by the URL; PostgreSQL's defaults (localhost, 5432) filled in. */
    static String endpoint(String url, String sub) {
        Matcher a = AUTHORITY.matcher(url);
        if (a.find()) {
            String authority = a.group(1);
            authority = authority.substring(authority.lastIndexOf('@') + 1);
            if (sub.equals("postgresql")) {
                if (authority.isEmpty()) {
                    return "localhost:5432";
                }
                return authority.matches(".*:\\d+$") || authority.contains(",") ? authority : authority + ":5432";
            }
            return authority;
        }
        // jdbc:postgresql:database means localhost:5432; other URLs without // are embedded (jdbc:h2:mem:x)
        return sub.equals("postgresql") ? "localhost:5432" : "";
    }

    /** The URL with its password replaced by {@code ***}: the only form that may be printed or stored. */
    public String shown() {
        return scrub(url);
    }

    /** Whether the database runs in this JVM (no host to reach). */
    public boolean embedded() {
        return endpoint.isEmpty();
    }

    /** Where the database is, for messages: {@code 127.0.0.1:5432}, or the shown URL when embedded. */
    public String where() {
        return embedded() ? shown() : endpoint + " (" + shown() + ")";
    }

    /**
     * Removes every secret of this URL (and of the environment) from {@code text}, in any form a driver's
     * message may quote it, and whatever else {@link Redactor} masks.
     */
    public String scrub(String text) {
        if (text == null) {
            return "";
        }
        String s = Redactor.redact(text);
        for (String secret : secrets) {
            s = s.replace(secret, "***");
        }
        return s;
    }

    /**
     * The class loader JDBC drivers are looked up in besides vbench's own (H2, pgjdbc): the thread
     * context class loader, which {@code vbench run} (and a fork) sets to the one loader over
     * {@code --classpath} ({@link dev.vbench.loader.UserCode#loader()}) while it parses parameters and runs.
     */
    static ClassLoader driverLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ClassLoader.getSystemClassLoader();
    }

    /**
     * The driver that accepts {@code url}: the bundled H2 driver for an H2 URL, made directly (the first
     * use of {@link DriverManager} loads every driver service of the class path, opening vbench's jar to
     * look for them: ~15% of opening the history store, the largest part of a short {@code history}
     * verb; docs/performance.md, "Start-up"), else one registered with {@link DriverManager} (the bundled
     * ones), else one a {@code META-INF/services/java.sql.Driver} entry names on the
     * {@link #driverLoader()} class path (DriverManager does not hand out drivers of a class loader
     * other than the caller's).
     *
     * @throws SQLException when no driver accepts it
     */
    public static Driver driverFor(String url) throws SQLException {
        if (url.regionMatches(true, 0, "jdbc:h2:", 0, "jdbc:h2:".length())) {
            return new org.h2.Driver();
        }
        try {
            return DriverManager.getDriver(url);
        } catch (SQLException notRegistered) {
            for (Driver d : ServiceLoader.load(Driver.class, driverLoader())) {
                if (d.acceptsURL(url)) {
                    return d;
                }
            }
            throw notRegistered;
        }
    }

    /** Opens one connection (auto-commit on) with vbench's extra properties. */
    public Connection connect() throws SQLException {
        Properties props = new Properties();
        props.putAll(extraProperties);
        Connection c = driverFor(url).connect(url, props);
        if (c == null) {
            throw new SQLException("no JDBC driver accepts the URL");
        }
        return c;
    }

    /**
     * Opens {@code n} connections for a pool (closing those already open when one fails).
     *
     * @throws WorkloadException exit 3, naming where the database is and how many were opened
     */
    public List<Connection> open(int n) {
        List<Connection> opened = new ArrayList<>(n);
        try {
            for (int i = 0; i < n; i++) {
                opened.add(connect());
            }
            return opened;
        } catch (SQLException e) {
            for (Connection c : opened) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // already failing; the connect error is what the user needs
                }
            }
            String progress = opened.isEmpty() ? "" : " (opened " + opened.size() + " of " + n + " connections)";
            // The cause is not attached: driver exceptions may carry the URL with its password.
            throw WorkloadException.environment(connectFailure(e) + progress + "; " + remedy(e, "-p url"), null);
        }
    }

    /**
     * What to do about a failure to connect, by its cause: a server that refused the credentials, the database
     * name or one more connection, one that did not answer in time (down, unreachable or overloaded), else one
     * that is not running where the URL says.
     *
     * @param url where the user gives the URL ({@code -p url}), named in the advice
     */
    public static String remedy(Throwable e, String url) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return "the server did not answer in time: it may be overloaded or unreachable; retry on a quieter"
                        + " machine or raise the driver's connect timeout in " + url;
            }
            String state = t instanceof SQLException sql ? sql.getSQLState() : null;
            if (state != null && state.startsWith("28")) {
                return "check the user and password in " + url;
            }
            if ("3D000".equals(state)) {
                return "create the database or fix its name in " + url;
            }
            if ("53300".equals(state)) {
                return "the server has no connection left: lower --concurrency or raise its max_connections";
            }
        }
        return "start the server or fix " + url;
    }

    /** On JDK < 24, says that a virtual thread blocking inside a driver's synchronized block pins its carrier. */
    public static void warnIfCarriersPin(Consumer<String> warn) {
        if (Runtime.version().feature() < 24) {
            warn.accept("JDK " + Runtime.version().feature() + ": a virtual thread blocking inside a JDBC driver's"
                    + " synchronized block pins its carrier (fixed in JDK 24 by JEP 491); virtual-thread SQL results"
                    + " on this JDK include that effect");
        }
    }

    /** The first line of an exception's message, stripped (drivers add detail lines). */
    public static String firstLine(Throwable e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }

    /** One line describing a failure to connect, without any password. */
    public String connectFailure(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int newline = message.indexOf('\n');
        if (newline >= 0) {
            message = message.substring(0, newline);
        }
        message = message.strip();
        if (message.endsWith(".")) {
            message = message.substring(0, message.length() - 1);
        }
        return "cannot connect to the database at " + where() + ": " + scrub(message);
    }
}
