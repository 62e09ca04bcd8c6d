package org.jgwire.output;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.jgwire.output.parsemessages.ParseMessagesPrinter;
import org.junit.jupiter.api.Test;

/**
 * An MPING datagram's message states no version (the wire carries none): the text shows {@code ?} where the version
 * stands and the message as any other, never as FD_SOCK's signals (the other records without a version); ParseMessages
 * prints it in the layout of the jar that decoded it.
 */
class MpingLinesTest {
    private static final NodeAddress A = NodeAddress.uuid("74fd1e69-b671-43e7-8180-c3d4c751c4d6");
    private static final FrameInfo DATAGRAM = new FrameInfo(
            1, -1, new Endpoint("127.0.0.1", 35754), new Endpoint("239.255.140.175", 24682), Transport.MPING);

    private static MessageRecord request() {
        return MessageRecord.builder(DATAGRAM)
                .decodedWith("5.3.1.Final")
                .type("BYTES")
                .src(A)
                .discovery(List.of(new Discovery(A, "A", "127.0.0.1:23765", false, "discovery")))
                .range(0, 70)
                .build();
    }

    @Test
    void theTextShowsAQuestionMarkForTheVersionAndTheSenderByName() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        NameTable names = new NameTable(request().discovery());
        try (TextWriter w = new TextWriter(bytes, names, TimeFormat.TIME, () -> -1)) {
            w.write(request());
        }
        String line = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(line.startsWith("#1 mping 127.0.0.1:35754>239.255.140.175:24682 ? A -> <all> "), line);
    }

    @Test
    void parseMessagesPrintsItInItsJarsLayoutWithAQuestionMarkForTheVersion() {
        StringWriter text = new StringWriter();
        try (ParseMessagesPrinter p = new ParseMessagesPrinter(
                new PrintWriter(text), e -> {}, new NameTable(request().discovery()), false, false, true, false)) {
            p.accept(request());
        }
        assertTrue(text.toString().startsWith("1: [?] [A to <all>, 0 bytes]"), text.toString());
    }
}
