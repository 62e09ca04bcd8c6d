package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.activity.MemberActivity;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.gui.TestHome;
import org.junit.jupiter.api.Test;

/**
 * The membership chart's rows on real faults of 5.5.7 samples, against what the members themselves recorded (the
 * samples' manifests):
 * one row per member; between a partition and its merge, each subgroup's rows in the subgroup's own view and the two
 * subgroups in different colours, one view for all after the merge; a killed member's row ends at its last message,
 * with the crash marked; a frozen member's row left out of its coordinator's later views until the merge.
 */
class MembershipLanesTest {
    /** The version the viewer's test distribution holds (TestHome). */
    static final String VERSION = "5.5.7";

    @Test
    void aPartitionShowsEachSubgroupInItsOwnViewUntilTheMerge() throws Exception {
        checkPartition(Loaded.of(TimelineMarksTest.SAMPLES.resolve(VERSION + "/udp-partition-merge.pcapng")));
    }

    @Test
    void anIncidentOfEightShowsTheCrashThenThePartitionAndItsMerge() throws Exception {
        Loaded l = Loaded.of(TimelineMarksTest.SAMPLES.resolve(VERSION + "/udp-incident.pcapng"));
        assertEquals(8, l.manifest.members().size());
        checkPartition(l);

        String victim = l.manifest.steps().get(0).members().get(0);
        MembershipLanes.Lane lane = l.lanes.lane(victim);
        List<MembershipLanes.Mark> crashes = lane.marks().stream()
                .filter(m -> m.kind() == MembershipLanes.MarkKind.CRASHED)
                .toList();
        assertEquals(1, crashes.size(), victim + "'s marks: " + lane.marks());
        long lastBar = lane.spans().get(lane.spans().size() - 1).endNs();
        assertTrue(lastBar < crashes.get(0).tsNs(), "the killed member's row ends before the view that drops it");
        assertEquals(l.lastSent(victim), lastBar, "its row ends at its last message");
        for (MembershipLanes.Lane other : l.lanes.lanes())
            if (!other.member().equals(victim))
                assertTrue(
                        other.marks().stream().noneMatch(m -> m.kind() == MembershipLanes.MarkKind.CRASHED),
                        other.member() + " crashed too? " + other.marks());
    }

    @Test
    void aFrozenMemberIsOutsideItsCoordinatorsViewUntilTheMerge() throws Exception {
        Loaded l = Loaded.of(TimelineMarksTest.SAMPLES.resolve(VERSION + "/udp-pause.pcapng"));
        String frozen = l.manifest.steps().get(0).members().get(0);
        MembershipLanes.Lane lane = l.lanes.lane(frozen);
        List<MembershipLanes.Span> outside =
                lane.spans().stream().filter(MembershipLanes.Span::outside).toList();
        assertEquals(1, outside.size(), frozen + "'s spans: " + lane.spans());
        TimelineMark merge = l.marks.stream()
                .filter(m -> m.kind() == TimelineMark.Kind.MERGE)
                .findFirst()
                .orElseThrow();
        assertEquals(merge.tsNanos(), outside.get(0).endNs(), "outside until the merge view");
        for (MembershipLanes.Lane other : l.lanes.lanes())
            if (!other.member().equals(frozen))
                assertTrue(other.spans().stream().noneMatch(MembershipLanes.Span::outside), other.toString());
    }

    /**
     * Between the later of the two subgroups' views (the manifest's partition groups) and the merge view: each
     * member's row is in its own subgroup's view, the subgroups in different hues; just after the merge view every
     * row is in it.
     */
    private static void checkPartition(Loaded l) {
        List<List<String>> groups = l.manifest.steps().stream()
                .filter(s -> !s.groups().isEmpty())
                .findFirst()
                .orElseThrow()
                .groups();
        Set<String> names = new HashSet<>();
        l.manifest.members().forEach(m -> names.add(m.name()));
        assertEquals(
                names,
                new HashSet<>(l.lanes.lanes().stream()
                        .map(MembershipLanes.Lane::member)
                        .toList()),
                "one row per member");
        assertEquals(names.size(), l.lanes.lanes().size());

        TimelineMark merge = l.marks.stream()
                .filter(m -> m.kind() == TimelineMark.Kind.MERGE)
                .findFirst()
                .orElseThrow();
        long split = -1;
        List<TimelineMark> subgroupViews = new ArrayList<>();
        for (List<String> g : groups) {
            TimelineMark v = l.marks.stream()
                    .filter(m -> m.isView()
                            && m.tsNanos() < merge.tsNanos()
                            && l.names(m.members()).equals(Set.copyOf(g)))
                    .reduce((a, b) -> b)
                    .orElseThrow(() -> new AssertionError("no view of " + g + " before the merge"));
            subgroupViews.add(v);
            split = Math.max(split, v.tsNanos());
        }
        long during = (split + merge.tsNanos()) / 2;
        List<Integer> hues = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            for (String member : groups.get(i)) {
                MembershipLanes.Span s = spanAt(l.lanes.lane(member), during);
                assertNotNull(s, member + " has no bar at the partition");
                assertEquals(subgroupViews.get(i), s.view(), member + " is in its subgroup's view");
                assertFalse(s.outside());
                if (hues.size() == i) hues.add(s.hue());
                assertEquals(hues.get(i), s.hue(), "one colour per subgroup");
            }
        }
        assertNotEquals(hues.get(0), hues.get(1), "the two subgroups in different colours");
        for (List<String> g : groups)
            for (String member : g) {
                MembershipLanes.Span s = spanAt(l.lanes.lane(member), merge.tsNanos() + 1);
                assertNotNull(s, member + " has no bar after the merge");
                assertEquals(merge, s.view(), member + " is in the merge view");
            }
    }

    private static MembershipLanes.Span spanAt(MembershipLanes.Lane lane, long ns) {
        for (MembershipLanes.Span s : lane.spans()) if (s.startNs() <= ns && ns < s.endNs()) return s;
        return null;
    }

    /** A sample decoded as the viewer's session does it: rows, names, the membership marks, the members' activity. */
    private record Loaded(
            Manifest manifest,
            List<TimelineMark> marks,
            NameTable table,
            MemberActivity activity,
            MembershipLanes lanes) {
        static Loaded of(Path capture) throws Exception {
            List<Row> rows = new ArrayList<>();
            try (FrameStore frames = new FrameStore()) {
                CaptureLoader loader = new CaptureLoader(
                        DecodeOptions.defaults(TestHome.get()), frames, Runnable::run, new CaptureLoader.Listener() {
                            @Override
                            public void rows(
                                    List<Row> batch, List<MessageRecord> fragments, NameTable names, double p) {
                                rows.addAll(batch);
                            }

                            @Override
                            public void finished(DecodeSummary s, Exception failure) {}
                        });
                loader.start(InputOpener.open(capture.toString(), InputHints.AUTO), Files.size(capture));
                loader.join();
            }
            NameTable names = new NameTable();
            NameStage learn = new NameStage(names, record -> {});
            MembershipTimeline analysis = new MembershipTimeline();
            MemberActivity activity = new MemberActivity();
            TimelineMarks marks = new TimelineMarks(analysis);
            for (Row r : rows) {
                learn.accept(r.record());
                analysis.accept(r.record());
                activity.accept(r.record());
                marks.add(r);
            }
            analysis.finish();
            List<TimelineMark> all = marks.finish(packet -> rows.stream()
                    .filter(r -> r.record().frame().packet() >= packet)
                    .findFirst()
                    .orElseThrow()
                    .number());
            MembershipLanes lanes = MembershipLanes.of(
                    all,
                    names::nameOf,
                    a -> activity.member(a) == null ? -1 : activity.member(a).lastNs(),
                    rows.get(0).record().frame().tsNanos(),
                    rows.get(rows.size() - 1).record().frame().tsNanos());
            return new Loaded(Manifest.read(Manifest.pathFor(capture)), all, names, activity, lanes);
        }

        Set<String> names(List<NodeAddress> members) {
            Set<String> out = new HashSet<>();
            for (NodeAddress a : members) out.add(table.nameOf(a));
            return out;
        }

        /** When the member last sent anything, under any of its addresses. */
        long lastSent(String member) {
            long last = -1;
            for (var e : activity.result().entrySet())
                if (marks.stream()
                        .flatMap(m -> m.members().stream())
                        .anyMatch(a ->
                                a.id().equals(e.getKey()) && table.nameOf(a).equals(member)))
                    last = Math.max(last, e.getValue().lastNs());
            return last;
        }
    }
}
