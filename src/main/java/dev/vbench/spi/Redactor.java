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

    /** {@code scheme://user:}: a userinfo password starts here and runs to the last {@code @} before the authority ends. */
    private static final Pattern USER_INFO = Pattern.compile("[A-Za-z][A-Za-z0-9+.\\-]*://[^:/?#\\s@'\"<>|]*:");
    /** {@code name=}: a value starts here when the name is a secret's ({@link #keyValueEnd}). */
    private static final Pattern KEY = Pattern.compile("(?<![A-Za-z0-9_.\\-])([A-Za-z0-9_.\\-]+)=");
    /** {@code Name: }: a header's value starts here when the name is a secret's ({@link #headerValueEnd}). */
    private static final Pattern HEADER = Pattern.compile("(?<![A-Za-z0-9_.\\-])([A-Za-z][A-Za-z0-9_\\-]*)[ \\t]*:[ \\t]*");
    /** {@code "name": "}: a JSON string member's value starts here when the name is a secret's. */
    private static final Pattern JSON_MEMBER = Pattern.compile("\"([^\"\\\\\\r\\n]{1,200})\"\\s*:\\s*\"");
    /** Where a {@code name=value} value stops: a separator, a quote, markup or the line's end. */
    private static final String KEY_VALUE_STOPS = "&;'\"|<>\r\n";
    /** Where a header value stops: the {@code |} between entries, or the line's end. */
    private static final String HEADER_STOPS = "|\r\n";

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
        List<int[]> spans = spans(text);
        if (spans.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int last = 0;
        for (int[] span : spans) {
            out.append(text, last, span[0]).append(MASK);
            last = span[1];
        }
        return out.append(text, last, text.length()).toString();
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
        for (int[] span : spans(text)) {
            String secret = text.substring(span[0], span[1]);
            if (!found.contains(secret)) {
                found.add(secret);
            }
        }
        List<String> words = new ArrayList<>();
        for (String secret : found) {
            for (String word : secret.strip().split("\\s+")) {
                if (word.length() >= 4 && !found.contains(word) && !words.contains(word)) {
                    words.add(word);
                }
            }
        }
        found.addAll(words);
        return found;
    }

    /**
     * The secrets in {@code text} as {@code [start, end)} spans, in order and apart (overlapping ones
     * joined); a value that reads {@value #MASK} already is none. Values are scanned by hand, not by a
     * regular expression: Java's repeats a group by recursion, and a long line overflowed the stack.
     */
    private static List<int[]> spans(String text) {
        List<int[]> found = new ArrayList<>();
        Matcher userInfo = USER_INFO.matcher(text);
        while (userInfo.find()) {
            add(found, text, userInfo.end(), userInfoEnd(text, userInfo.end()));
        }
        Matcher key = KEY.matcher(text);
        while (key.find()) {
            if (isSecretName(key.group(1))) {
                add(found, text, key.end(), keyValueEnd(text, key.end()));
            }
        }
        Matcher header = HEADER.matcher(text);
        while (header.find()) {
            if (isSecretName(header.group(1))) {
                add(found, text, header.end(), headerValueEnd(text, header.end()));
            }
        }
        Matcher json = JSON_MEMBER.matcher(text);
        while (json.find()) {
            if (isSecretName(json.group(1))) {
                add(found, text, json.end(), jsonStringEnd(text, json.end()));
            }
        }
        found.sort(java.util.Comparator.comparingInt(span -> span[0]));
        List<int[]> joined = new ArrayList<>();
        for (int[] span : found) {
            int[] previous = joined.isEmpty() ? null : joined.get(joined.size() - 1);
            if (previous != null && span[0] <= previous[1]) {
                previous[1] = Math.max(previous[1], span[1]);
            } else {
                joined.add(span);
            }
        }
        return joined;
    }

    private static void add(List<int[]> spans, String text, int start, int end) {
        if (end > start && !text.startsWith(MASK, start)) {
            spans.add(new int[] {start, end});
        }
    }

    /** The end of a userinfo password at {@code start}: the last {@code @} before the authority ends; {@code start} when there is none. */
    private static int userInfoEnd(String text, int start) {
        int end = start;
        int at = start;
        while (end < text.length() && "/?#'\"<>|".indexOf(text.charAt(end)) < 0 && !Character.isWhitespace(text.charAt(end))) {
            if (text.charAt(end) == '@') {
                at = end;
            }
            end++;
        }
        return at;
    }

    /**
     * The end of a {@code name=} value at {@code start}: it does not start with a blank (nor {@code =}: the
     * padding of base64 text, {@code …Qkey==}, is no value) and runs to {@link #KEY_VALUE_STOPS}, blanks
     * included ({@code PASSWORD=filepw userpw}), but not over a blank that starts another {@code name=}.
     */
    private static int keyValueEnd(String text, int start) {
        if (start >= text.length() || Character.isWhitespace(text.charAt(start)) || text.charAt(start) == '='
                || KEY_VALUE_STOPS.indexOf(text.charAt(start)) >= 0) {
            return start;
        }
        return valueEnd(text, start, KEY_VALUE_STOPS, KEY);
    }

    /** The end of a header value at {@code start}: to {@link #HEADER_STOPS}, not over a blank that starts another header. */
    private static int headerValueEnd(String text, int start) {
        if (start >= text.length() || Character.isWhitespace(text.charAt(start)) || HEADER_STOPS.indexOf(text.charAt(start)) >= 0) {
            return start;
        }
        return valueEnd(text, start, HEADER_STOPS, HEADER);
    }

    private static int valueEnd(String text, int start, String stops, Pattern next) {
        Matcher another = next.matcher(text);
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (stops.indexOf(c) >= 0) {
                return i;
            }
            if (c == ' ' || c == '\t') {
                int j = i;
                while (j < text.length() && (text.charAt(j) == ' ' || text.charAt(j) == '\t')) {
                    j++;
                }
                if (j == text.length() || stops.indexOf(text.charAt(j)) >= 0 || another.region(j, text.length()).lookingAt()) {
                    return i;
                }
                i = j;
            } else {
                i++;
            }
        }
        return i;
    }

    /** The end of a JSON string's content at {@code start} (its closing quote); {@code start} when it does not close on its line. */
    private static int jsonStringEnd(String text, int start) {
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == '"') {
                return i;
            }
            if (c == '\r' || c == '\n') {
                return start;
            }
            i += c == '\\' ? 2 : 1;
        }
        return start;
    }
}
