package org.jgwire.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.output.parsemessages.ParseMessagesPrinter;
import org.junit.jupiter.api.Test;

/**
 * FD_SOCK's signal records in the text output (the byte as its name, the close naming the member it stands for), and
 * their absence from the ParseMessages output.
 */
class FdSockSignalLinesTest {
    private static final NodeAddress C = NodeAddress.uuid("8b4f7ede-1c8e-43a2-ab91-c293e1bb887a");
    private static final Endpoint SERVER = new Endpoint("127.0.0.1", 31874), PINGER = new Endpoint("127.0.0.1", 40110);

    private static String text(NameTable names, Record... records) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (TextWriter w = new TextWriter(bytes, names, TimeFormat.TIME, () -> -1)) {
            for (Record r : records) w.write(r);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static FrameInfo at(long packet) {
        return new FrameInfo(packet, -1, SERVER, PINGER, Transport.FD_SOCK);
    }

    @Test
    void theCloseNamesTheMemberWhoseServerSocketClosedAndWhatItsPingerDoes() throws Exception {
        NameTable names = new NameTable(List.of(new Discovery(C, "C", null, false, "discovery")));
        assertEquals(
                "#67 fd_sock 127.0.0.1:31874>127.0.0.1:40110 NORMAL_TERMINATION\n"
                        + "#70 fd_sock 127.0.0.1:31874>127.0.0.1:40110 ABNORMAL_TERMINATION of C: connection to its"
                        + " FD_SOCK server socket closed without a signal, its pinger will suspect C\n",
                text(
                        names,
                        MessageRecord.signal(at(67), "NORMAL_TERMINATION"),
                        MessageRecord.signal(at(70), MessageRecord.ABNORMAL_TERMINATION, C, 0)));
    }

    @Test
    void aMemberWithoutANameIsShownByItsAddress() throws Exception {
        assertEquals(
                "#70 fd_sock 127.0.0.1:31874>127.0.0.1:40110 ABNORMAL_TERMINATION of " + C.id() + ": connection to"
                        + " its FD_SOCK server socket closed without a signal, its pinger will suspect " + C.id()
                        + "\n",
                text(new NameTable(), MessageRecord.signal(at(70), MessageRecord.ABNORMAL_TERMINATION, C, 0)));
    }

    @Test
    void parseMessagesPrintsNoSignalsAsParseMessagesReadsFramesOnly() {
        StringWriter text = new StringWriter();
        try (ParseMessagesPrinter p =
                new ParseMessagesPrinter(new PrintWriter(text), e -> {}, new NameTable(), false, false, false, false)) {
            p.accept(MessageRecord.signal(at(67), "NORMAL_TERMINATION"));
            p.accept(MessageRecord.signal(at(70), MessageRecord.ABNORMAL_TERMINATION, C, 0));
        }
        assertEquals("", text.toString());
    }
}
