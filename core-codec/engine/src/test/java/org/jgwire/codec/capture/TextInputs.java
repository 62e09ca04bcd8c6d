package org.jgwire.codec.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/** Test helpers: inputs as channels, sources read to the end. */
final class TextInputs {
    private TextInputs() {}

    static ReadableByteChannel channel(String text) {
        return channel(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    static ReadableByteChannel channel(byte[] bytes) {
        return Channels.newChannel(new ByteArrayInputStream(bytes));
    }

    /** A channel that gives one byte per read, as a slow pipe may. */
    static ReadableByteChannel trickle(byte[] bytes) {
        return new ReadableByteChannel() {
            int pos;

            @Override
            public int read(ByteBuffer dst) {
                if (pos == bytes.length) return -1;
                dst.put(bytes[pos++]);
                return 1;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {}
        };
    }

    static List<PayloadChunk> readAll(CaptureSource source) throws IOException {
        List<PayloadChunk> out = new ArrayList<>();
        for (Captured c; (c = source.next()) != null; ) out.add((PayloadChunk) c);
        return out;
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s);
    }
}
