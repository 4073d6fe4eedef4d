package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.vbench.testing.CliRun;
import dev.vbench.testing.SlowFirst;
import dev.vbench.testing.VbenchProcess;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's cron recipe, {@code examples/history/nightly.sh}, run for real (vbench in a
 * subprocess, an H2 store) with a fake {@code mail} on the PATH that records what it was asked to
 * send: a failed run mails its own errors, a regression mails check's list, a quiet night mails
 * nothing.
 */
@Tag(SlowFirst.SLOW)
class HistoryNightlyScriptTest {

    private static final Path SCRIPT = Path.of("examples/history/nightly.sh").toAbsolutePath();

    @TempDir
    Path tmp;

    private Path mailLog;
    private Path bin;

    @BeforeEach
    void fakeMail() throws Exception {
        bin = Files.createDirectory(tmp.resolve("bin"));
        mailLog = tmp.resolve("mail.log");
        Path mail = bin.resolve("mail");
        // mail -s SUBJECT TO < BODY
        Files.writeString(
                mail,
                "#!/bin/sh\n{ printf 'to: %s\\nsubject: %s\\n' \"$3\" \"$2\"; cat; printf '.\\n'; } >> \"" + mailLog
                        + "\"\n");
        Files.setPosixFilePermissions(mail, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aQuietNightMailsNothingAndExits0() throws Exception {
        String url = HistoryStores.url(HistoryStores.H2, tmp);
        Result r = nightly(
                url,
                "-w",
                "noop",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-o",
                tmp.resolve("night.json").toString());
        assertEquals(0, r.code(), r::toString);
        assertFalse(Files.exists(mailLog), r::toString);
        assertTrue(Files.exists(tmp.resolve("night.json")));
        assertEquals(
                3, CliRun.of("history", "runs", "--history", url).out().lines().count()); // header, rule, the run
    }

    @Test
    void aRegressionMailsChecksListWithTheRegressionSubject() throws Exception {
        String url = HistoryStores.url(HistoryStores.H2, tmp);
        Path dir = Files.createDirectory(tmp.resolve("runs"));
        List<Path> files = HistoryFixtures.writeRuns(dir, 20, HistoryFixtures.series(2, 0.01), 19, 1.30, 8);
        assertEquals(
                0,
                CliRun.of(HistoryCommandsTest.args("history", "add", "--history", url, files))
                        .code());
        Result r = nightly(
                url,
                "-w",
                "noop",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-o",
                tmp.resolve("night.json").toString());
        assertEquals(1, r.code(), r::toString);
        String mail = Files.readString(mailLog, StandardCharsets.UTF_8);
        assertTrue(mail.startsWith("to: team@example.com\nsubject: vbench: regression on "), mail);
        assertTrue(mail.contains("vbench: 2 regression(s) larger than 5% (--fail-on-regression):"), mail);
        assertTrue(mail.contains("vbench:   series 1 makespan run 20: +"), mail);
        assertEquals(1, mail.lines().filter(l -> l.startsWith("subject: ")).count(), mail);
    }

    @Test
    void aFailedRunMailsTheRunsOwnErrorAndSkipsTheCheck() throws Exception {
        // the store is down: the run writes its file, then exits 3 with one line; that line is the mail
        Result r = nightly(
                "jdbc:postgresql://127.0.0.1:1/bench?user=ci&password=s3cret",
                "-w",
                "noop",
                "--tasks",
                "20",
                "--trials",
                "2",
                "--warmup",
                "0",
                "--pinning",
                "off",
                "-o",
                tmp.resolve("night.json").toString());
        assertEquals(3, r.code(), r::toString);
        assertTrue(Files.exists(tmp.resolve("night.json")), "the night's file is written anyway");
        String mail = Files.readString(mailLog, StandardCharsets.UTF_8);
        assertTrue(mail.startsWith("to: team@example.com\nsubject: vbench: nightly run failed on "), mail);
        assertTrue(mail.lines().toList().get(1).endsWith(" (exit 3)"), mail);
        assertTrue(mail.contains("vbench: "), mail);
        assertTrue(mail.contains("127.0.0.1:1"), mail);
        assertFalse(mail.contains("s3cret"), mail);
        assertEquals(1, mail.lines().filter(l -> l.startsWith("subject: ")).count(), mail);

        // a mistyped argument: exit 2, its one-line error mailed
        Files.delete(mailLog);
        Result typo = nightly(
                HistoryStores.url(HistoryStores.H2, tmp),
                "-w",
                "no-such-workload",
                "-o",
                tmp.resolve("typo.json").toString());
        assertEquals(2, typo.code(), typo::toString);
        String mail2 = Files.readString(mailLog, StandardCharsets.UTF_8);
        assertTrue(mail2.contains("subject: vbench: nightly run failed on ") && mail2.contains(" (exit 2)"), mail2);
        assertTrue(mail2.contains("no-such-workload"), mail2);
    }

    record Result(int code, String output) {}

    private Result nightly(String store, String... runArgs) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of("sh", SCRIPT.toString()));
        command.addAll(List.of(runArgs));
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(tmp.toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = pb.environment();
        env.put("PATH", bin + File.pathSeparator + env.getOrDefault("PATH", "/usr/bin:/bin"));
        // the script's exit codes and mails are checked, not vbench's speed: its JVMs start on C1 alone
        env.put(
                "VBENCH",
                java + " " + String.join(" ", VbenchProcess.QUICK_START) + " --enable-native-access=ALL-UNNAMED -cp "
                        + classpath + " dev.vbench.Main");
        env.put("VBENCH_HISTORY", store);
        env.put("MAIL_TO", "team@example.com");
        env.remove("THRESHOLD");
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals("", output, "the script prints nothing (cron would mail it)");
        return new Result(p.exitValue(), output);
    }
}
