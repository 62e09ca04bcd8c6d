package org.jgwire.codec.analysis.stats;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.message;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

class TrafficStatsTest {
    private final TrafficStats t = new TrafficStats();

    @Test
    void countsPerMemberHeaderTypeAndSecondWithTheTopSender() {
        t.accept(message(1, 0, A, null, 45588, null, header("NAKACK2", "NakAckHeader2", "type", "MSG")));
        t.accept(message(2, 10, B, null, 45588, null, header("NAKACK2", "NakAckHeader2", "type", "MSG")));
        t.accept(message(3, 20, B, A, 7800, null, header("UFC", "FcHeader", "type", (byte) 2))); // CREDIT_REQUEST
        t.accept(message(4, 1500, A, null, 45588, null, header("NAKACK2", "NakAckHeader2", "type", "MSG")));
        TrafficStats.Snapshot s = t.snapshot();
        assertEquals(4, s.messages());
        assertEquals(160, s.bytes(), "40 bytes each");
        assertEquals(
                List.of(A, B),
                s.members().stream().map(TrafficStats.MemberStats::member).toList());
        TrafficStats.MemberStats b = s.members().get(1);
        assertEquals(1, b.creditRequests());
        assertEquals(1, b.unicasts());
        assertEquals("NAKACK2 MSG", s.headerTypes().get(0).key());
        assertEquals(3, s.headerTypes().get(0).messages());
        assertEquals("UFC CREDIT_REQUEST", s.headerTypes().get(1).key());
        assertEquals(2, s.perSecond().size());
        assertEquals(B, s.perSecond().get(0).top());
        assertEquals(80, s.perSecond().get(0).topBytes());
    }

    @Test
    void countsMessagesPerSecondPerMemberAndPerFirstHeaderProtocol() {
        t.accept(message(
                1,
                0,
                A,
                null,
                45588,
                null,
                header("NAKACK2", "NakAckHeader2", "type", "MSG"),
                header("UDP", "TpHeader")));
        t.accept(message(2, 300, A, null, 45588, null, header("NAKACK2", "NakAckHeader2", "type", "MSG")));
        t.accept(message(
                3,
                2100,
                B,
                A,
                7800,
                null,
                header("UNICAST3", "UnicastHeader3", "type", "DATA"),
                header("UDP", "TpHeader")));
        t.accept(message(4, 2200, B, A, 7800, null)); // no header: a member's message, no protocol's
        long s0 = 1_700_000_000L; // Records' first message is at epoch second 1.7e9
        List<TrafficStats.Rate> members = t.memberRates();
        assertEquals(
                List.of(A, B), members.stream().map(TrafficStats.Rate::member).toList());
        assertEquals(Map.of(s0, 2L), members.get(0).perSecond());
        assertEquals(Map.of(s0 + 2, 2L), members.get(1).perSecond());
        List<TrafficStats.Rate> protocols = t.protocolRates();
        assertEquals(
                List.of("NAKACK2", "UNICAST3"),
                protocols.stream().map(TrafficStats.Rate::key).toList());
        assertEquals(2, protocols.get(0).messages());
        assertEquals(Map.of(s0 + 2, 1L), protocols.get(1).perSecond());
    }

    @Test
    void keepsAtMostMaxRateKeysMembersAndCountsTheRestAsOther() {
        for (int i = 0; i < TrafficStats.MAX_RATE_KEYS + 3; i++)
            t.accept(message(
                    i + 1,
                    i,
                    NodeAddress.uuid(String.format("00000000-0000-0000-0000-%012x", 0x100 + i)),
                    null,
                    45588,
                    null));
        List<TrafficStats.Rate> members = t.memberRates();
        assertEquals(TrafficStats.MAX_RATE_KEYS + 1, members.size());
        TrafficStats.Rate other = members.get(0);
        assertEquals("(other)", other.key());
        assertEquals(null, other.member());
        assertEquals(3, other.messages());
    }

    @Test
    void measuresHeartbeatIntervalsPerPathAndSkipsReassembledMessages() {
        for (int i = 0; i < 3; i++) {
            t.accept(message(2 * i + 1, i * 1000, A, null, 7801, null, header("FD_ALL3", "HeartbeatHeader")));
            t.accept(message(2 * i + 2, i * 1000 + 1, A, null, 7802, null, header("FD_ALL3", "HeartbeatHeader")));
        }
        MessageRecord m = message(9, 5000, A, null, 7801, null);
        t.accept(m.toBuilder().range(-1, -1).reassembledFrom(List.of(7L, 8L)).build());
        TrafficStats.MemberStats a = t.snapshot().members().get(0);
        assertEquals(6, a.heartbeats());
        assertEquals(4, a.heartbeatIntervals().count(), "two per path, none between the copies");
        assertEquals(1000.0, a.heartbeatIntervals().max(), 1e-9);
        assertEquals(6, a.messages(), "the reassembled message is not wire traffic");
    }

    @Test
    void fdSockSignalsAreMessageTypesButAnAbnormalTerminationIsNoMessageOfTheMemberItNames() {
        Endpoint server = new Endpoint("127.0.0.1", 7900), pinger = new Endpoint("127.0.0.1", 40000);
        // the decoder names the members of announced server sockets: A's leaves, B's stops being pinged
        t.accept(MessageRecord.signal(
                new FrameInfo(1, 0, server, pinger, Transport.FD_SOCK), "NORMAL_TERMINATION", A, null, 1));
        t.accept(MessageRecord.signal(
                new FrameInfo(1, 500, pinger, server, Transport.FD_SOCK), "NORMAL_TERMINATION", null, B, 1));
        t.accept(MessageRecord.signal(
                new FrameInfo(2, 1_000, server, pinger, Transport.FD_SOCK), MessageRecord.ABNORMAL_TERMINATION, A, 0));
        TrafficStats.Snapshot s = t.snapshot();
        assertEquals(2, s.messages(), "the bytes NORMAL_TERMINATION travelled, the close carried nothing");
        assertEquals(
                List.of("NORMAL_TERMINATION"),
                s.messageTypes().stream().map(TrafficStats.Count::key).toList());
        assertEquals(List.of(), s.members(), "no member sent a message: signals, and a closed socket");
    }
}
