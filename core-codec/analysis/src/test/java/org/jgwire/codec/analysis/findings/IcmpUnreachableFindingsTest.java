package org.jgwire.codec.analysis.findings;

import static org.jgwire.codec.analysis.Records.A;
import static org.jgwire.codec.analysis.Records.B;
import static org.jgwire.codec.analysis.Records.C;
import static org.jgwire.codec.analysis.Records.header;
import static org.jgwire.codec.analysis.Records.view;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

/**
 * {@code icmp-unreachable}: whose closed port the bounces name, who still sent to it, and the severity rule: a port
 * closed while no view has left its member out is a warning, so are bounces that go on for the threshold after it
 * left; a few right after it left are for information.
 */
class IcmpUnreachableFindingsTest {
    private static final long T0 = 1_700_000_000_000_000_000L;
    private static final Endpoint EP_A = ep(7800), EP_B = ep(7801), EP_C = ep(7802);
    private static final HeaderRecord GMS_VIEW = header("GMS", "GmsHeader", "type", "VIEW");

    private final List<Record> records = new ArrayList<>();

    private static Endpoint ep(int port) {
        return new Endpoint("127.0.0.1", port);
    }

    private static FrameInfo at(long packet, long ms, Endpoint src, Endpoint dst) {
        return new FrameInfo(packet, T0 + ms * 1_000_000L, src, dst, Transport.UDP);
    }

    /** A message {@code src} sent from {@code from}, with its discovery data where it has some. */
    private void sent(long packet, long ms, NodeAddress src, Endpoint from, ViewInfo v, HeaderRecord h, Discovery d) {
        records.add(MessageRecord.builder(at(packet, ms, from, ep(45588)))
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .src(src)
                .multicast(true)
                .cluster("c")
                .headers(List.of(h))
                .view(v)
                .discovery(d != null ? List.of(d) : List.of())
                .range(0, 40)
                .build());
    }

    private void bounce(long packet, long ms, Endpoint from, Endpoint to) {
        records.add(new BounceRecord(at(packet, ms, from, to), to.ip(), false, BounceRecord.PORT_UNREACHABLE_V4));
    }

    /** A, B and C in one view, each having said where it listens (C through its discovery data only). */
    private void cluster() {
        sent(1, 0, A, EP_A, view(A, 1, A, B, C), GMS_VIEW, null);
        sent(2, 10, B, EP_B, null, header("FD_ALL3", "HeartbeatHeader"), null);
        sent(
                3,
                20,
                A,
                EP_A,
                null,
                header("PING", "PingHeader", "type", "GET_MBRS_RSP"),
                new Discovery(C, "C", "127.0.0.1:7802", false, "discovery"));
    }

    private List<Finding> run(long thresholdMs) {
        MembershipTimeline t = new MembershipTimeline();
        IcmpUnreachableFindings d = new IcmpUnreachableFindings(t, thresholdMs);
        for (Record r : records) {
            t.accept(r);
            d.accept(r);
        }
        t.finish();
        d.finish();
        return d.result();
    }

    @Test
    void aPortClosedBeforeAnyViewLeftItsMemberOutIsAWarning() {
        cluster();
        bounce(10, 1_000, EP_A, EP_C);
        bounce(11, 1_500, EP_A, EP_C);
        bounce(12, 1_600, EP_B, EP_C);
        sent(13, 3_000, A, EP_A, view(A, 2, A, B), GMS_VIEW, null); // C removed
        bounce(14, 3_100, EP_A, EP_C); // in flight as the view came
        List<Finding> found = run(Thresholds.ICMP_UNREACHABLE_MS);
        assertEquals(1, found.size(), found.toString());
        Finding f = found.get(0);
        assertEquals(FindingCode.ICMP_UNREACHABLE, f.code());
        assertEquals(Severity.WARNING, f.severity());
        assertEquals(List.of(C, A, B), f.members(), "the closed port's member, then who still sent to it");
        assertEquals(List.of(10L, 11L, 12L, 14L), f.frames(), "the ICMP packets");
        assertEquals(T0 + 1_000_000_000L, f.startNs());
        assertEquals(T0 + 3_100_000_000L, f.endNs());
        assertEquals("127.0.0.1:7802", f.fields().get("endpoint"));
        assertEquals(4L, f.fields().get("bounces"));
        assertEquals(3L, f.fields().get("while_in_view"));
        assertEquals(Map.of(A, 3L, B, 1L), f.fields().get("bounces_by_sender"));
        assertEquals("removed", f.fields().get("left"));
        assertEquals(13L, f.fields().get("left_at_frame"));
        assertEquals(false, f.fields().get("still_sending"));
        assertEquals(Thresholds.ICMP_UNREACHABLE_MS, f.fields().get("threshold_ms"));
        String s = f.summary(a -> a.equals(A) ? "A" : a.equals(B) ? "B" : "C");
        assertTrue(s.startsWith("A and B sent 4 datagrams to 127.0.0.1:7802 (C's)"), s);
        assertTrue(s.contains("3 of them before a view left C out (frame #13)"), s);
    }

    @Test
    void aFewBouncesAfterAGracefulLeaveAreForInformationAndGoingOnPastTheThresholdIsAWarning() {
        cluster();
        sent(20, 5_000, B, EP_B, null, header("GMS", "GmsHeader", "type", "LEAVE_REQ"), null);
        sent(21, 5_050, A, EP_A, view(A, 2, A, C), GMS_VIEW, null);
        bounce(22, 5_060, EP_A, EP_B);
        Finding f = run(Thresholds.ICMP_UNREACHABLE_MS).get(0);
        assertEquals(Severity.INFO, f.severity(), f.toString());
        assertEquals(List.of(B, A), f.members());
        assertEquals(0L, f.fields().get("while_in_view"));
        assertEquals("leave", f.fields().get("left"));
        assertEquals(20L, f.fields().get("left_at_frame"), "from its leave request");
        assertTrue(f.summary(a -> a.equals(A) ? "A" : "B").contains("after B asked to leave (frame #20)"));

        bounce(23, 30_060, EP_A, EP_B); // 25 s after the view without it
        Finding late = run(20_000).get(0);
        assertEquals(Severity.WARNING, late.severity(), late.toString());
        assertEquals(25_010L, late.fields().get("after_leaving_ms"));
        assertEquals(Severity.INFO, run(30_000).get(0).severity(), "within a longer threshold");
    }

    @Test
    void anEndpointOfNoKnownMemberIsNamedByItsAddress() {
        cluster();
        bounce(30, 1_000, EP_A, ep(9999));
        Finding f = run(20_000).get(0);
        assertEquals(Severity.INFO, f.severity());
        assertEquals(
                new NodeAddress("127.0.0.1:9999", "IpAddress", null, null),
                f.members().get(0));
        assertEquals(A, f.members().get(1));
        bounce(31, 21_000, EP_A, ep(9999));
        assertEquals(Severity.WARNING, run(20_000).get(0).severity(), "bouncing for the threshold");
    }

    @Test
    void aMemberThatKeepsSendingFromTheBouncedEndpointHasNoClosedPort() {
        cluster();
        sent(40, 1_000, C, EP_C, null, header("FD_ALL3", "HeartbeatHeader"), null);
        bounce(41, 1_100, EP_A, EP_C);
        sent(42, 2_000, C, EP_C, null, header("FD_ALL3", "HeartbeatHeader"), null);
        Finding f = run(20_000).get(0);
        assertEquals(Severity.WARNING, f.severity());
        assertEquals(true, f.fields().get("still_sending"));
        assertTrue(f.summary(a -> "x").contains("its port is not closed"), f.summary());
    }

    @Test
    void aMemberRestartedOnTheSamePortIsAnotherOwner() {
        cluster();
        NodeAddress c2 = NodeAddress.uuid("00000000-0000-0000-0000-0000000000c2");
        bounce(50, 1_000, EP_A, EP_C); // the first C killed
        sent(51, 3_000, A, EP_A, view(A, 2, A, B), GMS_VIEW, null);
        sent(52, 4_000, c2, EP_C, null, header("FD_ALL3", "HeartbeatHeader"), null);
        sent(53, 4_100, A, EP_A, view(A, 3, A, B, c2), GMS_VIEW, null);
        sent(54, 6_000, A, EP_A, view(A, 4, A, B), GMS_VIEW, null); // the second one gone too
        bounce(55, 6_100, EP_B, EP_C);
        List<Finding> found = run(20_000);
        assertEquals(2, found.size(), found.toString());
        assertEquals(List.of(C, A), found.get(0).members());
        assertEquals(Severity.WARNING, found.get(0).severity());
        assertEquals(List.of(c2, B), found.get(1).members());
        assertEquals(Severity.INFO, found.get(1).severity(), "after the view without it");
        assertEquals(54L, found.get(1).fields().get("left_at_frame"));
    }
}
