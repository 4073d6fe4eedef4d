package dev.vbench.spi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
    private static final List<String> SECRET_PARTS = List.of(
            "password",
            "passwd",
            "passphrase",
            "pwd",
            "secret",
            "token",
            "credential",
            "authorization",
            "cookie",
            "apikey",
            "privatekey",
            "accesskey");
    /** Words that make a name of several words a secret's ({@code db.pass}, {@code x-auth}, {@code api_key}); alone, {@code key} is a placeholder. */
    private static final Set<String> SECRET_WORDS = Set.of("pass", "pw", "auth", "key", "keys");

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
        Boolean known = NAMES.get(name);
        if (known != null) {
            return known;
        }
        boolean secret = classify(name);
        if (NAMES.size() > NAMES_KEPT) {
            NAMES.clear(); // names repeat (a result's members, a URL's keys): a few hundred cover every text
        }
        NAMES.put(name, secret);
        return secret;
    }

    /** Names already classified, so that a large text (a result file's thousands of members) costs a look-up each. */
    private static final ConcurrentHashMap<String, Boolean> NAMES = new ConcurrentHashMap<>();

    private static final int NAMES_KEPT = 4096;

    private static boolean classify(String name) {
        String joined = name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]", "");
        for (String part : SECRET_PARTS) {
            if (joined.contains(part)) {
                return true;
            }
        }
        if (joined.endsWith("key") && joined.length() > "key".length()) {
            return true;
        }
        String[] words = name.replaceAll("([a-z0-9])([A-Z])", "$1 $2")
                .toLowerCase(Locale.ROOT)
                .split("[^a-z0-9]+");
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
        if (text == null || text.isEmpty() || !mayHoldSecret(text)) {
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
        if (text == null || text.isEmpty() || !mayHoldSecret(text)) {
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

    /** Every word that a secret's name holds ({@link #isSecretName}), as the fast test of a text looks for them. */
    private static final String[] NAME_WORDS = {"pass", "pw", "secret", "token", "credential", "auth", "cookie", "key"};

    /** The ASCII letters (lower case) a word of {@link #NAME_WORDS} starts with: any other ASCII character starts none. */
    private static final boolean[] FIRST_LETTERS = new boolean[128];

    static {
        for (String word : NAME_WORDS) {
            FIRST_LETTERS[word.charAt(0)] = true;
        }
    }

    /**
     * Whether {@code text} may hold a secret at all: a word of a secret's name, or an {@code @} (user info). Most
     * text does not (a result file's thousands of members, a table): it is returned after one pass.
     */
    private static boolean mayHoldSecret(String text) {
        if (text.indexOf('@') >= 0) {
            return true;
        }
        // one pass without a lower-case copy of the text (a result file is megabytes, written after every cell):
        // a word can only start where its first letter stands
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            char lower = c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c;
            if (lower < 128 && !FIRST_LETTERS[lower]) {
                continue; // most characters: one look-up, no word compared
            }
            for (String word : NAME_WORDS) {
                // beyond ASCII, case folding may still make a word's first letter (the Kelvin sign's k)
                if ((lower >= 128 || word.charAt(0) == lower) && text.regionMatches(true, i, word, 0, word.length())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The secrets in {@code text} as {@code [start, end)} spans, in order and apart (overlapping ones
     * joined); a value that reads {@value #MASK} already is none. One pass over the text, by hand: at each
     * {@code =} the name before it, at each {@code :} a URL's user info, a header's name or a JSON member's
     * (regular expressions tried a match at every character, and their repeated groups recurse).
     */
    private static List<int[]> spans(String text) {
        List<int[]> found = new ArrayList<>();
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '=') {
                String name = text.substring(runStart(text, i, KEY_CHARS), i);
                if (isSecretName(name)) {
                    add(found, text, i + 1, keyValueEnd(text, i + 1));
                }
            } else if (c == ':') {
                colon(text, i, found);
            }
        }
        found.sort(Comparator.comparingInt(span -> span[0]));
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

    /** What a {@code :} at {@code i} may start: a URL's user info, a header's value, a JSON member's value. */
    private static void colon(String text, int i, List<int[]> found) {
        if (text.startsWith("//", i + 1)) {
            int scheme = runStart(text, i, SCHEME_CHARS);
            if (scheme < i && isLetter(text.charAt(scheme))) {
                int user = i + 3;
                while (user < text.length()
                        && USER_STOPS.indexOf(text.charAt(user)) < 0
                        && !Character.isWhitespace(text.charAt(user))) {
                    user++;
                }
                if (user < text.length() && text.charAt(user) == ':') {
                    add(found, text, user + 1, userInfoEnd(text, user + 1));
                }
            }
            return;
        }
        int valueStart = skipBlanks(text, i + 1);
        int beforeColon = i;
        while (beforeColon > 0 && (text.charAt(beforeColon - 1) == ' ' || text.charAt(beforeColon - 1) == '\t')) {
            beforeColon--;
        }
        if (beforeColon > 0 && text.charAt(beforeColon - 1) == '"') { // "name" : "value"
            int open = text.lastIndexOf('"', beforeColon - 2);
            String name = open < 0 ? "" : text.substring(open + 1, beforeColon - 1);
            int quote = skipWhitespace(text, i + 1);
            if (open >= 0
                    && name.length() <= 200
                    && name.indexOf('\\') < 0
                    && name.indexOf('\n') < 0
                    && quote < text.length()
                    && text.charAt(quote) == '"'
                    && isSecretName(name)) {
                add(found, text, quote + 1, jsonStringEnd(text, quote + 1));
            }
            return;
        }
        int start = runStart(text, beforeColon, HEADER_CHARS);
        if (start < beforeColon
                && isLetter(text.charAt(start))
                && (start == 0
                        || KEY_CHARS.indexOf(text.charAt(start - 1)) < 0 && !isAlphanumeric(text.charAt(start - 1)))) {
            if (isSecretName(text.substring(start, beforeColon))) {
                add(found, text, valueStart, headerValueEnd(text, valueStart));
            }
        }
    }

    /** Characters of a {@code name=} name besides letters and digits. */
    private static final String KEY_CHARS = "_.-";
    /** Characters of a header's name besides letters and digits. */
    private static final String HEADER_CHARS = "_-";
    /** Characters of a URL's scheme besides letters and digits. */
    private static final String SCHEME_CHARS = "+.-";
    /** Where the user part of user info ends (besides blanks). */
    private static final String USER_STOPS = ":/?#@'\"<>|";

    /** The start of the run of letters, digits and {@code extra} that ends just before {@code end}. */
    private static int runStart(String text, int end, String extra) {
        int i = end;
        while (i > 0 && (isAlphanumeric(text.charAt(i - 1)) || extra.indexOf(text.charAt(i - 1)) >= 0)) {
            i--;
        }
        return i;
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isAlphanumeric(char c) {
        return isLetter(c) || c >= '0' && c <= '9';
    }

    private static int skipBlanks(String text, int i) {
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }

    private static int skipWhitespace(String text, int i) {
        while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
            i++;
        }
        return i;
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
        while (end < text.length()
                && "/?#'\"<>|".indexOf(text.charAt(end)) < 0
                && !Character.isWhitespace(text.charAt(end))) {
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
        if (start >= text.length()
                || Character.isWhitespace(text.charAt(start))
                || text.charAt(start) == '='
                || KEY_VALUE_STOPS.indexOf(text.charAt(start)) >= 0) {
            return start;
        }
        return valueEnd(text, start, KEY_VALUE_STOPS, true);
    }

    /** The end of a header value at {@code start}: to {@link #HEADER_STOPS}, not over a blank that starts another header. */
    private static int headerValueEnd(String text, int start) {
        if (start >= text.length()
                || Character.isWhitespace(text.charAt(start))
                || HEADER_STOPS.indexOf(text.charAt(start)) >= 0) {
            return start;
        }
        return valueEnd(text, start, HEADER_STOPS, false);
    }

    /** @param keys whether another {@code name=} (else another {@code Name:}) after a blank ends the value */
    private static int valueEnd(String text, int start, String stops, boolean keys) {
        int i = start;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (stops.indexOf(c) >= 0) {
                return i;
            }
            if (c == ' ' || c == '\t') {
                int j = skipBlanks(text, i);
                if (j == text.length()
                        || stops.indexOf(text.charAt(j)) >= 0
                        || (keys ? keyAt(text, j) : headerAt(text, j))) {
                    return i;
                }
                i = j;
            } else {
                i++;
            }
        }
        return i;
    }

    /** Whether {@code name=} starts at {@code i}. */
    private static boolean keyAt(String text, int i) {
        int j = i;
        while (j < text.length() && (isAlphanumeric(text.charAt(j)) || KEY_CHARS.indexOf(text.charAt(j)) >= 0)) {
            j++;
        }
        return j > i && j < text.length() && text.charAt(j) == '=';
    }

    /** Whether {@code Name:} (a header) starts at {@code i}. */
    private static boolean headerAt(String text, int i) {
        if (i >= text.length() || !isLetter(text.charAt(i))) {
            return false;
        }
        int j = i;
        while (j < text.length() && (isAlphanumeric(text.charAt(j)) || HEADER_CHARS.indexOf(text.charAt(j)) >= 0)) {
            j++;
        }
        j = skipBlanks(text, j);
        return j < text.length() && text.charAt(j) == ':';
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
