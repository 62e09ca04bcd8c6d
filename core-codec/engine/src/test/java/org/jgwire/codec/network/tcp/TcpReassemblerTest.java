package org.jgwire.codec.network.tcp;

import static org.jgwire.codec.framing.WireFixtures.*;
import static org.jgwire.codec.network.tcp.TcpFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.RecordingSink;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.network.TcpSegment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A TCP connection between a client and a JGroups TCP server, reassembled per direction. */
class TcpReassemblerTest {
    static final long CLIENT_ISN = 1_000_000, SERVER_ISN = 3_000_000_000L;

    private final RecordingSink sink = new RecordingSink();
    private TcpReassembler tcp = new TcpReassembler(Limits.DEFAULTS, sink);
    private List<byte[]> clientFrames, serverFrames;
    private byte[] hello, clientStream, serverStream;
    private long packet;

    @BeforeEach
    void streams() throws Exception {
        clientFrames = List.of(single(300, 1), list(6, 2), single(5, 3), single(2500, 4), single(40, 5));
        serverFrames = List.of(list(2, 6), single(1200, 7), single(0, 8));
        hello = handshake(new IpAddress("127.0.0.1", 7801));
        clientStream = concat(hello, prefixed(clientFrames.toArray(byte[][]::new)));
        serverStream = prefixed(serverFrames.toArray(byte[][]::new));
    }

    private void feed(TcpSegment s) {
        tcp.segment(s, ++packet, packet * 1000);
    }

    private void feed(List<TcpSegment> segments) {
        segments.forEach(this::feed);
    }

    private List<byte[]> framesFrom(Endpoint src) {
        List<byte[]> out = new ArrayList<>();
        for (RecordingSink.Frame f : sink.frames) if (f.info().src().equals(src)) out.add(f.bytes());
        return out;
    }

    private static void assertSameFrames(List<byte[]> expected, List<byte[]> actual) {
        assertEquals(expected.size(), actual.size(), "frame count");
        for (int i = 0; i < expected.size(); i++)
            assertTrue(Arrays.equals(expected.get(i), actual.get(i)), "frame " + i + " differs");
    }

    /** Nothing held once the capture is finished, and every frame byte seen exactly once. */
    private void assertNothingLeft() {
        tcp.finish(++packet, -1);
        assertEquals(0, tcp.openStreams());
        assertEquals(0, tcp.bufferedBytes());
    }

    private void assertWholeConnection() {
        assertSameFrames(clientFrames, framesFrom(CLIENT));
        assertSameFrames(serverFrames, framesFrom(SERVER));
        long framed = sink.framedBytes() + hello.length;
        assertEquals(clientStream.length + serverStream.length, framed, "every stream byte in exactly one frame");
    }

    private List<TcpSegment> wholeConnection(int mss) {
        List<TcpSegment> all = new ArrayList<>();
        all.add(syn(CLIENT, SERVER, CLIENT_ISN));
        all.add(syn(SERVER, CLIENT, SERVER_ISN));
        List<TcpSegment> c = segments(CLIENT, SERVER, CLIENT_ISN, clientStream, mss);
        List<TcpSegment> s = segments(SERVER, CLIENT, SERVER_ISN, serverStream, mss);
        for (int i = 0; i < Math.max(c.size(), s.size()); i++) { // both directions interleaved
            if (i < c.size()) all.add(c.get(i));
            if (i < s.size()) all.add(s.get(i));
        }
        all.add(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length));
        all.add(fin(SERVER, CLIENT, SERVER_ISN, serverStream.length));
        return all;
    }

    @Test
    void reassemblesBothDirectionsOfAConnection() {
        feed(wholeConnection(100));
        assertEquals(0, tcp.openStreams(), "both FINs close their direction");
        assertWholeConnection();
        assertEquals(List.of(), sink.problems);
        for (RecordingSink.Frame f : sink.frames) assertEquals(FrameKind.TRANSPORT, f.kind());
        assertNothingLeft();
    }

    @Test
    void reassemblesWhateverTheSegmentSize() {
        for (int mss : new int[] {1, 3, 7, 536, 1460, 65535}) {
            sink.frames.clear();
            tcp = new TcpReassembler(Limits.DEFAULTS, sink);
            feed(wholeConnection(mss));
            assertWholeConnection();
            assertEquals(List.of(), sink.problems, "mss " + mss);
            assertNothingLeft();
        }
    }

    @Test
    void reassemblesSegmentsArrivingOutOfOrder() {
        List<TcpSegment> all = wholeConnection(64);
        List<TcpSegment> middle = new ArrayList<>(all.subList(2, all.size()));
        Collections.shuffle(middle, new Random(42));
        feed(all.subList(0, 2));
        feed(middle);
        feed(new TcpSegment(CLIENT, SERVER, 5, TcpSegment.ACK, null, 0, 0)); // a pure ACK without a payload array
        assertWholeConnection();
        assertEquals(List.of(), sink.problems);
        assertNothingLeft();
    }

    @Test
    void dropsRetransmissionsAndTrimsOverlaps() {
        Random rnd = new Random(7);
        List<TcpSegment> all = new ArrayList<>();
        all.add(syn(CLIENT, SERVER, CLIENT_ISN));
        for (int from = 0; from < clientStream.length; ) {
            int to = Math.min(clientStream.length, from + 1 + rnd.nextInt(200));
            all.add(data(CLIENT, SERVER, CLIENT_ISN, clientStream, from, to));
            if (rnd.nextInt(3) == 0) all.add(data(CLIENT, SERVER, CLIENT_ISN, clientStream, from, to)); // retransmitted
            int back = Math.min(from, rnd.nextInt(50));
            all.add(data(CLIENT, SERVER, CLIENT_ISN, clientStream, from - back, to)); // repacketised, overlapping
            from = to;
        }
        List<TcpSegment> tail = new ArrayList<>(all.subList(1, all.size()));
        Collections.shuffle(tail, new Random(3)); // overlaps both behind and ahead of the next byte
        feed(all.get(0));
        feed(tail);
        feed(syn(CLIENT, SERVER, CLIENT_ISN)); // a retransmitted SYN changes nothing
        feed(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length));
        assertSameFrames(clientFrames, framesFrom(CLIENT));
        assertEquals(List.of(), sink.problems);
        assertTrue(tcp.duplicateBytes() > 0);
        long sent = 0;
        for (TcpSegment s : tail) sent += s.length();
        assertEquals(sent, clientStream.length + tcp.duplicateBytes(), "each byte delivered once, the rest dropped");
        assertNothingLeft();
    }

    @Test
    void declaresAGapWhenAHoleOutlastsTheBuffer() {
        tcp = new TcpReassembler(
                Limits.builder()
                        .maxOpenStreams(16)
                        .maxStreamBuffer(1000)
                        .maxIpFragmentSets(16)
                        .build(),
                sink);
        List<TcpSegment> c = segments(CLIENT, SERVER, CLIENT_ISN, clientStream, 100);
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        int lost = lostSegment(); // inside frame 3
        for (int i = 0; i < c.size(); i++) if (i != lost) feed(c.get(i));
        RecordingSink.Problem gap = sink.problems.get(0);
        assertEquals(ProblemKind.GAP, gap.kind());
        assertEquals(lost * 100L, gap.offset());
        assertTrue(gap.info().packet() < c.size(), "declared once the buffer overflowed, before the end");
        feed(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length));
        assertSameFrames(allBut3(), framesFrom(CLIENT));
        assertEquals(1, sink.problems.size(), "the hole lies inside one frame: the next is found without search");
        assertNothingLeft();
    }

    @Test
    void declaresAGapOnceThePeersAckPassesItAndKeepsEachFramesOwnPacket() {
        List<TcpSegment> c = segments(CLIENT, SERVER, CLIENT_ISN, clientStream, 100);
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        int lost = lostSegment();
        for (int i = 0; i < c.size(); i++) if (i != lost) feed(c.get(i));
        assertEquals(List.of(), sink.problems, "the hole may still fill");
        long sentAt = packet; // every client segment but the lost one is in
        long ack = CLIENT_ISN + 1 + (lost + 1) * 100L; // the server acknowledges past the hole
        feed(new TcpSegment(SERVER, CLIENT, SERVER_ISN + 1, TcpSegment.ACK, new byte[0], 0, 0, ack));
        assertEquals(1, sink.problems.size(), sink.problems::toString);
        assertEquals(ProblemKind.GAP, sink.problems.get(0).kind());
        assertSameFrames(allBut3(), framesFrom(CLIENT));
        RecordingSink.Frame last = sink.frames.get(sink.frames.size() - 1);
        assertEquals(sentAt, last.info().packet(), "the last frame keeps the packet that carried it");
        assertEquals(sentAt * 1000, last.info().tsNanos());
        assertNothingLeft();
    }

    @Test
    void declaresAGapWhenAHoleOutlastsTheHoldTime() {
        List<TcpSegment> c = segments(CLIENT, SERVER, CLIENT_ISN, clientStream, 100);
        tcp.segment(syn(CLIENT, SERVER, CLIENT_ISN), 1, 0);
        int lost = lostSegment();
        for (int i = 0; i < c.size(); i++) if (i != lost) tcp.segment(c.get(i), i + 2, 1_000_000L * i);
        assertEquals(List.of(), sink.problems, "within the hold time");
        long late = 1_000_000L * (c.size() + Limits.DEFAULTS.maxStreamHoldMillis());
        tcp.segment(data(SERVER, CLIENT, SERVER_ISN, serverStream, 0, 0), c.size() + 2, late); // time passes
        tcp.segment(new TcpSegment(CLIENT, SERVER, CLIENT_ISN, TcpSegment.ACK, new byte[0], 0, 0), c.size() + 3, late);
        assertEquals(1, sink.problems.size(), sink.problems::toString);
        assertSameFrames(allBut3(), framesFrom(CLIENT));
    }

    /** The 100-byte segment that lies inside frame 3 (2.5 KB). */
    private int lostSegment() {
        int start3 = hello.length;
        for (int i = 0; i < 3; i++) start3 += 4 + clientFrames.get(i).length;
        return (start3 + 300) / 100;
    }

    private List<byte[]> allBut3() {
        return List.of(clientFrames.get(0), clientFrames.get(1), clientFrames.get(2), clientFrames.get(4));
    }

    @Test
    void reportsAHoleStillOpenAtTheEndAndFramesWhatFollowsIt() {
        List<TcpSegment> c = segments(CLIENT, SERVER, CLIENT_ISN, clientStream, 100);
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        for (int i = 0; i < c.size(); i++) if (i != lostSegment()) feed(c.get(i));
        feed(new TcpSegment(CLIENT, SERVER, CLIENT_ISN + 1 + clientStream.length, TcpSegment.FIN, null, 0, 0));
        assertEquals(List.of(), sink.problems, "the hole may still fill");
        assertSameFrames(clientFrames.subList(0, 3), framesFrom(CLIENT));
        assertTrue(tcp.bufferedBytes() > 0);
        tcp.finish(++packet, -1);
        assertEquals(ProblemKind.GAP, sink.problems.get(0).kind());
        assertEquals(1, sink.problems.size());
        assertSameFrames(allBut3(), framesFrom(CLIENT));
        assertNothingLeft();
    }

    @Test
    void joinsAConnectionCapturedMidStream() {
        int from = hello.length + 4 + clientFrames.get(0).length + 17; // inside the second frame
        List<TcpSegment> c = new ArrayList<>();
        for (int f = from; f < clientStream.length; f += 200)
            c.add(data(CLIENT, SERVER, CLIENT_ISN, clientStream, f, Math.min(clientStream.length, f + 200)));
        feed(c);
        feed(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length));
        assertSameFrames(clientFrames.subList(2, clientFrames.size()), framesFrom(CLIENT));
        assertEquals(1, sink.problems.size());
        assertEquals(ProblemKind.GAP, sink.problems.get(0).kind());
        assertTrue(
                sink.problems.get(0).message().startsWith("stream joined mid-way"),
                sink.problems.get(0).message());
        assertNothingLeft();
    }

    @Test
    void followsSequenceNumbersAcrossTheWrapAround() {
        long isn = 0xFFFF_FFFFL - 700; // the client stream crosses 2^32 in its third segment
        List<TcpSegment> c = segments(CLIENT, SERVER, isn, clientStream, 300);
        assertTrue(c.get(3).seq() < c.get(2).seq(), "the fixture really wraps");
        feed(syn(CLIENT, SERVER, isn));
        feed(c.get(0));
        feed(c.get(3)); // ahead of the hole, past the wrap
        feed(c.get(2));
        feed(c.get(1));
        feed(c.get(2)); // retransmitted after the wrap
        feed(c.subList(4, c.size()));
        feed(fin(CLIENT, SERVER, isn, clientStream.length));
        assertSameFrames(clientFrames, framesFrom(CLIENT));
        assertEquals(List.of(), sink.problems);
        assertNothingLeft();
    }

    @Test
    void evictsTheLeastRecentlyUsedStreamBeyondTheLimit() {
        tcp = new TcpReassembler(
                Limits.builder().maxOpenStreams(2).maxIpFragmentSets(16).build(), sink);
        Endpoint[] clients = {
            new Endpoint("10.0.0.1", 1001), new Endpoint("10.0.0.2", 1002), new Endpoint("10.0.0.3", 1003)
        };
        int half = hello.length + 4 + clientFrames.get(0).length + 10; // first frame whole, second cut
        for (Endpoint c : clients) {
            feed(syn(c, SERVER, CLIENT_ISN));
            feed(data(c, SERVER, CLIENT_ISN, clientStream, 0, half));
            if (c != clients[0]) feed(data(clients[1], SERVER, CLIENT_ISN, clientStream, 0, 1)); // keeps #2 in use
        }
        assertEquals(1, tcp.evictedStreams());
        assertEquals(2, tcp.openStreams());
        RecordingSink.Problem limit = sink.problems.get(0);
        assertEquals(ProblemKind.LIMIT, limit.kind());
        assertTrue(
                limit.message().contains("maximum (2)") && limit.message().contains("10.0.0.1:1001 -> "),
                limit.message());
        assertEquals(ProblemKind.TRUNCATED, sink.problems.get(1).kind(), "the evicted stream's open frame");
        assertEquals(clients[0], sink.problems.get(1).info().src());
        for (Endpoint c : clients) assertSameFrames(clientFrames.subList(0, 1), framesFrom(c));
        assertNothingLeft();
    }

    @Test
    void resetEndsBothDirections() {
        List<TcpSegment> all = wholeConnection(100);
        feed(all.subList(0, 12));
        int serverSent = 0; // the RST carries the server's next sequence number, as a stack sends it
        for (TcpSegment s : all.subList(0, 12)) if (s.src().equals(SERVER)) serverSent += s.length();
        feed(rst(SERVER, CLIENT, SERVER_ISN + 1 + serverSent));
        assertEquals(0, tcp.openStreams());
        assertEquals(0, tcp.bufferedBytes());
        int before = sink.frames.size();
        feed(all.subList(2, 12)); // late retransmissions of the dead connection are dropped
        assertEquals(before, sink.frames.size());
        assertTrue(sink.problems.stream().allMatch(p -> p.kind() == ProblemKind.TRUNCATED));
        assertTrue(
                sink.problems.stream().allMatch(p -> p.message().contains("connection reset by packet 13")),
                sink.problems::toString);
        assertNothingLeft();
    }

    @Test
    void resetOutsideTheWindowIsIgnored() {
        List<TcpSegment> all = wholeConnection(100);
        feed(all.subList(0, 12));
        feed(rst(SERVER, CLIENT, SERVER_ISN + 1)); // behind what the server already sent
        feed(rst(CLIENT, SERVER, CLIENT_ISN + (1L << 31))); // far ahead of the client's stream
        assertEquals(2, tcp.ignoredResets());
        feed(all.subList(12, all.size()));
        assertWholeConnection();
        assertEquals(List.of(), sink.problems);
        assertNothingLeft();
    }

    /** The connection with one frame per segment (the handshake with the first), as JGroups sends them. */
    private List<TcpSegment> framePerSegment() {
        List<TcpSegment> all = new ArrayList<>();
        all.add(syn(CLIENT, SERVER, CLIENT_ISN));
        all.add(syn(SERVER, CLIENT, SERVER_ISN));
        int c = 0, sv = 0;
        for (int i = 0; i < clientFrames.size(); i++) {
            int to = c + 4 + clientFrames.get(i).length + (i == 0 ? hello.length : 0);
            all.add(data(CLIENT, SERVER, CLIENT_ISN, clientStream, c, to));
            c = to;
            if (i < serverFrames.size()) {
                int sto = sv + 4 + serverFrames.get(i).length;
                all.add(data(SERVER, CLIENT, SERVER_ISN, serverStream, sv, sto));
                sv = sto;
            }
        }
        all.add(fin(CLIENT, SERVER, CLIENT_ISN, clientStream.length));
        all.add(fin(SERVER, CLIENT, SERVER_ISN, serverStream.length));
        return all;
    }

    @Test
    void dataOnAResetIsFramedAndDataAfterItIsReportedAndFramed() {
        List<TcpSegment> all = framePerSegment();
        int at = 4; // a client data segment, its flags damaged into RST
        assertEquals(CLIENT, all.get(at).src());
        feed(all.subList(0, at));
        TcpSegment s = all.get(at);
        feed(new TcpSegment(s.src(), s.dst(), s.seq(), s.flags() | TcpSegment.RST, s.data(), s.offset(), s.length()));
        feed(all.subList(at + 1, all.size()));
        assertWholeConnection();
        assertEquals(2, sink.problems.size(), "the data after the reset, once per direction: " + sink.problems);
        for (RecordingSink.Problem p : sink.problems) {
            assertTrue(p.message().contains("reset by packet " + (at + 1)), p.message());
            assertTrue(p.info().packet() > at + 1, "reported where the data after it came: " + p);
        }
        assertNothingLeft();
    }

    @Test
    void dataAfterAFinIsReportedAndFramed() {
        List<TcpSegment> all = framePerSegment();
        int at = 6; // a client data segment, its flags damaged into FIN
        feed(all.subList(0, at));
        TcpSegment s = all.get(at);
        feed(new TcpSegment(s.src(), s.dst(), s.seq(), s.flags() | TcpSegment.FIN, s.data(), s.offset(), s.length()));
        feed(all.subList(at + 1, all.size()));
        assertWholeConnection();
        assertEquals(
                1,
                sink.problems.stream()
                        .filter(p -> p.message().contains("after the stream"))
                        .count());
        assertNothingLeft();
    }

    @Test
    void synOnADataSegmentInsideTheStreamIsData() {
        List<TcpSegment> all = wholeConnection(100);
        int at = 9;
        feed(all.subList(0, at));
        TcpSegment s = all.get(at);
        feed(new TcpSegment(s.src(), s.dst(), s.seq(), s.flags() | TcpSegment.SYN, s.data(), s.offset(), s.length()));
        feed(all.subList(at + 1, all.size()));
        assertWholeConnection();
        assertEquals(1, sink.problems.size(), sink.problems::toString);
        assertEquals(at + 1, sink.problems.get(0).info().packet());
        assertTrue(
                sink.problems.get(0).message().contains("SYN flag"),
                sink.problems.get(0).message());
        assertNothingLeft();
    }

    @Test
    void resetFromTheSideThatNeverSentDataEndsTheOtherSide() {
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        feed(data(CLIENT, SERVER, CLIENT_ISN, clientStream, 0, 100));
        assertEquals(1, tcp.openStreams());
        feed(rst(SERVER, CLIENT, SERVER_ISN + 1));
        assertEquals(0, tcp.openStreams());
        assertEquals(ProblemKind.TRUNCATED, sink.problems.get(0).kind());
        assertNothingLeft();
    }

    @Test
    void startsAFreshStreamWhenAConnectionReusesClosedAddresses() {
        feed(wholeConnection(500));
        long isn2 = 77;
        feed(syn(CLIENT, SERVER, isn2));
        feed(segments(CLIENT, SERVER, isn2, clientStream, 700));
        feed(fin(CLIENT, SERVER, isn2, clientStream.length));
        List<byte[]> twice = new ArrayList<>(clientFrames);
        twice.addAll(clientFrames);
        assertSameFrames(twice, framesFrom(CLIENT));
        assertEquals(List.of(), sink.problems);
        assertNothingLeft();
    }

    @Test
    void reassemblesGossipRouterTraffic() throws Exception {
        Endpoint router = new Endpoint("127.0.0.1", 12001);
        List<byte[]> up = List.of(gossipRegister(), gossipMessage(single(100, 1)), gossipMessage(list(2, 2)));
        List<byte[]> down = List.of(gossipMessage(single(70, 3)));
        byte[] upStream = prefixed(up.toArray(byte[][]::new)), downStream = prefixed(down.toArray(byte[][]::new));
        feed(syn(CLIENT, router, CLIENT_ISN));
        feed(syn(router, CLIENT, SERVER_ISN));
        feed(segments(CLIENT, router, CLIENT_ISN, upStream, 50));
        feed(segments(router, CLIENT, SERVER_ISN, downStream, 50));
        feed(fin(CLIENT, router, CLIENT_ISN, upStream.length));
        assertSameFrames(up, framesFrom(CLIENT));
        assertSameFrames(down, framesFrom(router));
        assertTrue(sink.frames.stream().allMatch(f -> f.kind() == FrameKind.GOSSIP));
        assertEquals(List.of(), sink.problems);
        assertNothingLeft();
    }

    @Test
    void acceptingFdSock2SideIsFramedAsBareMessages() throws Exception {
        IpAddress srv = new IpAddress("127.0.0.1", 7900);
        byte[] connect = fdSock2(FD_SOCK2.FdHeader.CONNECT, srv);
        byte[] rsp = fdSock2(FD_SOCK2.FdHeader.CONNECT_RSP, srv);
        byte[] up = concat(handshake(new IpAddress("127.0.0.1", 7801)), prefixed(connect)), down = prefixed(rsp);
        feed(syn(CLIENT, SERVER, CLIENT_ISN));
        feed(syn(SERVER, CLIENT, SERVER_ISN));
        feed(segments(CLIENT, SERVER, CLIENT_ISN, up, 1460));
        feed(segments(SERVER, CLIENT, SERVER_ISN, down, 1460));
        assertSameFrames(List.of(connect), framesFrom(CLIENT));
        assertSameFrames(List.of(rsp), framesFrom(SERVER));
        assertTrue(sink.frames.stream().allMatch(f -> f.kind() == FrameKind.BARE_MESSAGE));
        assertEquals(List.of(), sink.problems);
        assertNothingLeft();
    }
}
