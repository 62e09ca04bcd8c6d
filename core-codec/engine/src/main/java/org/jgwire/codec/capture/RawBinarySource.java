package org.jgwire.codec.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;

/**
 * Raw bytes, as ParseMessages reads them with {@code -binary-to-ascii false}: one TCP stream (the {@code "bela"}
 * handshake and/or {@code i32 length + frame} records, given as stream 0 in chunks of up to {@link #CHUNK} bytes),
 * one single datagram (stream -1), or, when the caller says so, datagrams back to back as ParseMessages reads them
 * without {@code -tcp} (stream {@link PayloadChunk#BACK_TO_BACK}, in chunks like a TCP stream: the framing finds where
 * each datagram ends).
 *
 * <p>Without {@code tcp} the first byte decides: every JGroups frame starts with its version short
 * ({@code major<<11 | minor<<6 | micro}, see {@code org.jgroups.Version}), whose first byte is 0x18 to 0x3F for
 * majors 3 to 7, while a stream starts with {@code "bela"} or a length prefix (first byte 0x00 for any frame
 * under 16 MB). A datagram input longer than a UDP datagram can be is an error.
 */
public final class RawBinarySource implements CaptureSource {
    /** Bytes per stream chunk. */
    static final int CHUNK = 64 << 10;
    /** Largest datagram: the UDP length field is 16 bits. */
    public static final int MAX_DATAGRAM = 65535;

    private final ReadableByteChannel channel;
    private final boolean forcedTcp, backToBack;
    private Boolean datagram; // decided on the first read
    private long number;
    private boolean done;
    private final byte[] buf = new byte[CHUNK];

    /**
     * @param in         the bytes
     * @param tcp        the bytes are one TCP stream whatever they start with
     * @param backToBack without {@code tcp}, the bytes are datagrams back to back whatever they start with
     */
    public RawBinarySource(ReadableByteChannel in, boolean tcp, boolean backToBack) {
        this.channel = in;
        this.forcedTcp = tcp;
        this.backToBack = backToBack && !tcp;
    }

    /** One TCP stream or one datagram, as the first byte says unless {@code tcp}. */
    public RawBinarySource(ReadableByteChannel in, boolean tcp) {
        this(in, tcp, false);
    }

    @Override
    public Captured next() throws IOException {
        if (done) return null;
        if (datagram == null) {
            int n = readSome();
            if (n == 0) {
                done = true;
                return null;
            }
            int first = buf[0] & 0xff;
            datagram = !forcedTcp && !backToBack && first >= 0x18 && first <= 0x3f;
            if (datagram) return readDatagram(n);
            return chunk(n);
        }
        return chunk(0);
    }

    /** The whole input as one datagram, of at most {@link #MAX_DATAGRAM} bytes. */
    private Captured readDatagram(int have) throws IOException {
        byte[] data = Arrays.copyOf(buf, MAX_DATAGRAM + 1);
        int n = have + fill(data, have, data.length);
        done = true;
        if (n > MAX_DATAGRAM) {
            throw new CaptureFormatException(
                    "raw input starts like a datagram (version byte 0x"
                            + Integer.toHexString(data[0] & 0xff) + ") but is longer than a datagram can be ("
                            + MAX_DATAGRAM + " bytes); use --tcp if it holds a TCP stream",
                    MAX_DATAGRAM);
        }
        return new PayloadChunk(++number, -1, -1, Arrays.copyOf(data, n));
    }

    /**
     * The next chunk of the stream, {@code have} bytes of it already in {@code buf}: what one read gives, so that a
     * live pipe is passed on as it arrives.
     */
    private Captured chunk(int have) throws IOException {
        int n = have > 0 ? have : readSome();
        if (n == 0) {
            done = true;
            return null;
        }
        return new PayloadChunk(++number, -1, backToBack ? PayloadChunk.BACK_TO_BACK : 0, Arrays.copyOf(buf, n));
    }

    /** One read into {@code buf}: at least one byte, or 0 at the end of the input. */
    private int readSome() throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(buf);
        while (bb.position() == 0) {
            if (channel.read(bb) < 0) break;
        }
        return bb.position();
    }

    /** Reads into {@code b[from, to)} until full or at the end of the input; returns the bytes read. */
    private int fill(byte[] b, int from, int to) throws IOException {
        ByteBuffer bb = ByteBuffer.wrap(b, from, to - from);
        while (bb.hasRemaining()) {
            if (channel.read(bb) < 0) break;
        }
        return bb.position() - from;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    @Override
    public String toString() {
        if (backToBack) return "raw bytes (datagrams back to back)";
        return datagram == null ? "raw bytes" : datagram ? "raw bytes (one datagram)" : "raw bytes (one TCP stream)";
    }
}
