package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Placing a frame in the packet it came in: whole (a datagram), its end or its start (a TCP frame across segments). */
class FrameInPacketTest {
    private static byte[] bytes(int from, int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (from + i * 7);
        return b;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void aDatagramIsWholeAfterTheHeaders() {
        byte[] headers = new byte[42], frame = bytes(3, 100);
        assertEquals(new FrameInPacket(42, 42, 142), FrameInPacket.locate(concat(headers, frame), frame));
    }

    @Test
    void aTcpFrameAcrossSegmentsShowsItsEndOrItsStart() {
        byte[] headers = new byte[54], frame = bytes(5, 300);
        // the segment that completed it holds its last 120 bytes
        byte[] last = concat(headers, Arrays.copyOfRange(frame, 180, 300));
        assertEquals(new FrameInPacket(54 - 180, 54, 174), FrameInPacket.locate(last, frame));
        // a segment holding only its first 90 bytes
        byte[] first = concat(headers, Arrays.copyOf(frame, 90));
        assertEquals(new FrameInPacket(54, 54, 144), FrameInPacket.locate(first, frame));
    }

    @Test
    void aPacketWithoutTheFrameGivesNothing() {
        assertNull(FrameInPacket.locate(bytes(1, 80), bytes(100, 40)));
        assertNull(FrameInPacket.locate(null, bytes(1, 10)));
    }
}
