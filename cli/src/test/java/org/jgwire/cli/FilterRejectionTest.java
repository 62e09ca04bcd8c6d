package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Filters written to exhaust the parser or the regular expression engine are usage errors of one line, exit code 2,
 * on every command that takes {@code --filter}, before anything is read.
 */
class FilterRejectionTest {
    @TempDir
    Path dir;

    private String oneLineUsageError(String filter, String... commands) throws IOException {
        Path input = Files.write(dir.resolve("in.hex"), new byte[0]);
        String first = null;
        for (String command : commands) {
            CommandRun run = new CommandRun();
            // parse-messages reads standard input only
            String[] args = command.equals("parse-messages")
                    ? new String[] {command, "--filter", filter}
                    : new String[] {command, "--filter", filter, input.toString()};
            assertEquals(ExitCodes.USAGE, run.run(args), command + run.err);
            String err = run.err.toString();
            assertEquals(1, err.lines().count(), command + ": one line, got:\n" + err);
            assertTrue(err.startsWith("jgwire: bad --filter: "), command + ": " + err);
            assertFalse(err.contains("Exception") || err.contains("Error") || err.contains("Try '"), err);
            assertEquals("", run.out.toString(), command);
            if (first == null) first = err;
            else assertEquals(first, err, command + " says what decode says");
        }
        return first;
    }

    @Test
    void thousandsOfNestedParenthesesAreAOneLineUsageError() throws IOException {
        String err = oneLineUsageError(
                "(".repeat(3000) + "gms" + ")".repeat(3000), "decode", "views", "stats", "parse-messages");
        assertTrue(err.contains("nested") && err.contains("at position 256 of 6003 characters"), err);
    }

    @Test
    void thousandsOfNegationsAreAOneLineUsageError() throws IOException {
        String err = oneLineUsageError("!".repeat(5000) + "gms", "decode", "views", "stats", "parse-messages");
        assertTrue(err.contains("nested"), err);
    }

    @Test
    void aBackReferenceIsRefusedNamingWhatIsNotSupported() throws IOException {
        String err = oneLineUsageError(
                "payload.text matches \"^(a*)*\\1\\1b\" && src == \"" + "x".repeat(100) + "\"",
                "decode",
                "views",
                "stats");
        assertTrue(err.contains("back-references (\\1) are not supported") && err.contains("RE2"), err);
    }

    @Test
    void aShortBadFilterStillGetsTheCaretUnderThePlace() {
        CommandRun run = new CommandRun();
        assertEquals(ExitCodes.USAGE, run.run("decode", "--filter", "payload.text ~ \"a(?=b)\"", "x.pcap"));
        assertEquals(
                "jgwire: bad --filter: bad regular expression \"a(?=b)\": look-ahead ((?=...) is not supported: "
                        + "matches takes RE2 syntax, which runs in linear time (docs/filter.md)\n"
                        + "  payload.text ~ \"a(?=b)\"\n"
                        + "                   ^\n",
                run.err.toString());
    }
}
