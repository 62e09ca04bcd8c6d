package org.jgwire.codec.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.util.ArrayList;
import java.util.List;

/** Test-only channels and a drain for capture sources. */
final class TestChannels {
    private TestChannels() {}

    static ReadableByteChannel of(byte[] bytes) {
        return Channels.newChannel(new ByteArrayInputStream(bytes));
    }

    /** A channel that hands out at most {@code step} bytes per read, to exercise refills. */
    static ReadableByteChannel trickle(byte[] bytes, int step) {
        return new ReadableByteChannel() {
            int pos;

            @Override
            public int read(ByteBuffer dst) {
                if (pos >= bytes.length) return -1;
                int n = Math.min(step, Math.min(dst.remaining(), bytes.length - pos));
                dst.put(bytes, pos, n);
                pos += n;
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {}
        };
    }

    /** Every packet until the end; a CaptureFormatException propagates after {@code into} got the good ones. */
    static List<RawPacket> drain(CaptureSource s, List<RawPacket> into) throws IOException {
        for (Captured c; (c = s.next()) != null; ) into.add((RawPacket) c);
        return into;
    }

    static List<RawPacket> drain(CaptureSource s) throws IOException {
        return drain(s, new ArrayList<>());
    }

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (seed + i * 7);
        return b;
    }
}
