package org.jgwire.codec.capture;

import static org.jgwire.codec.capture.TextInputs.channel;
import static org.jgwire.codec.capture.TextInputs.hex;
import static org.jgwire.codec.capture.TextInputs.readAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.junit.jupiter.api.Test;

class FollowTcpSourceTest {
    private static final String RULE = "===================================================================\n";

    /** As tshark 4.0.17 printed it for a TCP conversation on lo (see TsharkOutputTest for the real thing). */
    private static final String FOLLOW = "\n" + RULE
            + "Follow: tcp,raw\n"
            + "Filter: tcp.stream eq 0\n"
            + "Node 0: 127.0.0.1:59318\n"
            + "Node 1: 127.0.0.1:47911\n"
            + "62656c612947\n" // node 0: "bela" + version 5.5.7
            + "\t00017265706c79\n" // node 1
            + "00000003616263\n" // node 0: length 3 + "abc"
            + RULE;

    @Test
    void givesEachNodesBytesAsItsOwnStreamWithTheNodeEndpoints() throws IOException {
        FollowTcpSource source = new FollowTcpSource(channel(FOLLOW));
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(3, chunks.size());
        assertEquals(0, chunks.get(0).stream());
        assertArrayEquals(hex("62656c612947"), chunks.get(0).data());
        assertEquals(1, chunks.get(1).stream());
        assertArrayEquals(hex("00017265706c79"), chunks.get(1).data());
        assertEquals(0, chunks.get(2).stream());
        assertEquals(9, chunks.get(2).number()); // line number in the output
        assertEquals(-1, chunks.get(2).tsNanos());
        assertEquals(new Endpoint("127.0.0.1", 59318), source.sender(0));
        assertEquals(new Endpoint("127.0.0.1", 47911), source.sender(1));
        assertNull(source.sender(2));
        assertEquals(new Endpoint("127.0.0.1", 47911), source.receiver(0));
        assertEquals(new Endpoint("127.0.0.1", 59318), source.receiver(1));
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void numbersTheStreamsOfEachFurtherBlockOnwards() throws IOException {
        String second = RULE + "Follow: tcp,raw\nFilter: tcp.stream eq 1\nNode 0: 10.0.0.1:1000\n"
                + "Node 1: 10.0.0.2:7800\n\taabb\nccdd\n" + RULE;
        FollowTcpSource source = new FollowTcpSource(channel(FOLLOW + second));
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(5, chunks.size());
        assertEquals(3, chunks.get(3).stream());
        assertEquals(2, chunks.get(4).stream());
        assertEquals(new Endpoint("10.0.0.2", 7800), source.sender(3));
        assertEquals(new Endpoint("10.0.0.1", 1000), source.receiver(3));
        assertEquals(new Endpoint("127.0.0.1", 59318), source.sender(0));
    }

    @Test
    void readsCrlfOutput() throws IOException {
        List<PayloadChunk> chunks = readAll(new FollowTcpSource(channel(FOLLOW.replace("\n", "\r\n"))));
        assertEquals(3, chunks.size());
        assertArrayEquals(hex("00000003616263"), chunks.get(2).data());
    }

    @Test
    void reportsBadHexLinesAndTextOutsideABlockAndGoesOn() throws IOException {
        String text = "garbage before\n" + FOLLOW.replace("00000003616263\n", "0000000361626\n\tzz\nabcd\n");
        FollowTcpSource source = new FollowTcpSource(channel(text));
        List<PayloadChunk> chunks = readAll(source);
        assertEquals(3, chunks.size());
        assertArrayEquals(hex("abcd"), chunks.get(2).data());
        List<ErrorRecord> problems = source.drainProblems();
        assertEquals(3, problems.size());
        assertTrue(problems.get(0).message().startsWith("line 1 is outside a follow block"));
        assertTrue(
                problems.get(1).message().startsWith("line 10: odd number of hex digits"),
                problems.get(1).message());
        assertTrue(problems.get(2).message().startsWith("line 11: not hex"));
    }

    @Test
    void failsOnAFollowModeOtherThanRaw() {
        String text = RULE + "Follow: tcp,hex\nFilter: tcp.stream eq 0\n";
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> readAll(new FollowTcpSource(channel(text))));
        assertTrue(e.getMessage().contains("cannot read 'follow,tcp,hex' output"), e.getMessage());
    }

    @Test
    void givesUdpFollowLinesAsDatagrams() throws IOException {
        String text = RULE + "Follow: udp,raw\nFilter: udp.stream eq 0\nNode 0: 127.0.0.1:1\nNode 1: 127.0.0.1:2\n"
                + "2947\n\t2948\n" + RULE;
        List<PayloadChunk> chunks = readAll(new FollowTcpSource(channel(text)));
        assertEquals(2, chunks.size());
        assertTrue(chunks.get(0).isDatagram());
        assertTrue(chunks.get(1).isDatagram());
    }

    @Test
    void emptyConversationGivesNothing() throws IOException {
        String text = RULE + "Follow: tcp,raw\nFilter: tcp.stream eq 0\nNode 0: :0\nNode 1: :0\n" + RULE;
        FollowTcpSource source = new FollowTcpSource(channel(text));
        assertNull(source.next());
        assertEquals(List.of(), source.drainProblems());
    }

    @Test
    void parsesIpv4AndBothIpv6EndpointForms() {
        assertEquals(new Endpoint("127.0.0.1", 7800), FollowTcpSource.parseEndpoint("127.0.0.1:7800"));
        assertEquals(new Endpoint("::1", 7800), FollowTcpSource.parseEndpoint("[::1]:7800"));
        assertEquals(new Endpoint("::1", 7800), FollowTcpSource.parseEndpoint("::1:7800"));
        assertEquals(new Endpoint(null, 0), FollowTcpSource.parseEndpoint(":0"));
    }
}
