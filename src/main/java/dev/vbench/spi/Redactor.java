package dev.vbench.spi;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one policy that decides what is a secret in text vbench shows or stores, and masks it with
 * {@value #MASK}. Every boundary where text leaves vbench applies it: stdout and stderr (picocli's own
 * errors included), result files, HTML and every other file written, the history store's rows and
 * documents, {@code history export}. It recognizes:
 * <ul>
 *   <li>the password of URL userinfo in every form: {@code scheme://user:pw@host}, an empty user
 *       ({@code ://:pw@host}), an {@code @} or {@code :} inside the password (up to the last {@code @}
 *       before the host);</li>
 *   <li>the value of every {@code name=value} whose name says password, secret, token or key
 *       ({@link #isSecretName}): {@code password}, {@code sslpassword}, {@code access_token},
 *       {@code api_key}, {@code PASSWORD} of H2 with its two-part {@code filepw userpw} form, … —
 *       up to {@code &}, {@code ;}, a quote, {@code |}, {@code <}, {@code >} or the line's end, so a
 *       comma or a space inside the value is masked with it;</li>
 *   <li>credential headers, {@code Name: value} with such a name ({@code Authorization},
 *       {@code Proxy-Authorization}, {@code Cookie}, {@code X-Auth-Token}, {@code X-Api-Key}), up to
 *       {@code |} or the line's end;</li>
 *   <li>a JSON member {@code "name": "value"} with such a name.</li>
 * </ul>
 * Masking is idempotent: a value that already reads {@value #MASK} is left alone, so text may pass
 * several boundaries. A value known by its name ({@link #redact(String, String)}: a parameter, a
 * label, a property) is masked whole when the name is a secret's.
 *
 * <pre>{@code
 * Redactor.redact("jdbc:postgresql://h/db?user=u&password=ab,cd")   // "jdbc:postgresql://h/db?user=u&password=***"
 * Redactor.redact("jdbc:h2:file:/d;CIPHER=AES;PASSWORD=filepw userpw") // "jdbc:h2:file:/d;CIPHER=AES;PASSWORD=***"
 * Redactor.redact("http://:pw@host/x")                             // "http://:***@host/x"
 * Redactor.redact("X-Auth-Token: abc|Accept: text/plain")          // "X-Auth-Token: ***|Accept: text/plain"
 * Redactor.redact("api_key", "abc")                                // "***"
 * Redactor.isSecretName("sslpassword")                             // true
 * }</pre>
 */
public final class Redactor {

    /** What a secret is replaced by. */
    public static final String MASK = "***";

    /** Words that make any name a secret's wherever they appear in it ({@code sslpassword}, {@code access_token}). */
    private static final List<String> SECRET_PARTS = List.of("password", "passwd", "passphrase", "pwd", "secret", "token",
            "credential", "authorization", "cookie", "apikey", "privatekey", "accesskey");
    /** Words that make a name of several words a secret's ({@code db.pass}, {@code x-auth}, {@code api_key}); alone, {@code key} is a placeholder. */
    private static final Set<String> SECRET_WORDS = Set.of("pass", "pw", "auth", "key", "keys");

    /** {@code scheme://user:password@}: the password runs to the last {@code @} before the authority ends. */
    private static final Pattern USER_INFO =
            Pattern.compile("([A-Za-z][A-Za-z0-9+.\\-]*://[^:/?#\\s@'\"<>|]*:)([^/?#\\s'\"<>|]*)@");
    /**
     * {@code name=value}: the value does not start with a blank (nor {@code =}: the padding of base64 text
     * such as a histogram's, {@code …Qkey==}, is not a value) and runs to a separator or the line's end,
     * blanks included, but not over a blank that starts another {@code name=} (which is then looked at itself).
     */
    private static final Pattern KEY_VALUE = Pattern.compile("(?<![A-Za-z0-9_.\\-])([A-Za-z0-9_.\\-]+)="
            + "([^\\s&;'\"|<>=](?:[^\\s&;'\"|<>]|[ \\t]+(?=[^\\s&;'\"|<>])(?![A-Za-z0-9_.\\-]+=))*+)");
    /** {@code Name: value}, a header: the value runs to {@code |} or the line's end, not over a blank that starts another header. */
    private static final Pattern HEADER = Pattern.compile("(?<![A-Za-z0-9_.\\-])([A-Za-z][A-Za-z0-9_\\-]*)([ \\t]*:[ \\t]*)"
            + "([^\\s|](?:[^\\s|]|[ \\t]+(?=[^\\s|])(?![A-Za-z][A-Za-z0-9_\\-]*[ \\t]*:))*+)");
    /** {@code "name": "value"} of a JSON document. */
    private static final Pattern JSON_MEMBER = Pattern.compile("\"([^\"\\\\\\r\\n]{1,200})\"(\\s*:\\s*)\"((?:[^\"\\\\\\r\\n]|\\\\.)*)\"");

    private Redactor() {}

    /**
     * Whether {@code name} (a URL or JDBC property, a parameter, a header, a label, a JSON member)
     * names a secret: it says password, secret, token, credential, authorization or cookie anywhere
     * ({@code sslpassword}, {@code access_token}, {@code X-Auth-Token}, {@code clientSecret}), ends in
     * {@code key} after another word ({@code api_key}, {@code X-Api-Key}, {@code sslkey}), or has
     * {@code pass}, {@code pw} or {@code auth} as one of several words ({@code db.pass}). A lone
     * {@code key} is not: it is how help texts write {@code KEY=VALUE}.
     */
    public static boolean isSecretName(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        String joined = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        for (String part : SECRET_PARTS) {
            if (joined.contains(part)) {
                return true;
            }
        }
        if (joined.endsWith("key") && joined.length() > "key".length()) {
            return true;
        }
        String[] words = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT).split("[^a-z0-9]+");
        if (words.length < 2) {
            return false;
        }
        for (String word : words) {
            if (SECRET_WORDS.contains(word)) {
                return true;
            }
        }
        return false;
    }

    /** Masks every secret this policy recognizes in {@code text} (null stays null). */
    public static String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String s = replace(USER_INFO, text, m -> m.group(2).isEmpty() || m.group(2).startsWith(MASK)
                ? m.group() : m.group(1) + MASK + "@");
        s = replace(JSON_MEMBER, s, m -> isSecretName(m.group(1)) && !m.group(3).isEmpty() && !m.group(3).equals(MASK)
                ? "\"" + m.group(1) + "\"" + m.group(2) + "\"" + MASK + "\"" : m.group());
        s = replace(KEY_VALUE, s, m -> isSecretName(m.group(1)) && !m.group(2).startsWith(MASK)
                ? m.group(1) + "=" + MASK : m.group());
        return replace(HEADER, s, m -> isSecretName(m.group(1)) && !m.group(3).startsWith(MASK)
                ? m.group(1) + m.group(2) + MASK : m.group());
    }

    /**
     * A value known by its name (a parameter, a label, a connection property): {@value #MASK} when the
     * name is a secret's and the value is not empty, else the value with {@link #redact(String)} applied.
     */
    public static String redact(String name, String value) {
        if (value == null || value.isEmpty()) {
            return value;
        }
        return isSecretName(name) ? MASK : redact(value);
    }

    /**
     * The secrets {@link #redact(String)} masks in {@code text}, as they appear there: for scrubbing a
     * message of a driver or a server that quotes one of them in another form. A value of several words
     * (H2's {@code PASSWORD=filepw userpw}) also gives each word of four characters or more.
     */
    public static List<String> secretsIn(String text) {
        List<String> found = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return found;
        }
        collect(USER_INFO, text, 2, null, found);
        collect(KEY_VALUE, text, 2, 1, found);
        collect(HEADER, text, 3, 1, found);
        collect(JSON_MEMBER, text, 3, 1, found);
        List<String> words = new ArrayList<>();
        for (String secret : found) {
            for (String word : secret.strip().split("\\s+")) {
                if (word.length() >= 4 && !found.contains(word) && !words.contains(word)) {
                    words.add(word);
                }
            }
        }
        found.addAll(words);
        found.removeIf(s -> s.isBlank() || s.startsWith(MASK));
        return found;
    }

    private static void collect(Pattern pattern, String text, int valueGroup, Integer nameGroup, List<String> found) {
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            String value = m.group(valueGroup).strip();
            if ((nameGroup == null || isSecretName(m.group(nameGroup))) && !value.isEmpty() && !found.contains(value)) {
                found.add(value);
            }
        }
    }

    private static String replace(Pattern pattern, String text, java.util.function.Function<Matcher, String> with) {
        Matcher m = pattern.matcher(text);
        if (!m.find()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int last = 0;
        do {
            out.append(text, last, m.start()).append(with.apply(m));
            last = m.end();
        } while (m.find());
        return out.append(text, last, text.length()).toString();
    }
}
