package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommandLineTest {
    private final CommandRun jgwire = new CommandRun();
    private final StringWriter out = jgwire.out;
    private final StringWriter err = jgwire.err;

    private int run(String... args) {
        return jgwire.run(args);
    }

    @Test
    void helpListsTheDecodeCommand() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("decode"), out.toString());
        assertTrue(out.toString().contains("Exit codes"), out.toString());
    }

    @Test
    void decodeHelpShowsOptionsAndExamples() {
        assertEquals(0, run("decode", "--help"));
        String help = out.toString();
        for (String s :
                new String[] {"--format", "--names", "--jgroups-version", "--jgroups-jar", "--tcp", "--port", "tshark"})
            assertTrue(help.contains(s), "help lacks " + s + ":\n" + help);
    }

    /** A processor is left to the reading thread, the compiler and the collector; one thread at least. */
    @Test
    void decodeThreadsByDefaultAreOnePerProcessorButOne() {
        assertEquals(1, DecodeCommand.defaultThreads(1));
        assertEquals(1, DecodeCommand.defaultThreads(2));
        assertEquals(7, DecodeCommand.defaultThreads(8));
    }

    @Test
    void versionNamesJgwire() {
        assertEquals(0, run("--version"));
        assertTrue(out.toString().startsWith("jgwire "), out.toString());
        assertTrue(!out.toString().contains("${"), "version not filtered: " + out);
    }

    /** decode's -V is --verbose, as tshark's; its --version (empty before, as picocli's -V) names jgwire. */
    @Test
    void decodesDashCapitalVIsVerboseAndItsVersionNamesJgwire() {
        assertEquals(0, run("decode", "--help"));
        assertTrue(out.toString().contains("-V, --verbose"), out.toString());
        assertTrue(!out.toString().contains("-V, --version"), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("decode", "--version"));
        assertTrue(out.toString().startsWith("jgwire "), out.toString());
        assertEquals(ExitCodes.USAGE, run("decode", "-V", "-f", "jsonl", "x.pcap"));
        assertTrue(err.toString().contains("--verbose is a text form"), err.toString());
        assertEquals(ExitCodes.USAGE, run("decode", "-V", "--fields", "src", "x.pcap"));
    }

    @Test
    void versionListsTheBundledJGroupsVersions() {
        assertEquals(0, run("--version"));
        assertTrue(out.toString().lines().anyMatch(l -> l.startsWith("JGroups (bundled): ")), out.toString());
    }

    @Test
    void formatValuesAreAcceptedInAnyCaseOnEveryCommand() {
        for (String[] args : new String[][] {
            {"decode", "-f", "JSON"},
            {"decode", "-f", "Jsonl"},
            {"views", "-f", "JSONL"},
            {"stats", "--format", "jsonl"},
            {"stats", "-f", "Text"},
            {"verify", "-f", "jsonl"},
            {"diff", "-f", "JSONL", "a.pcap"}
        }) {
            String[] all = Arrays.copyOf(args, args.length + 1);
            all[args.length] = "no-such.pcap";
            err.getBuffer().setLength(0);
            assertEquals(ExitCodes.IO, run(all), String.join(" ", all) + ": " + err);
        }
    }

    @Test
    void completionPrintsAScriptForBashAndZsh() {
        assertEquals(0, run("completion", "bash"));
        String bash = out.toString();
        assertTrue(bash.contains("complete -F") && bash.contains("decode") && bash.contains("--format"), bash);
        out.getBuffer().setLength(0);
        assertEquals(0, run("completion", "zsh"));
        assertTrue(out.toString().contains("bashcompinit"), out.toString());
        assertEquals(ExitCodes.USAGE, run("completion", "fish"));
    }

    @Test
    void noCommandIsAUsageError() {
        assertEquals(ExitCodes.USAGE, run());
        assertTrue(err.toString().contains("command is required"), err.toString());
    }

    /** A run builds only the subcommand it names; the help, completion and a misspelt command see every one. */
    @Test
    void buildsOnlyTheSubcommandItsArgumentsName() {
        assertEquals(
                Set.of("decode"),
                JgwireCommand.commandLine("decode", "x.pcap").getSubcommands().keySet());
        Set<String> all = JgwireCommand.commandLine().getSubcommands().keySet();
        assertTrue(all.containsAll(List.of("decode", "verify", "cluster", "completion", "help")), all.toString());
        for (String first : new String[] {"help", "completion", "decod", "--help"})
            assertEquals(all, JgwireCommand.commandLine(first).getSubcommands().keySet(), first);
        assertEquals(ExitCodes.USAGE, run("decod", "x.pcap"));
        assertTrue(err.toString().contains("Did you mean: jgwire decode"), err.toString());
    }

    /** The names the command line finds subcommands by are the names picocli gives them. */
    @Test
    void subcommandNamesAreTheAnnotationsNames() {
        assertEquals(
                List.copyOf(JgwireCommand.SUBCOMMANDS.keySet()),
                List.copyOf(JgwireCommand.commandLine().getSubcommands().keySet()));
    }

    /**
     * picocli is told not to register converters for java.time and java.sql types (JgwireCommand), so no option or
     * parameter of any command may have one: it would be refused at run time.
     */
    @Test
    void noOptionHasATypeWhoseConverterIsLeftOut() {
        List<String> found = new ArrayList<>();
        Deque<picocli.CommandLine> commands = new ArrayDeque<>(List.of(JgwireCommand.commandLine()));
        while (!commands.isEmpty()) {
            picocli.CommandLine c = commands.pop();
            commands.addAll(c.getSubcommands().values());
            for (picocli.CommandLine.Model.ArgSpec arg : c.getCommandSpec().args()) {
                List<Class<?>> types = new ArrayList<>(List.of(arg.type()));
                types.addAll(List.of(arg.auxiliaryTypes()));
                for (Class<?> t : types) {
                    String name = t.getName();
                    if (name.startsWith("java.time.") || name.startsWith("java.sql."))
                        found.add(c.getCommandSpec().qualifiedName() + " " + arg.paramLabel() + ": " + name);
                }
            }
        }
        assertEquals(List.of(), found);
        assertTrue(
                JgwireCommand.commandLine().getCommandSpec().subcommands().size() > 5,
                "the walk reached the subcommands");
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertEquals(ExitCodes.USAGE, run("decode", "--no-such-option", "x.pcap"));
    }

    @Test
    void aUsageErrorPrintsTheMessageAndWhereHelpIsNotTheWholeHelp() {
        assertEquals(ExitCodes.USAGE, run("decode", "--no-such-option", "x.pcap"));
        String[] lines = err.toString().split("\n");
        assertTrue(lines[0].contains("--no-such-option"), err.toString());
        assertEquals("Try 'jgwire decode --help'", lines[lines.length - 1], err.toString());
        assertTrue(!err.toString().contains("--jgroups-jar") && out.toString().isEmpty(), err.toString());
    }

    @Test
    void countBeforeTheInputIsNotTakenForAnUnknownOption() {
        assertEquals(ExitCodes.IO, run("decode", "-c", "5", "no-such.pcapng"));
        assertTrue(err.toString().contains("no-such.pcapng") && !err.toString().contains("Unknown"), err.toString());
    }

    @Test
    void badFormatIsAUsageError() {
        assertEquals(ExitCodes.USAGE, run("decode", "--format", "xml", "x.pcap"));
    }

    @Test
    void badJGroupsVersionIsAUsageError() {
        assertEquals(ExitCodes.USAGE, run("decode", "--jgroups-version", "five", "x.pcap"));
        assertTrue(err.toString().contains("five"), err.toString());
    }

    @Test
    void missingInputIsAnIoErrorNamingTheFile(@TempDir Path dir) {
        Path missing = dir.resolve("nope.pcap");
        assertEquals(ExitCodes.IO, run("decode", missing.toString()));
        assertTrue(err.toString().contains("nope.pcap"), err.toString());
        assertTrue(!err.toString().contains("\tat "), "no stack trace without --stacktrace: " + err);
    }

    @Test
    void missingNamesFileIsAnIoError(@TempDir Path dir) throws Exception {
        Path input = Files.write(dir.resolve("in.hex"), new byte[0]);
        assertEquals(
                ExitCodes.IO, run("decode", "--names", dir.resolve("names.txt").toString(), input.toString()));
        assertTrue(err.toString().contains("names.txt"), err.toString());
    }
}
