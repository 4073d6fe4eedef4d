package dev.vbench.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaCommandTest {

    /**
     * The launcher starts vbench with its start-up cache (an AOT cache on JDK 24+, a CDS archive on
     * 21–23); a fork on JDK 21 refused to start with the JDK 25 cache flag ("Unrecognized VM option
     * 'AOTCache=…'"), so children never inherit it — nor a debugger agent — but keep every other option,
     * the launcher's options that send the JVM's log lines to stderr included (a child's output goes to a log).
     */
    @Test
    void childrenDoNotInheritTheLaunchersStartupCacheOrADebugger() {
        List<String> stderrOnly = List.of(
                "-Xlog:disable",
                "-Xlog:all=warning:stderr",
                "-Xlog:jfr+startup=error:stderr",
                "-XX:+DisplayVMOutputToStderr");
        List<String> parent = new ArrayList<>(stderrOnly);
        parent.addAll(List.of(
                "-XX:AOTCache=/x/target/startup-cache/temurin-25.aot",
                "-Xlog:aot=off:stderr",
                "-Xlog:cds=off:stderr",
                "-XX:SharedArchiveFile=/x/a.jsa",
                "-Xshare:auto",
                "-XX:-AOTClassLinking",
                "-agentlib:jdwp=transport=dt_socket,server=y",
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx2g",
                "-Dsun.java2d.renderer.useThreadLocal=false",
                "-Xlog:gc"));
        List<String> inherited = new ArrayList<>(stderrOnly);
        inherited.addAll(List.of(
                "--enable-native-access=ALL-UNNAMED",
                "-Xmx2g",
                "-Dsun.java2d.renderer.useThreadLocal=false",
                "-Xlog:gc"));
        assertEquals(inherited, JavaCommand.inheritable(parent));
    }

    /**
     * Two collectors are an error at a JVM's start ("Multiple garbage collectors selected"): vbench started
     * with {@code -XX:+UseSerialGC} (VBENCH_JAVA_OPTS) and an option set {@code g1=-XX:+UseG1GC} ran no JVM at
     * all. The option set's choice wins; without one, the inherited choice stays.
     */
    @Test
    void anOptionSetsCollectorReplacesTheInheritedOne() {
        List<String> parent = List.of("-Xmx2g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
        assertEquals(
                List.of("-Xmx2g", "-XX:TieredStopAtLevel=1", "-XX:+UseG1GC", "-Xmx1g"),
                JavaCommand.options(parent, List.of("-XX:+UseG1GC", "-Xmx1g")));
        assertEquals(
                List.of("-Xmx2g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx1g"),
                JavaCommand.options(parent, List.of("-Xmx1g")));
        assertEquals(
                List.of("-Xmx2g", "-XX:TieredStopAtLevel=1", "-XX:+UseZGC"),
                JavaCommand.options(parent, List.of("-XX:+UseZGC")));
    }
}
