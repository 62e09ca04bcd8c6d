package org.jgwire.codec.network.tcp;

import static org.jgwire.codec.framing.FdSockHeaders.iHaveSock;
import static org.jgwire.codec.network.tcp.TcpFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.FdSockServers;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.network.TcpSegment;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * FD_SOCK's crash side, as its pinger reads it: the connection a pinger keeps to member C's FD_SOCK server socket
 * (announced by C's I_HAVE_SOCK) ends. A server socket that closes first without the NORMAL_TERMINATION byte is
 * ABNORMAL_TERMINATION; a pinger that stops closes first (FD_SOCK: {@code interruptPingerThread} tears its socket
 * down, the server's handler then reads the end and closes) and is none. TCP segments go through the reassembler;
 * the sink turns silent closes into records with the server table, as the decoder does.
 */
class FdSockAbnormalTerminationTest {
    private static final Endpoint SERVER = new Endpoint("127.0.0.1", 31874), PINGER = new Endpoint("127.0.0.1", 41000);
    private static final Endpoint OTHER = new Endpoint("127.0.0.1", 7800);
    private static final NodeAddress C = NodeAddress.uuid("8b4f7ede-1c8e-43a2-ab91-c293e1bb887a");
    private static final long P_ISN = 1_000, S_ISN = 700_000;
    private static final byte[] NORMAL = {9};

    private final FdSockServers servers = new FdSockServers();
    /** What the sink was told, in order: {@code <record> <src>><dst> #<packet>}. */
    private final List<String> out = new ArrayList<>();

    private final TcpReassembler tcp = new TcpReassembler(Limits.DEFAULTS, new FrameSink() {
        @Override
        public void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len) {
            out.add("frame " + where(info));
        }

        @Override
        public void signal(FrameInfo info, String signal) {
            out.add(signal + " " + where(info));
        }

        @Override
        public void closedSilently(FrameInfo info) {
            MessageRecord r = servers.abnormalTermination(info);
            if (r != null) out.add(r.type() + " of " + r.src() + " " + where(r.frame()));
        }

        @Override
        public void problem(ErrorRecord problem) {
            out.add("error " + problem.message());
        }

        @Override
        public void ended(StreamEndRecord end) {
            out.add("end " + end.how().text() + " " + where(end.frame()));
        }
    });

    private long packet;

    private static String where(FrameInfo f) {
        return (f.src().equals(SERVER)
                        ? "S"
                        : f.src().equals(PINGER) ? "P" : f.src().toString()) + ">"
                + (f.dst().equals(SERVER)
                        ? "S"
                        : f.dst().equals(PINGER) ? "P" : f.dst().toString()) + " #"
                + f.packet();
    }

    @BeforeEach
    void cAnnouncesItsServerSocket() {
        servers.learn(iHaveSock(C, "127.0.0.1:31874"));
    }

    private void feed(TcpSegment s) {
        tcp.segment(s, ++packet, packet * 1_000_000);
    }

    /** The pinger connects to C's server socket (SYN, SYN-ACK): packets 1 and 2. */
    private void connected() {
        feed(syn(PINGER, SERVER, P_ISN));
        feed(syn(SERVER, PINGER, S_ISN));
    }

    @Test
    void theServerSocketClosingFirstWithoutTheByteIsAnAbnormalTerminationAtItsFin() {
        connected();
        feed(fin(SERVER, PINGER, S_ISN, 0)); // C's process died: its kernel closes the socket
        feed(fin(PINGER, SERVER, P_ISN, 0)); // the pinger read -1, suspects C, tears its socket down
        assertEquals(List.of("ABNORMAL_TERMINATION of " + C + " S>P #3", "end FIN S>P #3", "end FIN P>S #4"), out);
    }

    @Test
    void aPingerClosingFirstIsNoCrash() {
        connected();
        feed(fin(PINGER, SERVER, P_ISN, 0)); // a new view: the pinger moves on to another member
        feed(fin(SERVER, PINGER, S_ISN, 0)); // C's handler read the end and closes in turn
        assertEquals(List.of("end FIN P>S #3", "end FIN S>P #4"), out);
    }

    @Test
    void theNormalTerminationByteThenTheCloseIsOnlyThatSignal() {
        connected();
        feed(data(SERVER, PINGER, S_ISN, NORMAL, 0, 1)); // C leaves: stopThread(true)
        feed(fin(SERVER, PINGER, S_ISN, 1));
        feed(fin(PINGER, SERVER, P_ISN, 0));
        assertEquals(List.of("NORMAL_TERMINATION S>P #4", "end FIN S>P #4", "end FIN P>S #5"), out);
    }

    @Test
    void aPingerThatSignalledItStopsIsNoCrashEvenWhenTheServerClosesBeforeItsFin() {
        connected();
        feed(data(PINGER, SERVER, P_ISN, NORMAL, 0, 1)); // the pinger stops: sendPingSignal, then its close
        feed(fin(SERVER, PINGER, S_ISN, 0)); // C's handler read the byte and closed before the pinger's FIN came
        feed(fin(PINGER, SERVER, P_ISN, 1));
        assertEquals(List.of("end FIN S>P #4", "NORMAL_TERMINATION P>S #5", "end FIN P>S #5"), out);
    }

    @Test
    void aResetFromTheServerSocketIsAnAbnormalTermination() {
        connected();
        feed(rst(SERVER, PINGER, S_ISN + 1));
        assertEquals(List.of("ABNORMAL_TERMINATION of " + C + " S>P #3", "end RST S>P #3", "end RST P>S #3"), out);
    }

    @Test
    void aResetFromThePingerIsNone() {
        connected();
        feed(rst(PINGER, SERVER, P_ISN + 1));
        assertEquals(List.of("end RST P>S #3", "end RST S>P #3"), out);
    }

    @Test
    void aConnectionOpenedBeforeTheCaptureIsJudgedByWhichFinComesFirst() {
        feed(fin(PINGER, SERVER, P_ISN, 0)); // no SYN seen: each direction starts at its FIN
        feed(fin(SERVER, PINGER, S_ISN, 0));
        assertEquals(List.of("end FIN P>S #1", "end FIN S>P #2"), out, "the pinger closed first");
        out.clear();
        Endpoint pinger2 = new Endpoint("127.0.0.1", 41001);
        feed(fin(SERVER, pinger2, S_ISN, 0));
        assertEquals(
                1,
                out.stream()
                        .filter(l -> l.startsWith("ABNORMAL_TERMINATION of " + C))
                        .count(),
                out::toString);
    }

    @Test
    void aSocketNeverAnnouncedAsAnFdSockServerGivesNone() {
        feed(syn(PINGER, OTHER, P_ISN));
        feed(syn(OTHER, PINGER, S_ISN));
        feed(fin(OTHER, PINGER, S_ISN, 0));
        assertTrue(out.stream().noneMatch(l -> l.startsWith("ABNORMAL")), out::toString);
    }

    @Test
    void aServerDirectionStillOpenAtTheEndOfTheCaptureGivesNone() {
        connected();
        tcp.finish(3, 3_000_000);
        assertTrue(out.stream().noneMatch(l -> l.startsWith("ABNORMAL")), out::toString);
    }

    @Test
    void aServerDirectionThatCarriedOtherBytesGivesNone() {
        connected();
        feed(data(SERVER, PINGER, S_ISN, new byte[] {1, 2, 3}, 0, 3));
        feed(fin(SERVER, PINGER, S_ISN, 3));
        assertTrue(out.stream().noneMatch(l -> l.startsWith("ABNORMAL")), out::toString);
    }
}
