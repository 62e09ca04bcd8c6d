package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.StreamFramerTcpTest.assertAllAccounted;
import static org.jgwire.codec.framing.WireFixtures.CLIENT;
import static org.jgwire.codec.framing.WireFixtures.SERVER;
import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/**
 * FD_SOCK connections: a direction holding only the byte 9 ({@code FD_SOCK.NORMAL_TERMINATION}, written alone by
 * {@code sendPingSignal} and {@code ClientConnectionHandler.stopThread(true)}) is a signal, anything else as before.
 */
class FdSockSignalTest {
    private final RecordingSink sink = new RecordingSink();

    private StreamFramer fed(byte[] bytes) {
        StreamFramer f = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, sink);
        f.data(bytes, 0, bytes.length, 4, 1_000);
        f.end(5, 2_000, "FIN");
        return f;
    }

    @Test
    void theLoneNormalTerminationByteIsASignalFromItsSender() {
        StreamFramer f = fed(new byte[] {9});
        assertEquals(List.of("NORMAL_TERMINATION"), sink.signals);
        assertEquals(List.of(), sink.problems);
        assertEquals(Transport.FD_SOCK, sink.signalInfos.get(0).transport());
        assertEquals(SERVER, sink.signalInfos.get(0).src());
        assertEquals(CLIENT, sink.signalInfos.get(0).dst());
        assertEquals(1, f.signalCount());
        assertEquals(1, f.bytesFramed());
        assertAllAccounted(f);
    }

    @Test
    void anotherLoneByteStaysATruncatedStream() {
        StreamFramer f = fed(new byte[] {8});
        assertEquals(List.of(), sink.signals);
        assertEquals(1, sink.problems.size());
        assertEquals(ProblemKind.TRUNCATED, sink.problems.get(0).kind());
        assertAllAccounted(f);
    }

    @Test
    void theByteAfterAGapIsNoSignal() {
        StreamFramer f = new StreamFramer(SERVER, CLIENT, Limits.DEFAULTS, sink);
        f.gap(10, 3, 500);
        f.data(new byte[] {9}, 0, 1, 4, 1_000);
        f.end(5, 2_000);
        assertEquals(List.of(), sink.signals);
        assertFalse(sink.problems.isEmpty());
    }

    @Test
    void twoNormalTerminationBytesAreNoSignal() {
        fed(new byte[] {9, 9});
        assertEquals(List.of(), sink.signals);
        assertEquals(
                ProblemKind.TRUNCATED,
                sink.problems.get(sink.problems.size() - 1).kind());
    }
}
