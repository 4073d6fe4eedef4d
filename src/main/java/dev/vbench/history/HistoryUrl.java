package dev.vbench.history;

import dev.vbench.jdbc.JdbcTarget;
import dev.vbench.spi.Redactor;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the history store is, resolved once for every verb: the {@code --history} option, else
 * {@code $VBENCH_HISTORY}, else an embedded H2 file database under the user's data directory
 * ({@code $XDG_DATA_HOME/vbench/history}, else {@code ~/.local/share/vbench/history}).
 * Passwords are never shown: {@link #shown()} is the redacted form.
 *
 * @param target the JDBC URL with its secrets (never print {@code target.url()})
 * @param h2File the H2 database file ({@code …/history.mv.db}) for an embedded H2 file URL, else null
 * @param origin where the URL came from, for messages: {@code --history}, {@code VBENCH_HISTORY} or {@code default}
 */
public record HistoryUrl(JdbcTarget target, Path h2File, String origin) {

    /** The environment variable that names the store. */
    public static final String ENV = "VBENCH_HISTORY";

    /**
     * @param option the {@code --history} value, null or blank when not given
     * @param env the process environment
     * @param home the user's home directory
     */
    public static HistoryUrl resolve(String option, Map<String, String> env, Path home) {
        String url;
        String origin;
        if (option != null && !option.isBlank()) {
            url = option.strip();
            origin = "--history";
        } else if (env.get(ENV) != null && !env.get(ENV).isBlank()) {
            url = env.get(ENV).strip();
            origin = ENV;
        } else {
            url = "jdbc:h2:file:" + defaultBase(env, home);
            origin = "default";
        }
        String lower = url.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("jdbc:h2:") && !lower.startsWith("jdbc:postgresql:")) {
            throw HistoryException.usage(origin + " '" + Redactor.redact(url) + "' is not a history store URL;"
                    + " give jdbc:postgresql://HOST/DB or jdbc:h2:file:/PATH (or nothing for the default store)");
        }
        return new HistoryUrl(JdbcTarget.parse(url, env), h2File(url), origin);
    }

    /** {@code $XDG_DATA_HOME/vbench/history}, else {@code ~/.local/share/vbench/history} (no extension). */
    static Path defaultBase(Map<String, String> env, Path home) {
        String xdg = env.get("XDG_DATA_HOME");
        Path data = xdg != null && !xdg.isBlank() ? Path.of(xdg) : home.resolve(".local/share");
        return data.resolve("vbench").resolve("history").toAbsolutePath();
    }

    /** The file of an embedded H2 URL ({@code jdbc:h2:file:PATH} or {@code jdbc:h2:PATH}); null otherwise. */
    static Path h2File(String url) {
        String lower = url.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("jdbc:h2:")) {
            return null;
        }
        String rest = url.substring("jdbc:h2:".length());
        int semicolon = rest.indexOf(';');
        if (semicolon >= 0) {
            rest = rest.substring(0, semicolon);
        }
        String restLower = rest.toLowerCase(Locale.ROOT);
        if (restLower.startsWith("file:")) {
            rest = rest.substring("file:".length());
        } else if (restLower.startsWith("mem:")
                || restLower.startsWith("tcp:")
                || restLower.startsWith("ssl:")
                || restLower.startsWith("zip:")
                || restLower.startsWith("split:")
                || restLower.startsWith("nio")) {
            return null;
        }
        if (rest.startsWith("~")) {
            rest = System.getProperty("user.home") + rest.substring(1);
        }
        return Path.of(rest + ".mv.db");
    }

    /** Whether this is PostgreSQL. */
    public boolean postgres() {
        return "postgresql".equals(target.subprotocol());
    }

    /** The URL with passwords replaced by {@code ***}: the only form printed or stored. */
    public String shown() {
        return target.shown();
    }
}
