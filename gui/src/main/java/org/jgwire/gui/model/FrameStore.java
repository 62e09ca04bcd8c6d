package org.jgwire.gui.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * The bytes of every decoded frame, for the hex pane. Records carry byte ranges, not bytes; the frames are written
 * to a temporary file as they are decoded (memory stays at a few bytes per frame whatever the capture's size) and
 * read back when a row is selected. The captured packets the frames came in are kept the same way, so that a frame is
 * shown in its packet. Written by the loading thread, read by the FX thread.
 */
public final class FrameStore implements AutoCloseable {
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
    private long written;
    private long[] starts = new long[1024];
    private int[] lengths = new int[1024];
    private int count;
    /** Packet number to its index + 1 (0: not kept). */
    private int[] packetIndex = new int[1024];

    public FrameStore() {
        try {
            file = Files.createTempFile("jgwire-frames", ".bin");
            file.toFile().deleteOnExit();
            channel = FileChannel.open(
                    file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Keeps {@code buf[off, off + len)} and returns its index. */
    public synchronized int append(byte[] buf, int off, int len) {
        if (count == starts.length) {
            starts = Arrays.copyOf(starts, count * 2);
            lengths = Arrays.copyOf(lengths, count * 2);
        }
        starts[count] = written;
        lengths[count] = len;
        written += len;
        try {
            if (len > buffer.remaining()) flushBuffer();
            if (len > buffer.capacity()) {
                channel.write(ByteBuffer.wrap(buf, off, len), channel.size());
            } else {
                buffer.put(buf, off, len);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return count++;
    }

    private void flushBuffer() throws IOException {
        buffer.flip();
        long at = channel.size();
        while (buffer.hasRemaining()) at += channel.write(buffer, at);
        buffer.clear();
    }

    /**
     * Keeps a captured packet (link layer on) as packet {@code number}; {@link #packet} finds it. Numbers past what
     * an int holds are not kept.
     */
    public synchronized void appendPacket(long number, byte[] data) {
        if (number < 0 || number >= Integer.MAX_VALUE - 1) return;
        int n = (int) number;
        if (n >= packetIndex.length) packetIndex = Arrays.copyOf(packetIndex, Math.max(n + 1, packetIndex.length * 2));
        packetIndex[n] = append(data, 0, data.length) + 1;
    }

    /** The index (for {@link #read}) of packet {@code number}, or -1 when it was not kept. */
    public synchronized int packet(long number) {
        return number < 0 || number >= packetIndex.length ? -1 : packetIndex[(int) number] - 1;
    }

    /** Frames kept so far. */
    public synchronized int size() {
        return count;
    }

    /** The length of frame {@code index}. */
    public synchronized int length(int index) {
        return lengths[index];
    }

    /**
     * The first {@code max} bytes of frame {@code index} (all of it when shorter).
     *
     * @throws IndexOutOfBoundsException for an index never returned by {@link #append}
     */
    public synchronized byte[] read(int index, int max) {
        if (index < 0 || index >= count) throw new IndexOutOfBoundsException(index + " of " + count);
        int n = Math.min(lengths[index], max);
        byte[] out = new byte[n];
        try {
            flushBuffer();
            ByteBuffer dst = ByteBuffer.wrap(out);
            long at = starts[index];
            while (dst.hasRemaining()) {
                int r = channel.read(dst, at);
                if (r < 0) throw new IOException("frame store ended early");
                at += r;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a temporary file: nothing left to do
        }
    }
}
