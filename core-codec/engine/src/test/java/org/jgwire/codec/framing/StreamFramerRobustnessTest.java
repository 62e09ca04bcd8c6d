package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.StreamFramerTcpTest.assertAllAccounted;
import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.junit.jupiter.api.Test;

/** Untrusted input: whatever the bytes, the framer never throws and accounts for every byte. */
class StreamFramerRobustnessTest {

    @Test
    void survivesRealFramesMixedWithNoiseAndGaps() throws Exception {
        Random rnd = new Random(11);
        byte[][] parts = {
            prefixed(single(50, 1)),
            prefixed(list(3, 2)),
            gossipRegister(),
            handshake(new IpAddress("127.0.0.1", 7800)),
            int32(-5),
            int32(70_000_000),
            int32(-1),
            WireFixtures.payload(40, 3),
            prefixed(gossipMessage(single(20, 4)))
        };
        for (int round = 0; round < 300; round++) {
            RecordingSink sink = new RecordingSink();
            StreamFramer f = new StreamFramer(
                    CLIENT, SERVER, Limits.builder().maxFrameLength(1 << 16).build(), sink);
            for (int i = 0; i < 20; i++) {
                byte[] p = parts[rnd.nextInt(parts.length)];
                int from = rnd.nextInt(3) == 0 ? rnd.nextInt(p.length) : 0;
                int to = from + rnd.nextInt(p.length - from + 1);
                if (rnd.nextInt(10) == 0) f.gap(1 + rnd.nextInt(100), i, -1);
                f.data(p, from, to - from, i, -1);
            }
            f.end(99, -1);
            assertAllAccounted(f);
            for (RecordingSink.Frame fr : sink.frames) assertTrue(fr.bytes().length <= 1 << 16);
        }
    }

    @Test
    void keepsMemoryBoundedOnEndlessNoise() {
        StreamFramer f = new StreamFramer(CLIENT, SERVER, Limits.DEFAULTS, new RecordingSink());
        byte[] noise = WireFixtures.payload(1 << 16, 5);
        for (int i = 0; i < 64; i++) {
            f.data(noise, 0, noise.length, i, -1);
            assertTrue(f.bytesBuffered() < 3 * noise.length, "buffered " + f.bytesBuffered());
        }
        f.end(65, -1);
        assertAllAccounted(f);
    }
}
