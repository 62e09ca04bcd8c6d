package org.jgwire.codec.network.tcp;

import static org.jgwire.codec.framing.WireFixtures.*;
import static org.jgwire.codec.network.tcp.TcpFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.RecordingSink;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.network.TcpSegment;
import org.junit.jupiter.api.Test;

/** Connections whose first data segment the capture missed hold what follows only up to the shared budget. */
class HeldBytesBudgetTest {
    private static final Endpoint SERVER = new Endpoint("127.0.0.1", 7800);

    @Test
    void fortyConnectionsMissingTheirFirstSegmentStayWithinTheBudget() throws Exception {
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 40; i++) frames.add(single(2000, i));
        byte[] stream = concat(handshake(new IpAddress("127.0.0.1", 7801)), prefixed(frames.toArray(byte[][]::new)));
        int budget = 200_000;
        Limits limits = Limits.builder().maxHeldBytes(budget).build();
        HeldBytes held = new HeldBytes(budget);
        RecordingSink sink = new RecordingSink();
        TcpReassembler tcp = new TcpReassembler(limits, sink, held);
        long packet = 0, peak = 0;
        List<List<TcpSegment>> connections = new ArrayList<>();
        for (int c = 0; c < 40; c++) {
            Endpoint client = new Endpoint("10.0.0." + (c + 1), 40000 + c);
            tcp.segment(syn(client, SERVER, 1000L * c), ++packet, packet);
            connections.add(segments(client, SERVER, 1000L * c, stream, 1460));
        }
        int n = connections.get(0).size();
        for (int i = 1; i < n; i++) // segment 0 (the handshake and the first frame) of every connection is lost
        for (List<TcpSegment> c : connections) {
                tcp.segment(c.get(i), ++packet, packet);
                held.enforce(packet, packet); // as the decoder does between packets
                peak = Math.max(peak, held.total());
            }
        assertTrue(peak <= budget + 1460, "held at most the budget and one segment: " + peak);
        assertTrue(held.evictions() > 0);
        List<RecordingSink.Problem> limitsHit = sink.problems.stream()
                .filter(p -> p.kind() == ProblemKind.LIMIT)
                .toList();
        assertFalse(limitsHit.isEmpty());
        assertTrue(
                limitsHit.get(0).message().contains("--max-held-bytes"),
                limitsHit.get(0).message());
        tcp.finish(++packet, -1);
        assertEquals(0, held.total(), "everything given back");
        // Every connection lost only the frames its first segment held: the first one and the one it cut.
        for (List<TcpSegment> c : connections) {
            Endpoint client = c.get(0).src();
            long got = sink.frames.stream()
                    .filter(f -> f.info().src().equals(client))
                    .count();
            assertTrue(got >= frames.size() - 2, client + ": " + got + " frames");
        }
    }
}
