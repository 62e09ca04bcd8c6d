package org.jgwire.codec.network.tcp;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.RecordingSink;
import org.jgwire.codec.framing.WireFixtures;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.network.TcpSegment;
import org.junit.jupiter.api.Test;

/** Untrusted input: arbitrary segments never make the reassembler throw or hold memory past its limits. */
class TcpReassemblerRobustnessTest {

    @Test
    void survivesArbitrarySegmentsWithinItsLimits() {
        Random rnd = new Random(5);
        RecordingSink sink = new RecordingSink();
        Limits limits = Limits.builder()
                .maxFrameLength(1 << 20)
                .maxOpenStreams(8)
                .maxStreamBuffer(4096)
                .maxIpFragmentSets(16)
                .build();
        TcpReassembler tcp = new TcpReassembler(limits, sink);
        byte[] data = WireFixtures.concat(new byte[3000]);
        rnd.nextBytes(data);
        for (int i = 0; i < 20_000; i++) {
            Endpoint a = new Endpoint("10.0.0." + rnd.nextInt(6), 1000), b = new Endpoint("10.0.1.1", 7800);
            boolean up = rnd.nextBoolean();
            int off = rnd.nextInt(data.length), len = rnd.nextInt(Math.min(1500, data.length - off) + 1);
            long seq = rnd.nextInt(4) == 0 ? rnd.nextLong() & 0xFFFF_FFFFL : 0xFFFF_F000L + rnd.nextInt(8192);
            tcp.segment(
                    new TcpSegment(up ? a : b, up ? b : a, seq & 0xFFFF_FFFFL, rnd.nextInt(32), data, off, len), i, i);
            assertTrue(tcp.openStreams() <= 8);
            assertTrue(tcp.bufferedBytes() <= 8L * (4096 + 1500 + (1 << 20) + 4));
        }
        tcp.finish(20_001, -1);
        assertEquals(0, tcp.openStreams());
        assertEquals(0, tcp.bufferedBytes());
    }
}
