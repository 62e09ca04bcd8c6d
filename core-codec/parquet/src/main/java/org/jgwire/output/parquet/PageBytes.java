package org.jgwire.output.parquet;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array that pages are encoded into: little-endian numbers, Parquet's varints, raw bytes. */
final class PageBytes {
    /** Each byte value's two hex digits, the first in the high half. */
    private static final char[] HEX_PAIRS = new char[256];

    static {
        byte[] digits = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 256; i++) HEX_PAIRS[i] = (char) (digits[i >> 4] << 8 | digits[i & 0xf]);
    }

    private byte[] bytes;
    private int size;

    PageBytes(int capacity) {
        bytes = new byte[capacity];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return bytes;
    }

    PageBytes reset() {
        size = 0;
        return this;
    }

    /** Forgets what was written after {@code length} bytes. */
    void truncate(int length) {
        size = length;
    }

    /** Room for {@code more} bytes written straight into {@link #array()} at {@link #size()}, then {@link #skip}. */
    void reserve(int more) {
        ensure(more);
    }

    void skip(int n) {
        size += n;
    }

    void writeByte(int b) {
        ensure(1);
        bytes[size++] = (byte) b;
    }

    void writeIntLE(int v) {
        ensure(4);
        bytes[size] = (byte) v;
        bytes[size + 1] = (byte) (v >>> 8);
        bytes[size + 2] = (byte) (v >>> 16);
        bytes[size + 3] = (byte) (v >>> 24);
        size += 4;
    }

    void writeLongLE(long v) {
        ensure(8);
        for (int i = 0; i < 8; i++) bytes[size + i] = (byte) (v >>> (8 * i));
        size += 8;
    }

    /** An unsigned LEB128 varint, as the RLE/bit-packing hybrid's run headers are written. */
    void writeVarInt(int v) {
        while ((v & ~0x7f) != 0) {
            writeByte((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        writeByte(v);
    }

    void write(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, bytes, size, len);
        size += len;
    }

    /** Each byte as two lower-case hex digits. */
    void writeHex(byte[] b) {
        ensure(2 * b.length);
        for (byte x : b) {
            char digits = HEX_PAIRS[x & 0xff];
            bytes[size] = (byte) (digits >>> 8);
            bytes[size + 1] = (byte) digits;
            size += 2;
        }
    }

    void write(PageBytes other) {
        write(other.bytes, 0, other.size);
    }

    /** Overwrites four bytes written before (a length known only after what follows it). */
    void setIntLE(int at, int v) {
        bytes[at] = (byte) v;
        bytes[at + 1] = (byte) (v >>> 8);
        bytes[at + 2] = (byte) (v >>> 16);
        bytes[at + 3] = (byte) (v >>> 24);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
}
