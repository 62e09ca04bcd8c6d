package org.jgwire.codec.analysis.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.Records;
import org.jgwire.codec.analysis.activity.MemberActivity;
import org.jgwire.codec.analysis.findings.CreditStallFindings;
import org.jgwire.codec.analysis.findings.Detector;
import org.jgwire.codec.analysis.findings.DiscoveryFindings;
import org.jgwire.codec.analysis.findings.ExclusionFindings;
import org.jgwire.codec.analysis.findings.FlappingFindings;
import org.jgwire.codec.analysis.findings.GroupSharingFindings;
import org.jgwire.codec.analysis.findings.IcmpUnreachableFindings;
import org.jgwire.codec.analysis.findings.RetransmissionFindings;
import org.jgwire.codec.analysis.findings.RpcTimeoutFindings;
import org.jgwire.codec.analysis.findings.SlowMergeFindings;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.api.Test;

class AnalysesTest {
    /** Keeps the packet numbers of what it was fed. */
    private static final class Recording implements Analysis<List<Long>> {
        private final Input input;
        private final List<Long> packets = new ArrayList<>();
        boolean finished;

        Recording(Input input) {
            this.input = input;
        }

        @Override
        public Input input() {
            return input;
        }

        @Override
        public void accept(Record r) {
            packets.add(r.frame().packet());
        }

        @Override
        public void finish() {
            finished = true;
        }

        @Override
        public List<Long> result() {
            return packets;
        }
    }

    private static MessageRecord fragment(long packet, int fragId) {
        return Records.message(
                packet,
                packet,
                Records.A,
                null,
                7800,
                null,
                Records.header("FRAG2", "FragHeader", "id", 1L, "frag_id", fragId, "num_frags", 2));
    }

    private static MessageRecord message(long packet) {
        return Records.message(packet, packet, Records.A, null, 7800, null);
    }

    @Test
    void wireAnalysesTakeFragmentsFromTheTapOnceAndMessageAnalysesTakeEveryRecord() {
        Recording wire = new Recording(Analysis.Input.WIRE), messages = new Recording(Analysis.Input.MESSAGES);
        Analyses set = new Analyses(List.of(wire, messages), true);
        set.acceptFragment(fragment(1, 0));
        set.acceptFragment(fragment(2, 1));
        set.accept(message(3)); // reassembled from 1 and 2 (the wire analyses skip it themselves)
        set.acceptFragment(fragment(4, 0));
        set.accept(fragment(4, 0)); // a fragment the reassembler showed as it was: tapped already
        set.accept(message(5));
        set.finish();
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), wire.result());
        assertEquals(List.of(3L, 4L, 5L), messages.result());
        assertTrue(wire.finished && messages.finished);
        assertTrue(set.readsWire());
    }

    @Test
    void withoutReassemblyTheWireAnalysesTakeFragmentsFromTheRecords() {
        Recording wire = new Recording(Analysis.Input.WIRE);
        Analyses set = new Analyses(List.of(wire), false);
        set.accept(fragment(1, 0));
        set.accept(fragment(2, 1));
        assertEquals(List.of(1L, 2L), wire.result());
    }

    @Test
    void allMakesEveryRegisteredAnalysisAndOnlyTheOnesAsked() {
        Analyses all = Analyses.all(true);
        for (Class<?> c :
                List.of(MembershipTimeline.class, TrafficStats.class, ReliabilityTracker.class, RpcTracker.class))
            assertTrue(all.list().stream().anyMatch(c::isInstance), c.getSimpleName());
        assertFalse(all.get(TrafficStats.class) == Analyses.all(true).get(TrafficStats.class), "fresh instances");

        Analyses views = Analyses.only(true, MembershipTimeline.class);
        assertEquals(1, views.list().size());
        assertFalse(views.readsWire(), "no fragment tap wanted");
        assertThrows(IllegalArgumentException.class, () -> views.get(TrafficStats.class));
    }

    @Test
    void resultsAreWhatTheAnalysesFound() {
        Analyses set = Analyses.all(true);
        set.accept(message(1));
        set.acceptFragment(fragment(2, 0));
        set.finish();
        assertEquals(2, set.get(TrafficStats.class).result().messages());
        assertEquals(List.of(), set.get(MembershipTimeline.class).result());
    }

    @Test
    void detectorsComeWithTheAnalysesTheyBuildOnAndNothingElse() {
        Analyses detectors = Analyses.detectors(true);
        List<Class<?>> kept =
                detectors.list().stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(
                List.of(
                        MembershipTimeline.class,
                        ReliabilityTracker.class,
                        RpcTracker.class,
                        MemberActivity.class,
                        ExclusionFindings.class,
                        SlowMergeFindings.class,
                        RetransmissionFindings.class,
                        RpcTimeoutFindings.class,
                        CreditStallFindings.class,
                        GroupSharingFindings.class,
                        DiscoveryFindings.class,
                        IcmpUnreachableFindings.class,
                        FlappingFindings.class),
                kept);
        ExclusionFindings exclusions = detectors.get(ExclusionFindings.class);
        assertTrue(detectors.readsWire(), "member activity reads the wire's messages");
        detectors.finish();
        assertEquals(List.of(), exclusions.result());
        assertEquals(List.of(), detectors.findings());
        assertTrue(Analyses.all(true).list().stream().anyMatch(a -> a instanceof Detector), "all holds the detectors");
    }
}
