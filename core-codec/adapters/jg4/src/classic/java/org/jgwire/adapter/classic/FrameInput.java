package org.jgwire.adapter.classic;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;

/**
 * A {@link DataInput} over a slice of a byte array that knows its absolute position and can be reset, so one
 * instance serves every frame. jgwire's own rather than JGroups' {@code ByteArrayDataInputStream}, which not
 * every 3.x jar has and which cannot be re-pointed at a new frame.
 */
final class FrameInput implements DataInput {
    private byte[] buf;
    private int pos;
    private int limit;

    FrameInput reset(byte[] buf, int from, int to) {
        this.buf = buf;
        this.pos = from;
        this.limit = to;
        return this;
    }

    int position() {
        return pos;
    }

    int remaining() {
        return limit - pos;
    }

    void position(int p) {
        pos = p;
    }

    private void need(int n) throws EOFException {
        if (n > limit - pos) throw new EOFException("needs " + n + " bytes at byte " + pos + ", " + (limit - pos) + " left");
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
    public String readLine() throws IOException {
        throw new IOException("readLine is not part of any JGroups wire format");
    }

    @Override
    public String readUTF() throws IOException {
        return DataInputStream.readUTF(this);
    }
}
