package org.jgwire.codec.framing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.BounceRecord;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.IcmpBounce;
import org.jgwire.codec.network.JGroupsEndpoints;
import org.jgwire.codec.network.UdpDatagram;
import org.junit.jupiter.api.Test;

/** Which datagrams are frames, which MPING, which other traffic; and what their delivery teaches. */
class DatagramFramerTest {
    private static final Endpoint MEMBER = new Endpoint("10.0.0.1", 7800), OTHER = new Endpoint("10.0.0.2", 7800);
    private static final Endpoint GROUP = new Endpoint("239.1.2.3", 45566);
    private static final byte[] JUNK = "not a frame at all, just some text".getBytes();

    private final JGroupsEndpoints endpoints = new JGroupsEndpoints(16);
    private final List<String> handed = new ArrayList<>();
    private final List<DatagramFramer.Teaches> teaches = new ArrayList<>();
    private final List<OtherFlow> others = new ArrayList<>();
    private boolean mpingDecodesCleanly = true;

    private final DatagramFramer framer = new DatagramFramer(false, endpoints, this::decodeMping, new Sink());

    private List<Record> decodeMping(byte[] buf, int off, int len, FrameInfo info) {
        return List.of(
                mpingDecodesCleanly
                        ? MessageRecord.signal(info, "GET_MBRS_REQ")
                        : new ErrorRecord(info, ProblemKind.MALFORMED, 0, "not this jar's layout"));
    }

    private final class Sink implements DatagramFramer.Sink {
        @Override
        public void frame(FrameInfo info, byte[] buf, int off, int len, DatagramFramer.Teaches t) {
            assertEquals(Transport.UDP, info.transport());
            handed.add("frame");
            teaches.add(t);
        }

        @Override
        public void decoded(
                FrameInfo info, byte[] buf, int off, int len, List<Record> records, DatagramFramer.Teaches t) {
            assertEquals(Transport.MPING, info.transport());
            handed.add("mping " + records.get(0).getClass().getSimpleName());
            teaches.add(t);
        }

        @Override
        public void bounced(BounceRecord bounce) {
            handed.add("bounce " + bounce.frame().src() + ">" + bounce.frame().dst() + " " + bounce.reason());
        }

        @Override
        public void other(OtherFlow flow) {
            others.add(flow);
        }
    }

    private void datagram(byte[] b, Endpoint src, Endpoint dst) {
        framer.datagram(new UdpDatagram(src, dst, b, 0, b.length), 1, 0);
    }

    @Test
    void aFrameTeachesItsEndpointsOnlyOnceItDecodesToAMessage() throws Exception {
        datagram(WireFixtures.single(20, 1), MEMBER, GROUP);
        assertEquals(List.of("frame"), handed);
        DatagramFramer.Teaches t = teaches.get(0);
        assertNotNull(t);
        assertFalse(endpoints.either(MEMBER, GROUP), "nothing learnt before its delivery");
        FrameInfo info = new FrameInfo(1, 0, MEMBER, GROUP, Transport.UDP);
        framer.delivered(t, List.of(new ErrorRecord(info, ProblemKind.MALFORMED, 0, "bad")));
        assertFalse(endpoints.either(MEMBER, GROUP), "an error teaches nothing");
        framer.delivered(t, List.of(MessageRecord.signal(info, "X")));
        assertTrue(endpoints.either(MEMBER, OTHER));
    }

    @Test
    void otherTrafficIsSkippedUnlessItTouchesAnEndpointThatCarriesJGroups() {
        datagram(JUNK, MEMBER, OTHER);
        assertEquals(List.of(), handed, "skipped silently");
        endpoints.carried(MEMBER, GROUP);
        datagram(JUNK, MEMBER, OTHER);
        assertEquals(List.of("frame"), handed, "a damaged frame, to report");
        assertNull(teaches.get(0), "a damaged frame teaches nothing");
    }

    @Test
    void aBounceOfADatagramToOrFromAJGroupsEndpointIsARecordOthersAreSkipped() {
        framer.bounce(new IcmpBounce(MEMBER, OTHER, "10.0.0.2", false, 3), 5, 0);
        assertEquals(List.of(), handed, "no JGroups seen at either end: the host's other traffic");
        endpoints.carried(MEMBER, GROUP);
        framer.bounce(new IcmpBounce(MEMBER, OTHER, "10.0.0.2", false, 3), 6, 0);
        framer.bounce(new IcmpBounce(OTHER, MEMBER, "10.0.0.1", true, 4), 7, 0);
        assertEquals(
                List.of(
                        "bounce 10.0.0.1:7800>10.0.0.2:7800 port unreachable",
                        "bounce 10.0.0.2:7800>10.0.0.1:7800 port unreachable"),
                handed);
        assertEquals(List.of(), others, "a bounce is no datagram of a flow");
    }

    @Test
    void withPortsGivenEveryBounceOnThemIsARecord() {
        DatagramFramer given = new DatagramFramer(true, endpoints, this::decodeMping, new Sink());
        given.bounce(new IcmpBounce(MEMBER, OTHER, "10.0.0.2", false, 13), 1, 0);
        assertEquals(List.of("bounce 10.0.0.1:7800>10.0.0.2:7800 communication administratively prohibited"), handed);
    }

    @Test
    void withPortsGivenEveryDatagramIsAFrame() {
        DatagramFramer given = new DatagramFramer(true, endpoints, this::decodeMping, new Sink());
        given.datagram(new UdpDatagram(MEMBER, OTHER, JUNK, 0, JUNK.length), 1, 0);
        assertEquals(List.of("frame"), handed);
    }

    @Test
    void anMpingToAGroupIsDecodedHereAndTeachesItsEndpointsWhenClean() throws Exception {
        byte[] mping = WireFixtures.mping();
        assertTrue(FrameDetector.isPlausibleMping(mping, 0, mping.length));
        datagram(mping, MEMBER, GROUP);
        assertEquals(List.of("mping MessageRecord"), handed);
        framer.delivered(teaches.get(0), List.of());
        assertTrue(endpoints.either(MEMBER, OTHER), "a clean MPING teaches whatever its records");
    }

    @Test
    void anMpingNoJarReadsCleanlyBetweenUnknownEndpointsIsOtherTraffic() throws Exception {
        mpingDecodesCleanly = false;
        datagram(WireFixtures.mping(), MEMBER, GROUP);
        assertEquals(List.of(), handed);
        endpoints.carried(MEMBER, GROUP);
        datagram(WireFixtures.mping(), MEMBER, GROUP);
        assertEquals(List.of("mping ErrorRecord"), handed, "at a JGroups endpoint: shown with its problem");
        assertNull(teaches.get(0));
    }

    @Test
    void anInputWithoutEndpointsTalliesByContentAloneTheDatagramsThatCannotBeJGroups() throws Exception {
        byte[] frame = WireFixtures.single(20, 1), mping = WireFixtures.mping();
        assertTrue(framer.otherByContent(JUNK, 0, JUNK.length, 3, -1));
        assertFalse(framer.otherByContent(frame, 0, frame.length, 4, -1), "a plausible frame is decoded");
        assertFalse(framer.otherByContent(mping, 0, mping.length, 5, -1), "so is what may be MPING");
        assertTrue(framer.otherByContent(JUNK, 2, 7, 9, -1));
        assertFalse(framer.otherByContent(frame, 0, 9, 10, -1), "cut short, it keeps its version: damage to report");
        assertTrue(framer.otherByContent(frame, 1, 9, 11, -1), "a frame's bytes without its version: no frame");
        assertTrue(framer.otherByContent(frame, 0, 1, 12, -1), "one byte holds no version");
        assertEquals(List.of(), handed, "the caller decodes; the framer only tallies");
        framer.finish();
        assertEquals(
                List.of(new OtherFlow(Transport.UDP, null, null, 4, JUNK.length + 7 + 9 + 1, 3, -1, 12, -1)),
                others,
                "one flow without endpoints, from the first line to the last");
        assertFalse(others.get(0).isRest(), "listed, unlike the datagrams of flows past the tallied ones");
    }

    @Test
    void withPortsGivenNothingIsOtherTrafficByContent() {
        DatagramFramer given = new DatagramFramer(true, endpoints, this::decodeMping, new Sink());
        assertFalse(given.otherByContent(JUNK, 0, JUNK.length, 1, -1));
        given.finish();
        assertEquals(List.of(), others);
    }
}
