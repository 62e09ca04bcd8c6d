package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command's help says what each exit code means, 2 to 4 in the same words, and the README agrees. */
class ExitCodesHelpTest {
    private static List<CommandLine> all(CommandLine cl, List<CommandLine> out) {
        out.add(cl);
        for (CommandLine sub : cl.getSubcommands().values()) if (!out.contains(sub)) all(sub, out);
        return out;
    }

    /** The help's text on one line, as picocli wraps it for a terminal of 80 columns. */
    private static String unwrapped(CommandLine c) {
        return c.getUsageMessage(CommandLine.Help.Ansi.OFF).replaceAll("\\s*\\n\\s*", " ");
    }

    @Test
    void everyCommandsHelpListsExitCodesTwoToFourAsTheReadmeDoes() {
        List<String> missing = new ArrayList<>();
        for (CommandLine c : all(JgwireCommand.commandLine(), new ArrayList<>())) {
            if (c.getCommandSpec().userObject() instanceof CommandLine.HelpCommand) continue;
            String help = unwrapped(c);
            if (!help.contains("Exit codes: 0 ") || !help.contains(ExitCodes.HELP_2_TO_4))
                missing.add(c.getCommandSpec().qualifiedName());
        }
        assertEquals(List.of(), missing, "commands whose --help does not list exit codes 0 and 2 to 4");
    }

    @Test
    void decodeHelpListsZeroToFour() {
        String help =
                unwrapped(JgwireCommand.commandLine("decode").getSubcommands().get("decode"));
        for (String code : new String[] {"0 all decoded", "1 some frames", "2 usage", "3 input/output", "4 internal"})
            assertTrue(help.contains(code), code + " in: " + help);
    }

    /** The README's sentence on exit codes gives the same meanings, 0 to 4. */
    @Test
    void theReadmeDocumentsTheSameCodes() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md")).replaceAll("\\s*\\n\\s*", " ");
        for (String code : new String[] {
            "`0` everything decoded",
            "`1` some frames could not be decoded",
            "`2` usage error",
            "`3` input/output error (a capture, keystore, key log or other file that cannot be read, used or written)",
            "`4` internal error (out of memory included"
        }) assertTrue(readme.contains(code), code);
    }
}
