package dev.vbench.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class JavaCommandTest {

    /**
     * The launcher starts vbench with its start-up cache (an AOT cache on JDK 24+, a CDS archive on
     * 21–23); a fork on JDK 21 refused to start with the JDK 25 cache flag ("Unrecognized VM option
     * 'AOTCache=…'"), so children never inherit it — nor a debugger agent — but keep every other option.
     */
    @Test
    void childrenDoNotInheritTheLaunchersStartupCacheOrADebugger() {
        List<String> parent = List.of("-XX:AOTCache=/x/target/startup-cache/temurin-25.aot", "-Xlog:aot=off",
                "-Xlog:cds=off", "-XX:SharedArchiveFile=/x/a.jsa", "-Xshare:auto", "-XX:-AOTClassLinking",
                "-agentlib:jdwp=transport=dt_socket,server=y", "--enable-native-access=ALL-UNNAMED", "-Xmx2g",
                "-Dsun.java2d.renderer.useThreadLocal=false", "-Xlog:gc");
        assertEquals(List.of("--enable-native-access=ALL-UNNAMED", "-Xmx2g",
                "-Dsun.java2d.renderer.useThreadLocal=false", "-Xlog:gc"), JavaCommand.inheritable(parent));
    }
}
