package dev.vbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Cli.run builds only the subcommand a command line names (start-up), and the registry is the tree. */
class LazySubcommandsTest {

    private static final PrintWriter NONE = new PrintWriter(Writer.nullWriter());

    @Test
    void everyRegisteredSubcommandIsNamedAsItsAnnotationSays() {
        for (Map.Entry<String, Supplier<Object>> e : VbenchCommand.SUBCOMMANDS.entrySet()) {
            Object command = e.getValue().get();
            assertEquals(
                    e.getKey(),
                    command.getClass().getAnnotation(CommandLine.Command.class).name());
        }
        assertEquals(
                VbenchCommand.SUBCOMMANDS.keySet(),
                Cli.commandLine(NONE, NONE).getSubcommands().keySet());
    }

    @Test
    void aNamedSubcommandIsBuiltAloneHelpAndUnknownCommandsGetTheWholeTree() {
        assertEquals(
                Set.of("compare"),
                Cli.commandLine(NONE, NONE, "compare", "a.json", "b.json")
                        .getSubcommands()
                        .keySet());
        assertEquals(
                Set.of("run"),
                Cli.commandLine(NONE, NONE, "run", "-w", "noop")
                        .getSubcommands()
                        .keySet());
        assertEquals(
                Set.of(),
                Cli.commandLine(NONE, NONE, "--version").getSubcommands().keySet());
        Set<String> all = VbenchCommand.SUBCOMMANDS.keySet();
        assertEquals(all, Cli.commandLine(NONE, NONE, "--help").getSubcommands().keySet());
        assertEquals(
                all, Cli.commandLine(NONE, NONE, "help", "run").getSubcommands().keySet());
        assertEquals(all, Cli.commandLine(NONE, NONE, "nope").getSubcommands().keySet());
        assertEquals(all, Cli.commandLine(NONE, NONE).getSubcommands().keySet());
    }

    @Test
    void ofHistoryOnlyTheNamedVerbIsBuiltItsHelpAndUnknownVerbsGetThemAll() {
        assertEquals(Set.of("check"), verbs("history", "check", "--history", "jdbc:h2:mem:x"));
        assertEquals(Set.of("add"), verbs("history", "--stacktrace", "add", "a.json"));
        Set<String> all = HistoryCommand.VERBS.keySet();
        assertEquals(all, verbs("history"));
        assertEquals(all, verbs("history", "--help"));
        assertEquals(all, verbs("history", "chek"));
        assertEquals(
                all,
                Cli.commandLine(NONE, NONE)
                        .getSubcommands()
                        .get("history")
                        .getSubcommands()
                        .keySet());
        for (Map.Entry<String, Supplier<Object>> e : HistoryCommand.VERBS.entrySet()) {
            assertEquals(
                    e.getKey(),
                    e.getValue()
                            .get()
                            .getClass()
                            .getAnnotation(CommandLine.Command.class)
                            .name());
        }
    }

    private static Set<String> verbs(String... args) {
        return Cli.commandLine(NONE, NONE, args)
                .getSubcommands()
                .get("history")
                .getSubcommands()
                .keySet();
    }
}
