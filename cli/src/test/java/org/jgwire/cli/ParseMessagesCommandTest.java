package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class ParseMessagesCommandTest {
    private final CommandRun jgwire = new CommandRun();
    private final StringWriter out = jgwire.out;
    private final StringWriter err = jgwire.err;

    private int run(String... args) {
        return jgwire.run(args);
    }

    @Test
    void helpShowsParseMessagesOptionsAndExamples() {
        assertEquals(0, run("parse-messages", "--help"));
        for (String s : new String[] {
            "-file",
            "-tcp",
            "-gossip",
            "-mappings",
            "-binary-to-ascii",
            "-parse-discovery-responses",
            "-show-views",
            "-version",
            "--filter",
            "tshark"
        }) assertTrue(out.toString().contains(s), "help lacks " + s + ":\n" + out);
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
