package org.jgwire.cli.parsemessages;

import java.io.IOException;
import java.util.List;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.model.ErrorRecord;

/**
 * ParseMessages' {@code -tcp} input is the payloads of every TCP connection of a capture one after the other
 * ({@code tshark -e tcp.payload}), and ParseMessages takes a {@code "bela"} cookie wherever a length is due as the
 * start of a connection ({@code Util.parse}). Here a chunk (a hex line: one segment) that starts with a connection
 * handshake starts a new stream, so that each connection is framed on its own from its handshake on.
 */
public final class HandshakeSplitSource implements CaptureSource {
    private final CaptureSource in;
    private int stream;
    private boolean any;

    HandshakeSplitSource(CaptureSource in) {
        this.in = in;
    }

    /** Wraps a source whose chunks are one TCP stream (stream 0), else returns it as it is. */
    public static CaptureSource over(CaptureSource in, boolean tcp) {
        return tcp ? new HandshakeSplitSource(in) : in;
    }

    @Override
    public Captured next() throws IOException {
        Captured c = in.next();
        if (!(c instanceof PayloadChunk p) || p.isDatagram() || p.stream() != 0) return c;
        if (startsWithHandshake(p.data()) && any) stream++;
        any = true;
        return stream == 0 ? p : new PayloadChunk(p.number(), p.tsNanos(), stream, p.data());
    }

    /** {@code "bela"} and a version short of major 3 to 7 ({@code TcpConnection.sendLocalAddress}). */
    private static boolean startsWithHandshake(byte[] b) {
        return b.length >= 6
                && b[0] == 'b'
                && b[1] == 'e'
                && b[2] == 'l'
                && b[3] == 'a'
                && (b[4] & 0xff) >= 0x18
                && (b[4] & 0xff) <= 0x3f;
    }

    @Override
    public List<ErrorRecord> drainProblems() {
        return in.drainProblems();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
