package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/**
 * FD_SOCK's signals name the members of their announced server sockets, but are no message between members: the
 * viewer shows who they concern, never a multicast, and draws no arrow for them.
 */
class RowTextSignalsTest {
    private static final NodeAddress A = NodeAddress.uuid("00000000-0000-0001-0000-000000000001");
    private static final NodeAddress C = NodeAddress.uuid("00000000-0000-0003-0000-000000000003");
    private static final FrameInfo SERVER_TO_PINGER =
            new FrameInfo(98, 0, new Endpoint("127.0.0.1", 31052), new Endpoint("127.0.0.1", 54285), Transport.FD_SOCK);
    private static final FrameInfo PINGER_TO_SERVER = new FrameInfo(
            109, 0, new Endpoint("127.0.0.1", 46811), new Endpoint("127.0.0.1", 22955), Transport.FD_SOCK);

    @Test
    void aSignalNamesItsMembersAndAnUnknownEndIsNoMulticast() {
        MessageRecord leaves = MessageRecord.signal(SERVER_TO_PINGER, "NORMAL_TERMINATION", C, null, 1);
        MessageRecord stops = MessageRecord.signal(PINGER_TO_SERVER, "NORMAL_TERMINATION", null, A, 1);
        MessageRecord crash = MessageRecord.signal(SERVER_TO_PINGER, MessageRecord.ABNORMAL_TERMINATION, C, 0);
        assertEquals(C.id() + " \u2192 ?", RowText.logical(leaves, null));
        assertEquals("? \u2192 " + A.id(), RowText.logical(stops, null));
        assertEquals(C.id() + " (FD_SOCK server socket closed)", RowText.logical(crash, null));
        for (MessageRecord signal : List.of(leaves, stops, crash))
            assertFalse(RowText.drawnAsArrow(signal), signal.type() + " drawn as an arrow");
    }

    @Test
    void aMessageOfAKnownSenderIsDrawnAsAnArrow() {
        FrameInfo udp =
                new FrameInfo(1, 0, new Endpoint("127.0.0.1", 7800), new Endpoint("228.8.8.8", 45588), Transport.UDP);
        MessageRecord m = MessageRecord.builder(udp)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("EMPTY")
                .src(A)
                .multicast(true)
                .cluster("c")
                .range(0, 10)
                .build();
        assertTrue(RowText.drawnAsArrow(m));
        assertEquals(A.id() + " \u2192 <all>", RowText.logical(m, null));
    }
}
