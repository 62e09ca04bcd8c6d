package org.jgwire.adapter.jg5;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.relay.RELAY2;
import org.jgroups.protocols.relay.SiteMaster;
import org.jgroups.protocols.relay.SiteUUID;
import org.jgroups.util.UUID;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.stack.StackStep;
import org.junit.jupiter.api.Test;

/** The RELAY2 receive step on frames written by the real 5.0.4 classes ({@code RELAY2.Relay2Header}). */
class Jg5RelayStepTest {
    private static final short RELAY2_ID = ClassConfigurator.getProtocolId(RELAY2.class);
    // Relay2Header.DATA / SITES_UP
    private static final byte DATA = 1, SITES_UP = 4;
    private static final UUID FORWARDER = new UUID(3, 4);

    private final List<Record> out = new ArrayList<>();

    /** The one message of a frame with that RELAY2 header, through the stack step. */
    private MessageRecord decode(RELAY2.Relay2Header relay) throws Exception {
        Message msg = new BytesMessage(null, "chat A#1 to all".getBytes(StandardCharsets.US_ASCII))
                .setSrc(FORWARDER)
                .putHeader(RELAY2_ID, relay)
                .putHeader(Frames.TP_ID, new TpHeader("global"));
        byte[] frame = Frames.single(msg, true);
        Jg5WireAdapter adapter = Frames.adapter();
        StackStep step = new StackStep(
                Limits.DEFAULTS,
                (version, type, buf, off, len, f) -> adapter.decodeMessage(type, buf, off, len, f),
                out::add);
        for (Record r : adapter.decode(FrameKind.TRANSPORT, frame, 0, frame.length, Frames.FRAME))
            step.accept(r, frame, 0);
        assertEquals(1, out.size(), out.toString());
        return (MessageRecord) out.get(0);
    }

    @Test
    void namesTheOriginalSenderAndItsSiteOfARelayedMessage() throws Exception {
        Address a = new SiteUUID(new UUID(7, 9), "A", "lon");
        MessageRecord m = decode(new RELAY2.Relay2Header(DATA, null, a));
        assertEquals(List.of("RELAY2 relayed for A of site lon"), m.transformed());
        assertEquals("chat A#1 to all", m.payload().text());
        assertEquals(FORWARDER.toStringLong(), m.src().id()); // the wire form stays: sent by the forwarder
    }

    @Test
    void addsNothingToRelaysOwnMessages() throws Exception {
        MessageRecord m = decode(new RELAY2.Relay2Header(SITES_UP, null, null).setSites("nyc"));
        assertEquals(List.of(), m.transformed());
    }

    @Test
    void addsNothingWhenTheSenderHasNoSite() throws Exception {
        assertEquals(
                List.of(),
                decode(new RELAY2.Relay2Header(DATA, new SiteMaster("nyc"), new UUID(7, 9)))
                        .transformed());
    }
}
