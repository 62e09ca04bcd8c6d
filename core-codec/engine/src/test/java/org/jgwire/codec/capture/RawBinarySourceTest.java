package org.jgwire.codec.capture;

import static org.jgwire.codec.capture.TextInputs.channel;
import static org.jgwire.codec.capture.TextInputs.readAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class RawBinarySourceTest {
    private static final byte[] DATAGRAM = {
        0x29,
        0x47, // version 5.5.7
        0x02, // flags: MULTICAST
        0x00,
        0x01, // type: BytesMessage
        0x00, // leading
        0x00,
        0x00, // message flags
        0x00,
        0x00, // header count 0
        0x00,
        0x00,
        0x00,
        0x01, // payload length 1
        0x7a // payload
    };

    private static final byte[] STREAM = {
        0x62,
        0x65,
        0x6c,
        0x61, // "bela"
        0x29,
        0x47, // version 5.5.7
        0x00,
        0x06, // addr_size
        0x7f,
        0x00,
        0x00,
        0x01,
        0x1e,
        0x78, // 127.0.0.1:7800 (IpAddress without the flag byte; 4-byte form)
        0x00,
        0x00,
        0x00,
        0x03, // frame length 3
        0x29,
        0x47,
        0x00 // frame (cut short: the framing stage checks it, not this source)
    };

    @Test
    void readsAFileStartingWithAVersionAsOneDatagram() throws IOException {
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(DATAGRAM), false));
        assertEquals(1, chunks.size());
        assertTrue(chunks.get(0).isDatagram());
        assertArrayEquals(DATAGRAM, chunks.get(0).data());
        assertEquals(1, chunks.get(0).number());
    }

    @Test
    void readsAFileStartingWithTheHandshakeAsStreamZero() throws IOException {
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(STREAM), false));
        assertEquals(0, chunks.get(0).stream());
        assertArrayEquals(STREAM, concat(chunks));
    }

    @Test
    void readsALengthPrefixedStreamWithoutHandshake() throws IOException {
        byte[] frames = new byte[] {0, 0, 0, 2, 0x29, 0x47, 0, 0, 0, 1, 0x00};
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(frames), false));
        assertEquals(0, chunks.get(0).stream());
        assertArrayEquals(frames, concat(chunks));
    }

    @Test
    void readsEverythingAsAStreamWithTcpEvenIfItStartsLikeADatagram() throws IOException {
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(DATAGRAM), true));
        assertEquals(0, chunks.get(0).stream());
        assertArrayEquals(DATAGRAM, concat(chunks));
    }

    @Test
    void splitsALongStreamIntoNumberedChunksWithoutLosingBytes() throws IOException {
        byte[] big = new byte[3 * RawBinarySource.CHUNK + 17];
        for (int i = 0; i < big.length; i++) big[i] = (byte) (i % 251);
        big[0] = 0; // a length prefix, not a version
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(big), false));
        assertTrue(chunks.size() >= 4);
        for (int i = 0; i < chunks.size(); i++)
            assertEquals(i + 1, chunks.get(i).number());
        assertArrayEquals(big, concat(chunks));
    }

    @Test
    void readsAStreamArrivingOneByteAtATime() throws IOException {
        List<PayloadChunk> chunks = readAll(new RawBinarySource(TextInputs.trickle(STREAM), false));
        assertArrayEquals(STREAM, concat(chunks));
    }

    @Test
    void failsOnADatagramLongerThanUdpAllows() {
        byte[] big = new byte[RawBinarySource.MAX_DATAGRAM + 1];
        big[0] = 0x29;
        CaptureFormatException e =
                assertThrows(CaptureFormatException.class, () -> readAll(new RawBinarySource(channel(big), false)));
        assertTrue(e.getMessage().contains("use --tcp"), e.getMessage());
    }

    @Test
    void readsADatagramOfTheLargestSize() throws IOException {
        byte[] big = new byte[RawBinarySource.MAX_DATAGRAM];
        big[0] = 0x29;
        big[big.length - 1] = 0x55;
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(big), false));
        assertEquals(1, chunks.size());
        assertArrayEquals(big, chunks.get(0).data());
    }

    @Test
    void streamsDatagramsBackToBackInChunksWhateverTheirLength() throws IOException {
        byte[] big = new byte[3 * RawBinarySource.MAX_DATAGRAM];
        for (int i = 0; i < big.length; i += DATAGRAM.length)
            System.arraycopy(DATAGRAM, 0, big, i, Math.min(DATAGRAM.length, big.length - i));
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(big), false, true));
        assertTrue(chunks.size() >= 3, "chunks: " + chunks.size());
        for (PayloadChunk c : chunks) assertTrue(c.isBackToBack(), "stream " + c.stream());
        assertArrayEquals(big, concat(chunks));
    }

    @Test
    void tcpWinsOverBackToBack() throws IOException {
        List<PayloadChunk> chunks = readAll(new RawBinarySource(channel(DATAGRAM), true, true));
        assertEquals(0, chunks.get(0).stream());
    }

    @Test
    void emptyInputGivesNothing() throws IOException {
        assertEquals(List.of(), readAll(new RawBinarySource(channel(new byte[0]), false)));
    }

    private static byte[] concat(List<PayloadChunk> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (PayloadChunk c : chunks) out.writeBytes(c.data());
        return out.toByteArray();
    }
}
