package org.jgwire.adapter.jg5;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * A {@link DataInput} over a byte range that knows its position, reused frame after frame: the jar's
 * {@code readFrom} methods read through it, and the adapter reads the envelope itself with the same cursor, so
 * every structure's byte range is known. Reading past the end throws {@link EOFException} (the only exception it
 * throws; it marks a truncated structure).
 */
final class FrameInput implements DataInput {
    private byte[] buf;
    private int pos;
    private int limit;

    FrameInput reset(byte[] buf, int off, int len) {
        this.buf = buf;
        this.pos = off;
        this.limit = off + len;
        return this;
    }

    int position() {
        return pos;
    }

    void position(int p) {
        pos = p;
    }

    int limit() {
        return limit;
    }

    int remaining() {
        return limit - pos;
    }

    byte[] buffer() {
        return buf;
    }

    private void need(int n) throws EOFException {
        if (n > limit - pos) throw new EOFException("needed " + n + " bytes at " + pos + ", " + (limit - pos) + " left");
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
    void skip(int n) throws EOFException {
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
        int v = (buf[pos] & 0xFF) << 24 | (buf[pos + 1] & 0xFF) << 16 | (buf[pos + 2] & 0xFF) << 8 | buf[pos + 3] & 0xFF;
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

    @Override
    public String readLine() {
        throw new UnsupportedOperationException("readLine");
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }
}
