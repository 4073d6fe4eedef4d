package dev.vbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The read-only opening begun on another thread while the command line is parsed: taken once, by the same store only. */
class HistoryHeadStartTest {

    @TempDir
    Path tmp;

    private HistoryUrl url;

    @BeforeEach
    void store() throws Exception {
        url = HistoryUrl.resolve(HistoryStores.url(HistoryStores.H2, tmp), Map.of(), tmp);
        HistoryStore.open(url, true).close();
        HistoryDatabase.forgetHeadStart(); // the opening above looked for one
    }

    @AfterEach
    void forget() {
        HistoryDatabase.forgetHeadStart();
    }

    @Test
    void theNextReadingOfTheSameStoreTakesTheConnectionOnce() throws Exception {
        HistoryStore.prepareReading(url);
        Connection c = HistoryDatabase.headStart(url, false);
        assertNotNull(c);
        try (c;
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
            assertTrue(rs.next());
            assertEquals(Schema.LATEST, rs.getInt(1));
        }
        assertNull(HistoryDatabase.headStart(url, false), "used once");
        HistoryStore.prepareReading(url);
        assertNull(HistoryDatabase.headStart(url, false), "one head start per process: an opening has looked for it");
    }

    @Test
    void anotherStoreOrAWriterOpensItsOwn() throws Exception {
        HistoryStore.prepareReading(url);
        HistoryUrl other = HistoryUrl.resolve(HistoryStores.url(HistoryStores.H2, tmp), Map.of(), tmp);
        assertNull(HistoryDatabase.headStart(other, false));

        HistoryDatabase.forgetHeadStart();
        HistoryStore.prepareReading(url);
        assertNull(HistoryDatabase.headStart(url, true), "a writer's settings differ (H2 compacts on close)");
        try (HistoryStore store = HistoryStore.open(url, true)) {
            assertTrue(store.series(null).isEmpty());
        }
    }

    @Test
    void nothingIsPreparedForAMissingStoreAndTheReadingStillSaysSo() throws Exception {
        HistoryUrl missing =
                HistoryUrl.resolve("jdbc:h2:file:" + tmp.resolve("none").toAbsolutePath(), Map.of(), tmp);
        HistoryStore.prepareReading(missing);
        assertFalse(Files.exists(missing.h2File()), "a reading never creates the store");
        HistoryException e = assertThrows(HistoryException.class, () -> HistoryStore.open(missing, false));
        assertTrue(e.getMessage().startsWith("no history store at "), e.getMessage());
    }

    @Test
    void aHeadStartBegunOnAnotherThreadServesTheReading() throws Exception {
        Thread t = new Thread(() -> HistoryStore.prepareReading(url), "vbench-prepare");
        t.start();
        t.join();
        Connection prepared = HistoryDatabase.headStart(url, false);
        assertNotNull(prepared, "made on the other thread");
        prepared.close();
        HistoryDatabase.forgetHeadStart();
        t = new Thread(() -> HistoryStore.prepareReading(url), "vbench-prepare");
        t.start();
        t.join();
        try (HistoryStore store = HistoryStore.open(url, false)) {
            assertTrue(store.series(null).isEmpty());
        }
        assertNull(HistoryDatabase.headStart(url, false));
    }
}
