package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import java.util.List;
import org.jgroups.EmptyMessage;
import org.jgroups.Message;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.ByteArrayDataOutputStream;
import org.jgroups.util.Util;
import org.jgwire.codec.runtime.WireVariants;
import org.junit.jupiter.api.Test;

class FrameDetectorTest {

    @Test
    void knowsExactlyTheVersionShortsOfTheWireVariantTable() {
        for (int s = 0; s < 1 << 16; s++)
            assertEquals(WireVariants.isKnownVersionShort(s), FrameDetector.isKnownVersion(s), "version short " + s);
    }

    @Test
    void acceptsRealSingleAndListFrames() throws Exception {
        for (byte[] f : new byte[][] {single(0, 1), single(100, 2), list(1, 3), list(5, 4)})
            assertTrue(FrameDetector.isPlausibleTransportFrame(f, 0, f.length));
    }

    @Test
    void acceptsAFrameInsideALargerBuffer() throws Exception {
        byte[] f = single(10, 1);
        byte[] buf = concat(new byte[] {9, 9, 9}, f, new byte[] {9});
        assertTrue(FrameDetector.isPlausibleTransportFrame(buf, 3, f.length));
    }

    @Test
    void acceptsAFrameWithIpAddressesAndNullCluster() throws Exception {
        Message msg = new EmptyMessage(new IpAddress("127.0.0.1", 7800)).setSrc(new IpAddress("::1", 7801));
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream();
        Util.writeMessage(msg, out, true);
        assertTrue(FrameDetector.isPlausibleTransportFrame(out.buffer(), 0, out.position()));
        out = new ByteArrayDataOutputStream();
        Util.writeMessageList(null, new IpAddress("127.0.0.1", 7800), null, List.of(msg), out, false);
        assertTrue(FrameDetector.isPlausibleTransportFrame(out.buffer(), 0, out.position()));
    }

    @Test
    void rejectsAFrameCutBeforeItsMessage() throws Exception {
        byte[] f = list(3, 1);
        int cut = 3 + 1 + 17; // version, flags, null dest, UUID src: the cluster name and count are missing
        assertFalse(FrameDetector.isPlausibleTransportFrame(f, 0, cut));
        assertFalse(FrameDetector.isPlausibleTransportFrame(f, 0, 2));
    }

    @Test
    void rejectsHandWrittenNonFrames() {
        byte[] unknownVersion = {
            0x00, 0x01, // version 0.0.1: no wire variant
            0x00, // flags
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00
        }; // type, leading, flags, header count
        assertFalse(FrameDetector.isPlausibleTransportFrame(unknownVersion, 0, unknownVersion.length));

        byte[] badFlags = {
            0x29, 0x47, // version 5.5.7
            0x04, // flags: bit 4 is neither LIST nor MULTICAST
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
        };
        assertFalse(FrameDetector.isPlausibleTransportFrame(badFlags, 0, badFlags.length));

        byte[] badLeading = {
            0x29, 0x47, // version 5.5.7
            0x00, // flags: single message
            0x00, 0x01, // type: BytesMessage
            0x08, // leading: only DEST_SET|SRC_SET exist in 5.x
            0x00, 0x00, 0x00, 0x00
        };
        assertFalse(FrameDetector.isPlausibleTransportFrame(badLeading, 0, badLeading.length));

        byte[] badAddress = {
            0x29, 0x47, // version 5.5.7
            0x01, // flags: LIST
            0x03, // dest address flags NULL|UUID_ADDR: never written together
            0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
        };
        assertFalse(FrameDetector.isPlausibleTransportFrame(badAddress, 0, badAddress.length));

        byte[] dnsQuery = {0x12, 0x34, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
        assertFalse(FrameDetector.isPlausibleTransportFrame(dnsQuery, 0, dnsQuery.length));
    }

    @Test
    void acceptsTheSmallestHandWritten4xFrame() {
        byte[] f = {
            0x20,
            (byte) 0x9E, // version 4.2.30
            0x02, // flags: MULTICAST
            0x02, // leading: SRC_SET (no type short before 5.0)
            0x00,
            0x00, // message flags
            0x02, // src address: UUID_ADDR
            1,
            2,
            3,
            4,
            5,
            6,
            7,
            8,
            9,
            10,
            11,
            12,
            13,
            14,
            15,
            16, // two longs
            0x00,
            0x00
        }; // header count 0
        assertTrue(FrameDetector.isPlausibleTransportFrame(f, 0, f.length));
        assertFalse(FrameDetector.isPlausibleTransportFrame(f, 0, f.length - 1));
    }

    @Test
    void neverThrowsOnBadBounds() {
        byte[] b = new byte[10];
        assertFalse(FrameDetector.isPlausibleTransportFrame(null, 0, 5));
        assertFalse(FrameDetector.isPlausibleTransportFrame(b, -1, 5));
        assertFalse(FrameDetector.isPlausibleTransportFrame(b, 8, 5));
        assertFalse(FrameDetector.isPlausibleTransportFrame(b, 0, -3));
    }

    @Test
    void neverThrowsOnAnyTruncationOfRealFrames() throws Exception {
        for (byte[] f : new byte[][] {single(40, 1), list(3, 2), gossipRegister(), gossipMessage(single(5, 3))}) {
            for (int n = 0; n <= f.length; n++) {
                byte[] cut = Arrays.copyOf(f, n);
                FrameDetector.isPlausibleTransportFrame(cut, 0, n);
                FrameDetector.gossip(cut, 0, n, n, true);
                FrameDetector.bareMessage(cut, 0, n, n);
            }
        }
    }

    @Test
    void recognisesWholeGossipDataAndRejectsTransportFrames() throws Exception {
        byte[] reg = gossipRegister(), msg = gossipMessage(single(30, 1)), frame = single(30, 1);
        assertEquals(FrameDetector.YES, FrameDetector.gossip(reg, 0, reg.length, reg.length, true));
        assertEquals(FrameDetector.YES, FrameDetector.gossip(msg, 0, msg.length, msg.length, true));
        assertEquals(FrameDetector.MORE, FrameDetector.gossip(msg, 0, msg.length - 1, msg.length, true));
        assertEquals(FrameDetector.NO, FrameDetector.gossip(frame, 0, frame.length, frame.length, true));
    }
}
