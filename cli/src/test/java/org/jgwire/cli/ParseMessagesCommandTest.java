package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ParseMessagesCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = JgwireCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void helpShowsParseMessagesOptionsAndExamples() {
        assertEquals(0, run("parse-messages", "--help"));
        for (String s : new String[] {"-file", "-tcp", "-gossip", "-mappings", "-binary-to-ascii",
                "-parse-discovery-responses", "-show-views", "-version", "--filter", "tshark"})
            assertTrue(out.toString().contains(s), "help lacks " + s + ":\n" + out);
        assertTrue(run("--help") == 0 && out.toString().contains("parse-messages"), out.toString());
    }

    @Test
    void instanceIsRefusedAsAUsageError() {
        assertEquals(ExitCodes.USAGE, run("parse-messages", "-instance", "com.example.MyParse", "-file", "x.hex"));
        assertTrue(err.toString().contains("-instance com.example.MyParse"), err.toString());
    }

    @Test
    void booleanOptionsTakeAValueAsInParseMessages() {
        assertEquals(ExitCodes.USAGE, run("parse-messages", "-show-views", "maybe"));
    }

    @Test
    void badFilterIsAUsageErrorWithACaretInBothCommands() {
        assertEquals(ExitCodes.USAGE, run("parse-messages", "--filter", "frame >> 3", "-file", "x.hex"));
        assertTrue(err.toString().contains("  frame >> 3\n         ^"), err.toString());
        assertEquals(ExitCodes.USAGE, run("decode", "--filter", "type == ", "x.pcap"));
        assertTrue(err.toString().contains("bad --filter: expected a value after '=='"), err.toString());
    }
}
