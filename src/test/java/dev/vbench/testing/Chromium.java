package dev.vbench.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;

/**
 * A real headless Chromium for the browser tests, driven by Selenium through Debian's {@code chromium}
 * and {@code chromium-driver} (what {@code .ci/chromium.sh} installs; {@code VBENCH_CHROMIUM} and
 * {@code VBENCH_CHROMEDRIVER} name others). Without them the tests are skipped with a line that says
 * what to install — unless {@code VBENCH_TEST_CHROMIUM=required} ({@code .ci/run} sets it), when a
 * missing browser fails them. One browser per test class: starting Chromium costs seconds.
 *
 * <pre>{@code
 * ChromeDriver driver = Chromium.start();
 * driver.get(url);
 * Chromium.assertNoConsoleErrors(driver);
 * }</pre>
 */
public final class Chromium {

    private Chromium() {}

    /** The browser, or null when it is not installed. */
    static String binary() {
        return first(System.getenv("VBENCH_CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser");
    }

    /** The driver, or null when it is not installed. */
    static String driver() {
        return first(System.getenv("VBENCH_CHROMEDRIVER"), "/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");
    }

    private static String first(String... candidates) {
        for (String c : candidates) {
            if (c != null && !c.isBlank() && Files.isExecutable(Path.of(c))) {
                return c;
            }
        }
        return null;
    }

    /**
     * Starts a headless Chromium with its console log kept; skips the calling test class (or fails it, when
     * required) if the browser or its driver is missing.
     */
    public static ChromeDriver start() {
        String binary = binary();
        String driver = driver();
        String missing = binary == null ? "chromium" : driver == null ? "chromium-driver" : null;
        if (missing != null) {
            String why =
                    "no " + missing + " found: install Debian's chromium and chromium-driver (.ci/chromium.sh does),"
                            + " or name them with VBENCH_CHROMIUM and VBENCH_CHROMEDRIVER";
            if ("required".equals(System.getenv("VBENCH_TEST_CHROMIUM"))) {
                Assertions.fail("VBENCH_TEST_CHROMIUM=required but " + why);
            }
            Assumptions.abort("skipped: " + why);
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(binary);
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-dev-shm-usage",
                "--disable-gpu",
                "--window-size=1400,1000",
                "--hide-scrollbars",
                "--force-device-scale-factor=1",
                "--allow-file-access-from-files",
                "--no-first-run",
                "--disable-extensions",
                "--lang=en-US");
        options.setCapability("goog:loggingPrefs", Map.of(LogType.BROWSER, "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(driver))
                .usingAnyFreePort()
                .withTimeout(Duration.ofSeconds(60))
                .build();
        ChromeDriver d = new ChromeDriver(service, options);
        d.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60)).scriptTimeout(Duration.ofSeconds(30));
        return d;
    }

    /** Fails when the pages loaded since the last call wrote an error to the console (a script error, a failed load). */
    public static void assertNoConsoleErrors(ChromeDriver d) {
        List<LogEntry> errors = d.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .toList();
        Assertions.assertEquals(
                List.of(), errors.stream().map(LogEntry::getMessage).toList(), "JavaScript console errors");
    }
}
