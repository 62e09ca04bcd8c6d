package org.jgwire.codec.network.tcp;

import static org.jgwire.codec.framing.WireFixtures.*;
import static org.jgwire.codec.network.tcp.TcpFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.RecordingSink;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.StreamEndRecord.How;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.TcpSegment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every direction of a connection says once how it ended, with the packet that ended it. */
class TcpStreamEndTest {
    static final long CLIENT_ISN = 1_000_000, SERVER_ISN = 3_000_000_000L;

    private final RecordingSink sink = new RecordingSink();
    private TcpReassembler tcp = new TcpReassembler(Limits.DEFAULTS, sink);
    private byte[] clientStream, serverStream;
    private long packet;

    @BeforeEach
    void streams() throws Exception {
        clientStream = concat(handshake(new IpAddress("127.0.0.1", 7801)), prefixed(single(300, 1), single(40, 2)));
        serverStream = prefixed(single(200, 3));
    }

    /** Feeds {@code s} as the next packet, whose time is its number in microseconds; returns that number. */
    private long feed(TcpSegment s) {
        tcp.segment(s, ++packet, packet * 1000);
        return packet;
    }

    private void open() {
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        feed(syn(SERVER, CLIENT, SERVER_ISN));
        feed(data(CLIENT, SERVER, CLIENT_ISN, clientStream, 0, clientStream.length));
        feed(data(SERVER, CLIENT, SERVER_ISN, serverStream, 0, serverStream.length));
    }

    private static void assertEnd(StreamEndRecord end, Endpoint src, Endpoint dst, How how, long packet) {
        assertEquals(how, end.how(), end::toString);
        assertEquals(packet, end.frame().packet(), end::toString);
        assertEquals(packet * 1000, end.frame().tsNanos(), end::toString);
        assertEquals(src, end.frame().src());
        assertEquals(dst, end.frame().dst());
        assertEquals(Transport.TCP, end.frame().transport());
        assertEquals("stream-end", end.kind());
    }

    @Test
    void eachFinEndsItsDirectionAtItsPacket() {
        open();
        long clientFin = feed(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length));
        feed(data(SERVER, CLIENT, SERVER_ISN, serverStream, 0, 10)); // a retransmission: the server is still open
        long serverFin = feed(fin(SERVER, CLIENT, SERVER_ISN, serverStream.length));
        assertEquals(2, sink.ends.size(), sink.ends::toString);
        assertEnd(sink.ends.get(0), CLIENT, SERVER, How.FIN, clientFin);
        assertEnd(sink.ends.get(1), SERVER, CLIENT, How.FIN, serverFin);
        feed(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length)); // a retransmitted FIN ends nothing again
        tcp.finish(++packet, -1);
        assertEquals(2, sink.ends.size(), sink.ends::toString);
        assertEquals(List.of(), sink.problems);
    }

    @Test
    void aFinAheadOfAHoleEndsTheStreamWhenTheHoleFillsWithTheFinsPacket() {
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        long fin = feed(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length)); // overtook the data
        assertEquals(List.of(), sink.ends);
        feed(data(CLIENT, SERVER, CLIENT_ISN, clientStream, 0, clientStream.length));
        assertEquals(1, sink.ends.size(), sink.ends::toString);
        assertEnd(sink.ends.get(0), CLIENT, SERVER, How.FIN, fin);
        assertEquals(2, sink.frames.size(), "both frames before the end");
    }

    @Test
    void aResetEndsBothDirectionsAtItsPacket() {
        open();
        long rst = feed(rst(SERVER, CLIENT, SERVER_ISN + 1 + serverStream.length));
        assertEquals(2, sink.ends.size(), sink.ends::toString);
        assertEnd(sink.ends.get(0), SERVER, CLIENT, How.RST, rst);
        assertEnd(sink.ends.get(1), CLIENT, SERVER, How.RST, rst);
        tcp.finish(++packet, -1);
        assertEquals(2, sink.ends.size());
    }

    @Test
    void aResetOutsideTheWindowEndsNothing() {
        open();
        feed(rst(SERVER, CLIENT, SERVER_ISN + (1L << 31)));
        assertEquals(List.of(), sink.ends);
    }

    @Test
    void streamsOpenWhenTheCaptureEndsEndWithItsLastPacket() {
        open();
        long last =
                feed(new TcpSegment(CLIENT, SERVER, CLIENT_ISN + 1 + clientStream.length, TcpSegment.ACK, null, 0, 0));
        tcp.finish(last, last * 1000);
        assertEquals(2, sink.ends.size(), sink.ends::toString);
        for (StreamEndRecord end : sink.ends) assertEquals(How.CAPTURE_END, end.how());
        assertEnd(
                sink.ends.stream()
                        .filter(e -> e.frame().src().equals(CLIENT))
                        .findFirst()
                        .orElseThrow(),
                CLIENT,
                SERVER,
                How.CAPTURE_END,
                last);
        assertEquals(List.of(), sink.problems, "both ended between frames");
    }

    @Test
    void aNewSynOnOpenAddressesEndsTheOldStream() {
        open();
        long syn = feed(syn(CLIENT, SERVER, 77));
        assertEquals(1, sink.ends.size(), sink.ends::toString);
        assertEnd(sink.ends.get(0), CLIENT, SERVER, How.NEW_SYN, syn);
    }

    @Test
    void anEvictedStreamEndsAtThePacketThatPushedItOut() {
        tcp = new TcpReassembler(Limits.builder().maxOpenStreams(1).build(), sink);
        Endpoint other = new Endpoint("127.0.0.1", 45000);
        feed(data(CLIENT, SERVER, CLIENT_ISN, clientStream, 0, 100));
        long pushed = feed(data(other, SERVER, CLIENT_ISN, clientStream, 0, 100));
        assertEquals(1, sink.ends.size(), sink.ends::toString);
        assertEnd(sink.ends.get(0), CLIENT, SERVER, How.EVICTED, pushed);
    }
}
