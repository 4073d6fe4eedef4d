package dev.vbench.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExecutorStrategiesTest {

    @Test
    void parsesSpecsWithParameters() {
        ConfiguredExecutor fixed = ExecutorStrategies.parse("fixed:threads=200");
        assertEquals("fixed:threads=200", fixed.spec());
        assertEquals(200, fixed.info().poolSize());
        assertEquals("platform", fixed.info().threadKind());
        ConfiguredExecutor bounded = ExecutorStrategies.parse("bounded-virtual:permits=10");
        assertEquals(10, bounded.info().permits());
        assertEquals("virtual", ExecutorStrategies.parse("virtual").spec());
    }

    @Test
    void badSpecsSayWhatIsValid() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> ExecutorStrategies.parse("pool"));
        assertEquals("unknown executor 'pool'; valid executors: fixed, virtual, bounded-virtual, sequential, cached, forkjoin,"
                + " platform", unknown.getMessage());
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class,
                () -> ExecutorStrategies.parse("fixed:threads=0"));
        assertEquals("parameter 'threads' of executor 'fixed': '0' is out of range; use a whole number in 1..100000",
                zero.getMessage());
        IllegalArgumentException form = assertThrows(IllegalArgumentException.class,
                () -> ExecutorStrategies.parse("fixed:200"));
        assertTrue(form.getMessage().contains("is not key=value"), form.getMessage());
    }
}
