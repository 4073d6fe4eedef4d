package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.vbench.history.HistoryStores;
import dev.vbench.result.ResultCodec;
import dev.vbench.testing.CliRun;
import dev.vbench.testing.Fixtures;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Input refused up front, with one line that names what and the fix (exit 2), never an internal error
 * (exit 4) or a store's error (exit 3) after the benchmark ran: metadata too long or with control
 * characters; result files that are malformed in a field found only when it is used, in every command
 * and format. And what is stored with control characters is printed escaped.
 */
class CheckedUpFrontTest {

    @TempDir
    Path tmp;

    private static String repeat(int n) {
        return "x".repeat(n);
    }

    /** One line on stderr, starting {@code vbench: }, holding every {@code expected}; no stack trace, no raw control character. */
    private static void oneLine(CliRun r, int code, String... expected) {
        assertEquals(code, r.code(), r::toString);
        String err = r.err().strip();
        List<String> lines = err.lines()
                .filter(l -> !l.startsWith("vbench: 1 cell(s)") && !l.startsWith("vbench: warning: "))
                .toList();
        assertEquals(1, lines.size(), r::toString);
        assertTrue(lines.get(0).startsWith("vbench: "), r::toString);
        assertFalse(err.contains("Exception") || err.contains("\tat ") || err.contains("internal error"), r::toString);
        assertFalse(err.chars().anyMatch(c -> c == 0x1b), r::toString);
        for (String e : expected) {
            assertTrue(lines.get(0).contains(e), () -> "expected '" + e + "' in: " + r);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"--testbed", "--branch", "--commit", "--label", "--run-id"})
    void overLongMetadataIsRefusedBeforeTheBenchmark(String option) throws Exception {
        String value = option.equals("--label") ? "note=" + repeat(10_001) : repeat(10_000);
        Path out = tmp.resolve("r.json");
        CliRun r = CliRun.of(
                "run",
                "-w",
                "noop",
                "--tasks",
                "10",
                "--trials",
                "1",
                "--warmup",
                "0",
                "-o",
                out.toString(),
                "--history",
                "jdbc:h2:file:" + tmp.resolve("h"),
                option,
                value);
        oneLine(r, 2, option, "characters long; the history keeps at most");
        assertFalse(Files.exists(out), "refused before the benchmark ran: no result file");
        assertFalse(r.err().contains("cell(s)"), "refused before the plan was announced: " + r);
        Path file = Files.writeString(tmp.resolve("ok.json"), ResultCodec.toJson(Fixtures.ioRun()));
        oneLine(
                CliRun.of(
                        "history",
                        "add",
                        "--history",
                        "jdbc:h2:file:" + tmp.resolve("h2"),
                        option,
                        value,
                        file.toString()),
                2,
                option,
                "at most");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"main\nevil", "main\u001b[2J", "a\u0000b", "tab\there"})
    void controlCharactersInMetadataAreRefused(String value) throws Exception {
        for (String option : List.of("--testbed", "--branch", "--commit", "--label")) {
            String given = option.equals("--label") ? "note=" + value : value;
            CliRun r = CliRun.of(
                    "run",
                    "-w",
                    "noop",
                    "--tasks",
                    "10",
                    "--trials",
                    "1",
                    "--warmup",
                    "0",
                    "--history",
                    "jdbc:h2:file:" + tmp.resolve("h"),
                    option,
                    given);
            oneLine(r, 2, option, "holds a control character", "give printable text");
            assertEquals("", r.out(), r::toString);
        }
    }

    @Test
    void reasonsOfExclusionsAndAcknowledgementsAreCheckedToo() throws Exception {
        String url = "jdbc:h2:file:" + tmp.resolve("h");
        Path file = Files.writeString(tmp.resolve("ok.json"), ResultCodec.toJson(Fixtures.ioRun()));
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, file.toString()).code());
        oneLine(
                CliRun.of("history", "exclude", "--history", url, "1", "--reason", "noisy\u001b[2J"),
                2,
                "--reason",
                "holds a control character (\\e at character 6)");
        oneLine(
                CliRun.of("history", "ack", "--history", url, "1", "1", "--reason", repeat(4001)),
                2,
                "--reason",
                "4001 characters long; the history keeps at most 4000");
    }

    /** A store written by an older vbench, or by hand, with control characters: printed escaped. */
    @Test
    void storedControlCharactersArePrintedEscaped() throws Exception {
        String url = "jdbc:h2:file:" + tmp.resolve("h");
        Path file = Files.writeString(tmp.resolve("ok.json"), ResultCodec.toJson(Fixtures.ioRun()));
        assertEquals(
                0,
                CliRun.of("history", "add", "--history", url, "--label", "note=x", file.toString())
                        .code());
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE run SET branch = 'a' || CHAR(27) || '[2Jb' || CHAR(10) || 'next'");
            s.executeUpdate("UPDATE run_label SET val = 'v' || CHAR(13) || 'w'");
            s.executeUpdate("UPDATE testbed SET name = 'host' || CHAR(27) || ']0;title' || CHAR(7)");
        }
        CliRun runs = CliRun.of("history", "runs", "--history", url);
        assertEquals(0, runs.code(), runs::toString);
        assertTrue(runs.out().contains("a\\e[2Jb\\nnext") && runs.out().contains("note=v\\rw"), runs::toString);
        assertTrue(runs.out().contains("host\\e]0;title\\x07"), runs::toString);
        assertEquals(3, runs.out().lines().count(), "the table keeps its rows: " + runs);
        for (String[] args : List.of(
                new String[] {"history", "series", "--history", url},
                new String[] {"history", "show", "--history", url, "1"},
                new String[] {"history", "check", "--history", url},
                new String[] {"history", "export", "--history", url, "1"})) {
            CliRun r = CliRun.of(args);
            assertFalse(
                    r.out().chars().anyMatch(ch -> ch == 0x1b || ch == 0x07 || ch == '\r'),
                    String.join(" ", args) + ": " + r);
        }
    }

    /** A result file's parameter with an escape sequence and a line break: every table shows it escaped. */
    @Test
    void reportTablesEscapeControlCharactersOfAResultFile() throws Exception {
        String json = ResultCodec.toJson(Fixtures.ioRun())
                .replace("\"duration\" : \"100ms\"", "\"duration\" : \"1\\u001b[2J\\n00ms\"");
        Path file = Files.writeString(tmp.resolve("esc.json"), json);
        for (String format : List.of("console", "markdown")) {
            CliRun r = CliRun.of("report", file.toString(), "--format", format);
            assertEquals(0, r.code(), r::toString);
            assertTrue(r.out().contains("1\\e[2J\\n00ms"), r::toString);
            assertFalse(r.out().chars().anyMatch(ch -> ch == 0x1b), r::toString);
        }
    }

    /** A malformed result file, one field at a time, and the path of that field as the message names it. */
    record Malformed(String name, String field, Consumer<ObjectNode> edit) {}

    private static List<Malformed> malformed() {
        String lying =
                lie(Fixtures.ioRun().cells().get(0).trials().get(0).histograms().endToEnd());
        return List.of(
                new Malformed(
                        "undecodable histogram",
                        "cells[0].trials[0].histograms.endToEnd",
                        d -> trial(d).with("histograms").put("endToEnd", "HISTFAAAAHF4nJNp!!not-base64")),
                new Malformed(
                        "garbage histogram",
                        "cells[0].trials[0].histograms.endToEnd",
                        d -> trial(d).with("histograms")
                                .put(
                                        "endToEnd",
                                        Base64.getEncoder()
                                                .encodeToString("not a histogram at all, but base64".getBytes()))),
                new Malformed(
                        "histogram whose payload length lies",
                        "cells[0].trials[0].histograms.endToEnd",
                        d -> trial(d).with("histograms").put("endToEnd", lying)),
                new Malformed(
                        "undecodable queue wait",
                        "cells[1].trials[2].histograms.queueWait",
                        d -> ((ObjectNode) d.get("cells").get(1).get("trials").get(2))
                                .with("histograms")
                                .put("queueWait", "AAAA")),
                new Malformed(
                        "no vbenchVersion",
                        "environment.vbenchVersion",
                        d -> ((ObjectNode) d.get("environment")).remove("vbenchVersion")),
                new Malformed(
                        "no hostName",
                        "environment.hostName",
                        d -> ((ObjectNode) d.get("environment")).putNull("hostName")),
                new Malformed(
                        "a NUL character",
                        "environment.hostName",
                        d -> ((ObjectNode) d.get("environment")).put("hostName", "ho\u0000st")));
    }

    private static ObjectNode trial(ObjectNode d) {
        return (ObjectNode) d.get("cells").get(0).get("trials").get(0);
    }

    /** The histogram with a header that claims a payload much longer than it has. */
    private static String lie(String encoded) {
        byte[] bytes = Base64.getDecoder().decode(encoded);
        ByteBuffer.wrap(bytes).putInt(4, Integer.MAX_VALUE - 8);
        return Base64.getEncoder().encodeToString(bytes);
    }

    @Test
    void everyMalformedResultFileIsExit2NamingTheFileAndTheFieldInEveryCommandAndFormat() throws Exception {
        Path good = Files.writeString(tmp.resolve("good.json"), ResultCodec.toJson(Fixtures.ioRun()));
        List<String> failures = new ArrayList<>();
        for (Malformed m : malformed()) {
            ObjectNode doc = (ObjectNode) ResultCodec.mapper().readTree(ResultCodec.toJson(Fixtures.ioRun()));
            m.edit().accept(doc);
            Path file = tmp.resolve(m.name().replace(' ', '-') + ".json");
            Files.writeString(file, ResultCodec.mapper().writeValueAsString(doc), StandardCharsets.UTF_8);
            List<String[]> commands = new ArrayList<>();
            for (String format : List.of("console", "markdown", "json", "csv", "html", "hgrm", "gobench")) {
                commands.add(new String[] {"report", file.toString(), "--format", format});
                commands.add(new String[] {"report", file.toString(), "--format", format, "--verbose"});
            }
            for (String format : List.of("text", "markdown", "csv", "json", "html")) {
                commands.add(
                        new String[] {"compare", good.toString(), file.toString(), "--format", format, "--verbose"});
            }
            commands.add(
                    new String[] {"history", "add", "--history", "jdbc:h2:file:" + tmp.resolve("store"), file.toString()
                    });
            if (HistoryStores.postgresUrl() != null) { // where a NUL was exit 3
                commands.add(new String[] {
                    "history", "add", "--history", HistoryStores.url(HistoryStores.POSTGRESQL, tmp), file.toString()
                });
            }
            for (String[] args : commands) {
                CliRun r = CliRun.of(args);
                String what = m.name() + ": " + String.join(" ", args) + " → " + r;
                if (r.code() == 0) {
                    continue; // the command does not need the field (merge keeps histograms as they are)
                }
                String line = r.err().strip();
                if (r.code() != 2
                        || line.lines().count() != 1
                        || line.contains("internal error")
                        || line.contains("Exception")
                        || !line.contains(file.getFileName().toString())
                        || !line.contains(m.field())) {
                    failures.add(what);
                }
            }
        }
        assertEquals(List.of(), failures);
    }

    /**
     * A result whose executors share no cell (a partial result of an interleaved run, or a file edited by hand):
     * report shows each row with — where a column has no cell, and says which rows only one column has.
     */
    @Test
    void reportOfExecutorsThatShareNoCellShowsEveryRow() throws Exception {
        ObjectNode doc = (ObjectNode) ResultCodec.mapper().readTree(ResultCodec.toJson(Fixtures.ioRun()));
        ((com.fasterxml.jackson.databind.node.ArrayNode) doc.get("cells")).remove(3);
        ((com.fasterxml.jackson.databind.node.ArrayNode) doc.get("cells"))
                .remove(2); // one parameter set, two executors
        ((ObjectNode) doc.get("cells").get(1).get("config")).put("tasks", 20000);
        Path file = Files.writeString(
                tmp.resolve("noshare.json"), ResultCodec.mapper().writeValueAsString(doc));
        for (String format : List.of("console", "markdown", "html", "json", "csv", "hgrm", "gobench")) {
            CliRun r = CliRun.of("report", file.toString(), "--format", format);
            assertEquals(0, r.code(), () -> format + ": " + r);
        }
        String console = CliRun.of("report", file.toString()).out();
        assertTrue(console.contains("only in "), console);
        assertTrue(console.contains("—"), console);
    }
}
