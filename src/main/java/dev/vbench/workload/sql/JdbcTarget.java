package dev.vbench.workload.sql;

import dev.vbench.spi.Redactor;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JDBC URL as the {@code sql} workload uses it: what to show (password replaced by {@code ***}),
 * which host and port it names, and how to connect with short timeouts.
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
 * @param secrets passwords to scrub from any message (from the URL or the environment)
 * @param extraProperties connection properties added by vbench (password from the environment, timeouts)
 */
public record JdbcTarget(String url, String subprotocol, String endpoint, List<String> secrets,
        Map<String, String> extraProperties) {

    /** Seconds allowed for a TCP connect and for the login of one connection. */
    static final int CONNECT_TIMEOUT_SECONDS = 2;
    static final int LOGIN_TIMEOUT_SECONDS = 5;

    private static final Pattern SUBPROTOCOL = Pattern.compile("jdbc:([a-zA-Z0-9]+):.*", Pattern.DOTALL);
    private static final Pattern AUTHORITY = Pattern.compile("//([^/?;]*)");
    private static final Pattern PASSWORD = Pattern.compile("(?i)\\bpassword=([^&;,\\s]*)");
    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("//[^:/@\\s]+:([^@/\\s]*)@");

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
        List<String> secrets = new ArrayList<>();
        Matcher pw = PASSWORD.matcher(url);
        while (pw.find()) {
            secrets.add(pw.group(1));
        }
        Matcher ui = USER_INFO_PASSWORD.matcher(url);
        while (ui.find()) {
            secrets.add(ui.group(1));
        }
        Map<String, String> extra = new LinkedHashMap<>();
        if (sub.equals("postgresql")) {
            String envPassword = env.get("PGPASSWORD");
            if (secrets.isEmpty() && envPassword != null && !envPassword.isEmpty()) {
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

    /** Removes every password this target knows of (and any {@code password=…}) from {@code text}. */
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

    /** Opens one connection (auto-commit on) with vbench's extra properties. */
    public Connection connect() throws SQLException {
        Properties props = new Properties();
        props.putAll(extraProperties);
        return DriverManager.getConnection(url, props);
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
