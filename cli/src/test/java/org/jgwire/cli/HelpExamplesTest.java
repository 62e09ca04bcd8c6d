package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.cli.analysis.ReportFormat;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class HelpExamplesTest {
    @Test
    void noExampleOfAnyCommandWrapsAtTheDefaultWidth() {
        List<String> wrapped = new ArrayList<>();
        collect(JgwireCommand.commandLine(), wrapped);
        assertEquals(List.of(), wrapped, "examples wider than picocli's default width (80) wrap mid-command");
    }

    @Test
    void everyCommandsHelpRendersWithinTheDefaultWidth() {
        List<String> wide = new ArrayList<>();
        for (CommandLine c : all(JgwireCommand.commandLine(), new ArrayList<>())) {
            for (String line : c.getUsageMessage().split("\n"))
                if (line.length() > 80) wide.add(c.getCommandSpec().qualifiedName() + ": " + line);
        }
        assertEquals(List.of(), wide);
    }

    @Test
    void everyCommandWithAFormatTakesTextJsonlAndJsonInAnyCase() {
        int seen = 0;
        for (CommandLine c : all(JgwireCommand.commandLine(), new ArrayList<>())) {
            CommandLine.Model.OptionSpec f = c.getCommandSpec().findOption("--format");
            if (f == null) continue;
            seen++;
            String command = c.getCommandSpec().qualifiedName();
            if (f.type() == DecodeFormat.class || f.type() == ReportFormat.class) { // the same values, and parquet
                List<String> names = new ArrayList<>();
                for (Object d : f.type().getEnumConstants()) names.add(((Enum<?>) d).name());
                for (OutputFormat o : OutputFormat.values()) assertTrue(names.contains(o.name()), command + o);
                assertTrue(names.contains("parquet"), command);
                assertTrue(f.description()[0].contains("parquet"), command + " --help names parquet");
            } else assertEquals(OutputFormat.class, f.type(), command);
            for (String v : new String[] {"text", "jsonl", "json"})
                assertTrue(f.description()[0].contains(v), c.getCommandSpec().qualifiedName() + " --help names " + v);
        }
        assertTrue(seen >= 6, "decode, views, stats, cluster, verify, diff: " + seen);
    }

    /** Examples are the indented lines of a footer; its prose may wrap. */
    private static void collect(CommandLine cl, List<String> wrapped) {
        int width = cl.getCommandSpec().usageMessage().width();
        for (String line : cl.getCommandSpec().usageMessage().footer())
            if (line.startsWith("  ") && line.length() > width)
                wrapped.add(cl.getCommandSpec().qualifiedName() + ": " + line);
        for (CommandLine sub : cl.getSubcommands().values()) collect(sub, wrapped);
    }

    private static List<CommandLine> all(CommandLine cl, List<CommandLine> out) {
        out.add(cl);
        for (CommandLine sub : cl.getSubcommands().values()) if (!out.contains(sub)) all(sub, out);
        return out;
    }
}
