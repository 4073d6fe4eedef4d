package dev.vbench.spi;

import java.util.regex.Pattern;

/**
 * Removes secrets from text that is shown or stored: {@code password=…} (and {@code pwd},
 * {@code passwd}, {@code secret}, {@code token}) parameters, the password in
 * {@code scheme://user:password@host} URLs, and the values of credential headers
 * ({@code Authorization: …}, {@code Proxy-Authorization}, {@code Cookie}, {@code X-Api-Key}) up to a
 * {@code |} or line end.
 *
 * <pre>{@code
 * Redactor.redact("jdbc:postgresql://h/db?user=u&password=s3cret") // "jdbc:postgresql://h/db?user=u&password=***"
 * }</pre>
 */
public final class Redactor {

    private static final Pattern KEY_VALUE =
            Pattern.compile("(?i)\\b(password|passwd|pwd|secret|token)=([^&;,\\s]*)");
    private static final Pattern SECRET_HEADER =
            Pattern.compile("(?i)\\b(authorization|proxy-authorization|cookie|x-api-key)\\s*:\\s*[^|\\r\\n]*");
    private static final Pattern USER_INFO = Pattern.compile("(://[^:/@\\s]+):([^@/\\s]*)@");

    private Redactor() {}

    public static String redact(String text) {
        if (text == null) {
            return null;
        }
        String s = KEY_VALUE.matcher(text).replaceAll("$1=***");
        s = SECRET_HEADER.matcher(s).replaceAll("$1: ***");
        return USER_INFO.matcher(s).replaceAll("$1:***@");
    }
}
