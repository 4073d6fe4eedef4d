package dev.vbench.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.vbench.spi.Redactor;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every file vbench writes passes the secrets policy, the static site's script and style too: nothing in them may
 * look like a credential (a {@code credentials: …} member would be masked to the end of its line and break the script).
 */
class DashboardAssetsTest {

    @ParameterizedTest
    @ValueSource(strings = {"dashboard.js", "dashboard.css"})
    void theBundledAssetsPassTheSecretsPolicyUnchanged(String name) throws Exception {
        try (InputStream in = DashboardAssetsTest.class.getResourceAsStream("/dev/vbench/dashboard/" + name)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(text, Redactor.redact(text), name);
        }
    }
}
