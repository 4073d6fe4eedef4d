package dev.vbench.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.app.DashboardUseCase;
import dev.vbench.app.HistoryQueryUseCase;
import dev.vbench.history.HistoryReports;
import dev.vbench.history.HistoryStore;
import dev.vbench.history.HistoryUrl;
import dev.vbench.testing.Chromium;
import dev.vbench.testing.CliRun;
import dev.vbench.text.Numbers;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The dashboard in a real headless Chromium ({@link Chromium}): the overview lists and filters the
 * fixture's series, a series' chart draws its change points where {@code history analyze} finds them and
 * hovering a point shows its values, a run page's numbers are {@code history show}'s, a stored
 * {@code <script>} is text, a change marker leads to the Why and the differential flame graph, and the
 * static site opened from disk draws the same chart — with no error in the browser's console after any
 * page. One browser for the class. With {@code -Dvbench.updateScreenshots=true} the screenshots go to
 * {@code docs/} (else to {@code target/dashboard-screenshots/}).
 */
class DashboardBrowserTest {

    @TempDir
    static Path tmp;

    static ChromeDriver browser;
    static DashboardUseCase.Serving serving;
    static String url;

    @BeforeAll
    static void start() {
        browser = Chromium.start();
        url = DashboardFixture.build(tmp);
        serving = DashboardUseCase.serve(
                new DashboardUseCase.ServeRequest(url, 0, "127.0.0.1", HistoryQueryUseCase.Settings.DEFAULTS),
                new PrintWriter(new StringWriter(), true));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
        if (serving != null) {
            serving.close();
        }
    }

    @AfterEach
    void noConsoleErrors() {
        Chromium.assertNoConsoleErrors(browser);
    }

    static WebDriverWait waiting() {
        return new WebDriverWait(browser, Duration.ofSeconds(30));
    }

    /** Opens a series page and waits for its chart. */
    static void openChart(String address) {
        browser.get(address);
        waiting().until(d -> "true".equals(d.findElement(By.id("chart")).getAttribute("data-ready")));
    }

    /** The whole page as a PNG: the window made as tall as the page (at most 2,000 pixels), then as it was. */
    static void screenshot(String name) throws Exception {
        Path dir = Boolean.getBoolean("vbench.updateScreenshots")
                ? Path.of("docs")
                : Path.of("target/dashboard-screenshots");
        Files.createDirectories(dir);
        Dimension size = browser.manage().window().getSize();
        long height = (Long) browser.executeScript("return document.documentElement.scrollHeight;");
        browser.manage().window().setSize(new Dimension(size.getWidth(), (int)
                Math.min(2000, Math.max(size.getHeight(), height + 140))));
        try {
            Files.write(dir.resolve(name), browser.getScreenshotAs(OutputType.BYTES));
        } finally {
            browser.manage().window().setSize(size);
        }
    }

    static List<Long> markerRuns() {
        List<Long> runs = new ArrayList<>();
        browser.findElements(By.cssSelector("#chart svg a.cp"))
                .forEach(a -> runs.add(Long.parseLong(a.getAttribute("data-run"))));
        return runs;
    }

    static List<Long> analyzedRuns(String series) {
        CliRun analyze = CliRun.of("history", "analyze", series, "--metric", "makespan", "--history", url);
        assertEquals(0, analyze.code(), analyze::toString);
        List<Long> runs = new ArrayList<>();
        Matcher m =
                Pattern.compile("(?m)^series \\d+ makespan \\S+ run (\\d+) ").matcher(analyze.out());
        while (m.find()) {
            runs.add(Long.parseLong(m.group(1)));
        }
        return runs;
    }

    @Test
    void theOverviewListsTheSeriesOfTheStoreAndFiltersThem() throws Exception {
        browser.get(serving.url());
        List<WebElement> rows = browser.findElements(By.cssSelector("#series tbody tr"));
        assertEquals(
                List.of("1", "2", "3"),
                rows.stream().map(r -> r.getAttribute("data-series")).toList());
        CliRun series = CliRun.of("history", "series", "--history", url);
        for (WebElement row : rows) {
            String label = row.findElement(By.cssSelector("td.config")).getText();
            assertTrue(series.out().contains(label), label + " not in\n" + series.out());
        }
        assertEquals("3 series", browser.findElement(By.id("shown")).getText());
        assertEquals(
                1,
                browser.findElements(By.cssSelector("#series tr[data-series='1'] a.alert"))
                        .size());
        screenshot("dashboard-overview.png");
        new Select(browser.findElement(By.name("executor"))).selectByValue("virtual");
        assertEquals("2 of 3 series", browser.findElement(By.id("shown")).getText());
        assertFalse(browser.findElement(By.cssSelector("#series tr[data-series='3']"))
                .isDisplayed());
        new Select(browser.findElement(By.name("branch"))).selectByValue("feature");
        assertEquals(
                "2 of 3 series",
                browser.findElement(By.id("shown")).getText()); // every series has runs on both branches
        new Select(browser.findElement(By.name("testbed"))).selectByValue("nightly-box");
        new Select(browser.findElement(By.name("workload"))).selectByValue("cpu");
        assertEquals("2 of 3 series", browser.findElement(By.id("shown")).getText());
        assertTrue(
                browser.getCurrentUrl().endsWith("?testbed=nightly-box&branch=feature&workload=cpu&executor=virtual"),
                browser.getCurrentUrl());
        browser.get(serving.url() + "?executor=fixed");
        assertEquals("1 of 3 series", browser.findElement(By.id("shown")).getText());
        assertTrue(browser.findElement(By.cssSelector("#series tr[data-series='3']"))
                .isDisplayed());
    }

    @Test
    void aSeriesChartDrawsTheChangePointsAnalyzeFindsAndHoverShowsAPoint() throws Exception {
        openChart(serving.url() + "series/1?metric=makespan");
        assertEquals(analyzedRuns("1"), markerRuns());
        assertEquals(List.of(DashboardFixture.STEP_RUN), markerRuns());
        assertTrue(browser.findElement(By.cssSelector("#chart svg text.params"))
                .getText()
                .contains("window 50, p < 0.001, magnitude > 1%, at least 2 run(s) after"));
        assertEquals(
                DashboardFixture.RUNS,
                browser.findElements(By.cssSelector("#chart circle.pt")).size());
        assertEquals(
                1,
                browser.findElements(By.cssSelector("#chart circle.pt.excluded"))
                        .size());
        assertEquals(
                2, browser.findElements(By.cssSelector("#chart path.median")).size()); // main and feature
        HistoryStore.Point point;
        try (HistoryStore store = HistoryStore.open(HistoryUrl.resolve(url, Map.of(), tmp), false)) {
            point = store.points(1, "makespan").get(30);
        }
        new Actions(browser)
                .moveToElement(browser.findElement(By.cssSelector("#chart circle.pt[data-index='30']")))
                .perform();
        WebElement tip = browser.findElement(By.cssSelector("#chart .tip"));
        waiting().until(d -> tip.isDisplayed() && tip.getText().contains("trials (6): "));
        String text = tip.getText();
        assertTrue(text.contains("run " + point.runId() + " · " + HistoryReports.date(point.started())), text);
        assertTrue(text.contains("commit " + HistoryReports.commit(point.commit())), text);
        assertTrue(text.contains("median " + HistoryReports.value(point.median()) + " ms"), text);
        assertTrue(text.contains("(" + HistoryReports.interval(point) + ")"), text);
        assertTrue(text.contains("branch main"), text);
        screenshot("dashboard-series.png");
        browser.findElement(By.cssSelector("#y-scale button[data-value='true']"))
                .click();
        assertTrue(browser.findElement(By.cssSelector("#chart svg text.label"))
                .getText()
                .endsWith("log scale"));
        assertEquals(List.of(DashboardFixture.STEP_RUN), markerRuns());
        browser.findElement(By.cssSelector("#x-mode button[data-value='date']")).click();
        assertEquals(List.of(DashboardFixture.STEP_RUN), markerRuns());
        browser.findElement(By.cssSelector("#branches input[data-branch='1']")).click(); // hide 'feature'
        assertEquals(
                1, browser.findElements(By.cssSelector("#chart path.median")).size());
    }

    @Test
    void aRunPageShowsHistoryShowsMediansAndTheDeltasBetweenThem() throws Exception {
        long run = 33;
        browser.get(serving.url() + "run/" + run);
        CliRun show = CliRun.of("history", "show", "2", "--history", url);
        Map<Long, String> shown = new LinkedHashMap<>();
        Matcher m = Pattern.compile("(?m)^\\s*(\\d+)\\s+\\S+Z\\s+\\S+\\s+([0-9.]+)\\s")
                .matcher(show.out());
        while (m.find()) {
            shown.put(Long.parseLong(m.group(1)), m.group(2));
        }
        WebElement row = browser.findElement(By.cssSelector("#cells tr[data-series='2']"));
        assertEquals(
                shown.get(run) + " ms",
                row.findElement(By.cssSelector("td.median")).getText());
        assertEquals(
                shown.get(run - 1),
                row.findElement(By.cssSelector("td.prev-median")).getText());
        String delta = row.findElement(By.cssSelector("td.vs-previous")).getText();
        try (HistoryStore store = HistoryStore.open(HistoryUrl.resolve(url, Map.of(), tmp), false)) {
            List<HistoryStore.Point> points = store.points(2, "makespan"); // what show printed, unrounded
            HistoryStore.Point now = points.get((int) run - 1);
            HistoryStore.Point before = points.get((int) run - 2);
            assertEquals(shown.get(run), HistoryReports.value(now.median()));
            assertEquals(shown.get(run - 1), HistoryReports.value(before.median()));
            String expected = Numbers.deltaPercent(now.median() / before.median() - 1);
            assertTrue(delta.startsWith(expected + " "), delta + " vs " + expected);
        }
        assertTrue(browser.findElement(By.id("environment")).getText().contains("Eclipse Adoptium 25.0.1+8"));
        screenshot("dashboard-run.png");
    }

    @Test
    void aStoredScriptRendersAsText() throws Exception {
        browser.get(serving.url() + "run/" + DashboardFixture.LABELLED_RUN);
        String labels = browser.findElement(By.id("run-facts")).getText();
        assertTrue(labels.contains("note=" + DashboardFixture.SCRIPT), labels);
        assertTrue(labels.contains("api=token=***"), labels);
        assertNoAlert();
        openChart(serving.url() + "series/3");
        assertTrue(browser.findElement(By.cssSelector("header .sub"))
                .getText()
                .contains("note=" + DashboardFixture.SCRIPT));
        new Actions(browser)
                .moveToElement(browser.findElement(By.cssSelector("#chart circle.pt[data-index='5']")))
                .perform();
        assertNoAlert();
        browser.get(serving.url());
        assertTrue(browser.findElement(By.cssSelector("#series tr[data-series='3'] td.config"))
                .getText()
                .contains(DashboardFixture.SCRIPT));
        assertNoAlert();
        assertEquals(
                0L,
                browser.executeScript("return Array.prototype.filter.call(document.scripts,"
                        + " function (s) { return s.textContent.indexOf('alert(1)') >= 0; }).length;"));
    }

    static void assertNoAlert() {
        try {
            String text = browser.switchTo().alert().getText();
            throw new AssertionError("a stored string ran as script: alert '" + text + "'");
        } catch (NoAlertPresentException expected) {
            // the label is text
        }
    }

    @Test
    void aChangeMarkerLeadsToTheRunsOnBothSidesTheWhyAndTheFlameGraph() throws Exception {
        openChart(serving.url() + "series/1");
        browser.findElement(By.cssSelector("#chart svg a.cp .hit")).click();
        waiting().until(d -> d.getCurrentUrl().contains("/change/1/" + DashboardFixture.STEP_RUN));
        assertEquals(10, browser.findElements(By.cssSelector("#sides tbody tr")).size());
        assertTrue(browser.findElement(By.cssSelector("div.why"))
                .getText()
                .contains("blocked on monitor in com.acme.Store.put"));
        screenshot("dashboard-change.png");
        WebElement search = browser.findElement(By.cssSelector("figure.flame input.flame-search"));
        search.sendKeys("Store.put");
        assertTrue(browser.findElement(By.cssSelector("figure.flame .flame-found"))
                .getText()
                .startsWith("matched "));
    }

    @Test
    void theExportedSiteOpensFromDiskWithTheSameCharts() throws Exception {
        Path site = tmp.resolve("site");
        DashboardUseCase.exportSite(new DashboardUseCase.SiteRequest(url, site, HistoryQueryUseCase.Settings.DEFAULTS));
        browser.get(site.resolve("index.html").toUri().toString());
        assertEquals(3, browser.findElements(By.cssSelector("#series tbody tr")).size());
        browser.findElement(By.cssSelector("#series tr[data-series='1'] td.num a"))
                .click();
        waiting().until(d -> "true".equals(d.findElement(By.id("chart")).getAttribute("data-ready")));
        assertTrue(
                browser.getCurrentUrl().startsWith("file:")
                        && browser.getCurrentUrl().endsWith("/series/1-makespan.html"),
                browser.getCurrentUrl());
        List<Long> fromDisk = markerRuns();
        openChart(serving.url() + "series/1?metric=makespan");
        assertEquals(markerRuns(), fromDisk);
        browser.get(site.resolve("series/1-makespan.html").toUri().toString());
        waiting().until(d -> "true".equals(d.findElement(By.id("chart")).getAttribute("data-ready")));
        new Actions(browser)
                .moveToElement(browser.findElement(By.cssSelector("#chart circle.pt[data-index='7']")))
                .perform();
        WebElement tip = browser.findElement(By.cssSelector("#chart .tip"));
        waiting().until(d -> tip.getText().contains("trials (6): "));
        browser.findElement(By.cssSelector("#chart svg a.cp .hit")).click();
        waiting().until(d -> d.getCurrentUrl().endsWith("/change/1-makespan-" + DashboardFixture.STEP_RUN + ".html"));
        assertFalse(browser.findElements(By.cssSelector("svg.flame")).isEmpty());
    }
}
