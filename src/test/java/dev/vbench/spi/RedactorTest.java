package dev.vbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The one redaction policy: every form of secret it must mask, and the text it must leave alone. */
class RedactorTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '`',
            value = {
                // a comma inside a password, in a query and as JDBC properties
                "jdbc:postgresql://h/db?user=u&password=ab,cd | jdbc:postgresql://h/db?user=u&password=***",
                "jdbc:postgresql://h/db?password=ab,cd&user=u | jdbc:postgresql://h/db?password=***&user=u",
                // every key whose name says password, secret, token or key
                "jdbc:postgresql://h/db?sslpassword=s1&user=u | jdbc:postgresql://h/db?sslpassword=***&user=u",
                "https://api/x?access_token=t0k&q=1 | https://api/x?access_token=***&q=1",
                "https://api/x?api_key=k3y | https://api/x?api_key=***",
                "https://api/x?apiKey=k3y&clientSecret=s | https://api/x?apiKey=***&clientSecret=***",
                "-Djavax.net.ssl.keyStorePassword=changeit | -Djavax.net.ssl.keyStorePassword=***",
                // H2's file-and-user password, two words
                "jdbc:h2:file:/d/x;CIPHER=AES;PASSWORD=filepw userpw | jdbc:h2:file:/d/x;CIPHER=AES;PASSWORD=***",
                "jdbc:h2:file:/d/x;PASSWORD=filepw userpw;USER=sa | jdbc:h2:file:/d/x;PASSWORD=***;USER=sa",
                // URL userinfo in every form
                "http://u:pw@host/x | http://u:***@host/x",
                "http://:pw@host/x | http://:***@host/x",
                "http://u:p@ss@host/x | http://u:***@host/x",
                "http://u:p:a@ss,w@host:8080/x | http://u:***@host:8080/x",
                "jdbc:postgresql://u:s3cret@h1:5432,h2:5432/db | jdbc:postgresql://u:***@h1:5432,h2:5432/db",
                // credential headers
                "`Authorization: Bearer abc def|Accept: text/plain` | `Authorization: ***|Accept: text/plain`",
                "X-Auth-Token: abc | X-Auth-Token: ***",
                "`header=Accept: text/plain|X-Api-Key: k,1` | `header=Accept: text/plain|X-Api-Key: ***`",
                "Proxy-Authorization: Basic dTpw | Proxy-Authorization: ***",
                "Cookie: session=abc | Cookie: ***",
                // in messages: quoted, after other words, several on one line
                "`Unknown option: '--histroy=jdbc:h2:mem:x;PASSWORD=a b'` | `Unknown option: '--histroy=jdbc:h2:mem:x;PASSWORD=***'`",
                "`Unmatched argument at index 2: 'jdbc:postgresql://h/db?password=ab,cd'` | `Unmatched argument at index 2: 'jdbc:postgresql://h/db?password=***'`",
                "user=u password=abc mode=x | user=u password=*** mode=x",
                "Accept: a X-Auth-Token: b | Accept: a X-Auth-Token: ***",
                "`\"password\" : \"ab,cd\", \"user\" : \"u\"` | `\"password\" : \"***\", \"user\" : \"u\"`",
                "`\"commandLine\" : \"vbench run -p url=jdbc:h2:mem:x;PASSWORD=a b\"` | `\"commandLine\" : \"vbench run -p url=jdbc:h2:mem:x;PASSWORD=***\"`",
                "<td>jdbc:postgresql://h/db?password=ab&amp;user=u</td> | <td>jdbc:postgresql://h/db?password=***&amp;user=u</td>",
            })
    void masksEveryFormOfSecret(String text, String shown) {
        assertEquals(shown, Redactor.redact(text));
        assertEquals(shown, Redactor.redact(shown), "idempotent");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "vbench run -w noop -e virtual,fixed:threads=4 -p duration=20ms -o r.json",
                "--label KEY=V, NAME:key=value, -p key=v",
                "database; PostgreSQL: jdbc:postgresql://HOST:PORT/DB?user=U, password from PGPASSWORD or &password= (shown as ***)",
                "jdbc:postgresql://h:5432/db?user=u",
                "http://host:8080/x?e=a@b",
                "12:30:45 op=selectAllKeywords keyword=x keys: 3",
                "<svg viewBox=\"0 0 10 10\"><rect data-sort-key=\"3\"/></svg>",
                "{\"metric\" : \"makespan\", \"key\" : \"c1\"}",
                "password=*** and Authorization: *** and http://u:***@h",
            })
    void leavesOtherTextAlone(String text) {
        assertEquals(text, Redactor.redact(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "password",
                "sslpassword",
                "PGPASSWORD",
                "access_token",
                "api_key",
                "apiKey",
                "X-Api-Key",
                "X-Auth-Token",
                "Authorization",
                "Proxy-Authorization",
                "Cookie",
                "clientSecret",
                "sslkey",
                "db.pass",
                "pwd",
                "keyStorePassword",
                "credentials"
            })
    void secretNames(String name) {
        assertTrue(Redactor.isSecretName(name), name);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "key",
                "KEY",
                "keys",
                "keyword",
                "keyspace",
                "user",
                "url",
                "op",
                "header",
                "passage",
                "author",
                ""
            })
    void otherNames(String name) {
        assertFalse(Redactor.isSecretName(name), name);
    }

    @Test
    void aValueKnownByItsNameIsMaskedWhole() {
        assertEquals("***", Redactor.redact("token", "ab,cd ef"));
        assertEquals("", Redactor.redact("token", ""));
        assertEquals("jdbc:h2:mem:x;PASSWORD=***", Redactor.redact("url", "jdbc:h2:mem:x;PASSWORD=p"));
    }

    @Test
    void theSecretsFoundAreTheMaskedValues() {
        assertEquals(
                List.of("s3cret", "filepw userpw", "filepw", "userpw"),
                Redactor.secretsIn("jdbc:postgresql://u:s3cret@h/db jdbc:h2:file:/x;PASSWORD=filepw userpw"));
        assertEquals(List.of("ab,cd"), Redactor.secretsIn("jdbc:postgresql://h/db?user=u&password=ab,cd"));
    }
}
