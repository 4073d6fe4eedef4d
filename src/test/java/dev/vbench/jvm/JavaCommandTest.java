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
}
