package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code jgwire gui}'s command line; the window itself is tested in the gui module. */
class GuiCommandTest {
    private final CommandRun jgwire = new CommandRun();
    private final StringWriter out = jgwire.out;
    private final StringWriter err = jgwire.err;

    private int run(String... args) {
        return jgwire.run(args);
    }

    @Test
    void helpShowsOptionsAndExamples() {
        assertEquals(ExitCodes.OK, run("gui", "--help"));
        for (String s : new String[] {"--live", "--port", "--jgroups-version", "xvfb-run", "Exit codes"})
            assertTrue(out.toString().contains(s), "help lacks " + s + ":\n" + out);
    }

    @Test
    void aMissingCaptureIsAnInputErrorBeforeAnyWindowOpens() {
        assertEquals(ExitCodes.IO, run("gui", "no-such-capture.pcap"));
        assertTrue(err.toString().contains("no-such-capture.pcap"), err.toString());
    }

    @Test
    void aFileAndALiveInterfaceTogetherAreAUsageError() {
        assertEquals(ExitCodes.USAGE, run("gui", "--live", "lo", "x.pcap"));
        assertTrue(err.toString().contains("not both"), err.toString());
    }
}
