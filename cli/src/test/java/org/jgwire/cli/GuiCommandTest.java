package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
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

    @Test
    void exportWritesTheSameJsonLinesAsDecode() throws Exception {
        List<Record> records = List.of(new ErrorRecord(
                new FrameInfo(7, -1, null, null, Transport.NONE), ProblemKind.GAP, -1, "bytes missing"));
        ByteArrayOutputStream viaGui = new ByteArrayOutputStream(), viaDecode = new ByteArrayOutputStream();
        GuiCommand.jsonLines().write(records, new NameTable(), viaGui);
        try (org.jgwire.output.JsonLinesWriter w = new org.jgwire.output.JsonLinesWriter(viaDecode, new NameTable())) {
            w.write(records.get(0));
        }
        assertEquals(viaDecode.toString(), viaGui.toString());
        assertTrue(viaGui.toString().contains("\"frame\":7"), viaGui.toString());
    }
}
