package org.jgwire.codec.runtime;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * A {@link DataInput} over a byte range that knows its absolute position and can be re-pointed, so one instance
 * serves frame after frame: the JGroups jar's {@code readFrom} methods read through it, and the adapters read the
 * envelope themselves with the same cursor, so every structure's byte range is known. jgwire's own rather than
 * JGroups' {@code ByteArrayDataInputStream}, which not every 3.x jar has and which cannot be re-pointed. Reading
 * past the end throws {@link EOFException}, the only exception it throws; it marks a truncated structure.
 * Not thread-safe: one per decoding thread.
 */
public final class FrameInput implements DataInput {
    /**
     * How a short read is worded. The adapter families word it differently and the words reach
     * {@code ErrorRecord} messages, so each keeps its own to keep decoded output unchanged.
     */
    public enum Wording {
        /** "needs N bytes at byte P, L left" (the 3.x/4.x adapters). */
        CLASSIC("needs ", " bytes at byte "),
        /** "needed N bytes at P, L left" (the 5.x adapter). */
        JG5("needed ", " bytes at ");

        private final String needs;
        private final String at;

        Wording(String needs, String at) {
            this.needs = needs;
            this.at = at;
        }
    }

    private final Wording wording;
    private byte[] buf;
    private int pos;
    private int limit;

    /** An input that words short reads as {@code wording}; {@link #reset} points it at bytes. */
    public FrameInput(Wording wording) {
        this.wording = wording;
    }

    /** Points this input at {@code buf[off, off+len)}, position {@code off}. */
    public FrameInput reset(byte[] buf, int off, int len) {
        this.buf = buf;
        this.pos = off;
        this.limit = off + len;
        return this;
    }

    /** The absolute index in {@link #buffer()} of the next byte to read. */
    public int position() {
        return pos;
    }

    /** Moves to absolute index {@code p}. */
    public void position(int p) {
        pos = p;
    }

    /** The absolute index just past the last readable byte. */
    public int limit() {
        return limit;
    }

    /** Bytes left to read. */
    public int remaining() {
        return limit - pos;
    }

    /** The array read from (not a copy). */
    public byte[] buffer() {
        return buf;
    }

    private void need(int n) throws EOFException {
        if (n > limit - pos)
            throw new EOFException(wording.needs + n + wording.at + pos + ", " + (limit - pos) + " left");
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        need(len);
        System.arraycopy(buf, pos, b, off, len);
        pos += len;
    }

    @Override
    public int skipBytes(int n) {
        int k = Math.max(0, Math.min(n, limit - pos));
        pos += k;
        return k;
    }

    /** Skips exactly {@code n} bytes or throws. */
    public void skip(int n) throws EOFException {
        if (n < 0) throw new EOFException("negative length " + n + " at " + pos);
        need(n);
        pos += n;
    }

    @Override
    public boolean readBoolean() throws IOException {
        return readByte() != 0;
    }

    @Override
    public byte readByte() throws IOException {
        need(1);
        return buf[pos++];
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xFF;
    }

    @Override
    public short readShort() throws IOException {
        need(2);
        short v = (short) ((buf[pos] & 0xFF) << 8 | buf[pos + 1] & 0xFF);
        pos += 2;
        return v;
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xFFFF;
    }

    @Override
    public char readChar() throws IOException {
        return (char) readShort();
    }

    @Override
    public int readInt() throws IOException {
        need(4);
        int v = (buf[pos] & 0xFF) << 24
                | (buf[pos + 1] & 0xFF) << 16
                | (buf[pos + 2] & 0xFF) << 8
                | buf[pos + 3] & 0xFF;
        pos += 4;
        return v;
    }

    @Override
    public long readLong() throws IOException {
        return (long) readInt() << 32 | readInt() & 0xFFFFFFFFL;
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    /** No JGroups wire format uses it (no version's {@code readFrom} calls it). */
    @Override
    public String readLine() throws IOException {
        throw new IOException("readLine is not part of any JGroups wire format");
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }
}
