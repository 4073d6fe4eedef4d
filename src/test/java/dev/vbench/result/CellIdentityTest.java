package dev.vbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The one definition of what identifies a cell, shared by compare's matching and the history's series. */
class CellIdentityTest {

    private static final ExecutorInfo FIXED =
            new ExecutorInfo("fixed:threads=2", "fixed", Map.of("threads", "2"), "platform", 2, null, null);

    @Test
    void everyFieldWithAValueInJsonOrderTheExecutorByItsSpec() {
        CellConfig closed = CellConfig.closed("io", Map.of("duration", "5ms"), FIXED, 1000, 0);
        assertEquals(
                List.of(
                        "workload=io",
                        "params={\"duration\":\"5ms\"}",
                        "executor=fixed:threads=2",
                        "tasks=1000",
                        "concurrency=0"),
                texts(closed));
        CellConfig timed = CellConfig.timed("noop", Map.of(), FIXED, 8, 200_000_000L)
                .withJvm("j25")
                .withBatch(4, 0);
        assertEquals(
                List.of(
                        "workload=noop",
                        "params={}",
                        "executor=fixed:threads=2",
                        "tasks=0",
                        "concurrency=8",
                        "durationNanos=200000000",
                        "jvm=j25",
                        "batch=4"),
                texts(timed));
    }

    private static List<String> texts(CellConfig config) {
        return CellIdentity.fields(config).stream()
                .map(f -> f.name() + "=" + f.text())
                .toList();
    }
}
