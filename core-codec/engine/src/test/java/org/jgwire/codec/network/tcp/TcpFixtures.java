package org.jgwire.codec.network.tcp;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.network.TcpSegment;

/** Cuts byte streams into TCP segments the way a sender would, with real sequence numbers. */
final class TcpFixtures {
    static final long MASK = 0xFFFF_FFFFL;

    private TcpFixtures() {}

    static TcpSegment syn(Endpoint src, Endpoint dst, long isn) {
        return new TcpSegment(src, dst, isn & MASK, TcpSegment.SYN, new byte[0], 0, 0);
    }

    static TcpSegment fin(Endpoint src, Endpoint dst, long isn, int streamLen) {
        return new TcpSegment(src, dst, isn + 1 + streamLen & MASK, TcpSegment.FIN | TcpSegment.ACK, new byte[0], 0, 0);
    }

    static TcpSegment rst(Endpoint src, Endpoint dst, long seq) {
        return new TcpSegment(src, dst, seq & MASK, TcpSegment.RST, new byte[0], 0, 0);
    }

    /** The data of {@code stream[from, to)}, sent after a SYN with {@code isn}. */
    static TcpSegment data(Endpoint src, Endpoint dst, long isn, byte[] stream, int from, int to) {
        return new TcpSegment(
                src, dst, isn + 1 + from & MASK, TcpSegment.ACK | TcpSegment.PSH, stream, from, to - from);
    }

    /** {@code stream} in segments of at most {@code mss} bytes. */
    static List<TcpSegment> segments(Endpoint src, Endpoint dst, long isn, byte[] stream, int mss) {
        List<TcpSegment> out = new ArrayList<>();
        for (int from = 0; from < stream.length; from += mss)
            out.add(data(src, dst, isn, stream, from, Math.min(stream.length, from + mss)));
        return out;
    }
}
