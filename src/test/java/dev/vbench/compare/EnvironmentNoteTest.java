package dev.vbench.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The note naming the environment facts that differ (docs/statistics.md rule 11), beside JMH's file: JMH names the
 * JVM by the VM's name where vbench names the vendor, and each file records facts the other does not.
 */
class EnvironmentNoteTest {

    private static Dataset vbench(String label, String jvm, String cpus) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JVM", jvm);
        env.put("CPUs", cpus);
        env.put("heap", "5.9 GiB");
        env.put("vbench", "0.2.0");
        return new Dataset(label, label + ".json", "vbench", env, List.of(), List.of());
    }

    private static Dataset jmh(String jvm) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("JVM", jvm);
        env.put("JDK", "25.0.3");
        env.put("JVM arguments", "");
        env.put("JMH", "1.37");
        return new Dataset("jmh", "jmh.json", "jmh", env, List.of(), List.of());
    }

    @Test
    void theSameJvmBesideJmhsFileIsNoDifferenceNorAreFactsOnlyOneFileRecords() {
        assertEquals(
                List.of(),
                Notes.environment(List.of(
                        jmh("OpenJDK 64-Bit Server VM 25.0.3+9-LTS"),
                        vbench("log64", "Eclipse Adoptium 25.0.3+9-LTS", "2"))));
    }

    @Test
    void anotherVersionBesideJmhsFileAndAnyDifferenceBetweenVbenchFilesAreNamed() {
        assertEquals(
                List.of("environments differ, so differences may not be caused by the change alone: JVM OpenJDK"
                        + " 64-Bit Server VM 21.0.5+11-LTS (jmh) vs Eclipse Adoptium 25.0.3+9-LTS (log64)"),
                Notes.environment(List.of(
                        jmh("OpenJDK 64-Bit Server VM 21.0.5+11-LTS"),
                        vbench("log64", "Eclipse Adoptium 25.0.3+9-LTS", "2"))));
        assertEquals(
                List.of("environments differ, so differences may not be caused by the change alone: JVM Eclipse"
                        + " Adoptium 25.0.3+9-LTS (a) vs Azul Zulu 25.0.3+9-LTS (b); CPUs 2 (a) vs 4 (b)"),
                Notes.environment(List.of(
                        vbench("a", "Eclipse Adoptium 25.0.3+9-LTS", "2"),
                        vbench("b", "Azul Zulu 25.0.3+9-LTS", "4"))));
    }
}
