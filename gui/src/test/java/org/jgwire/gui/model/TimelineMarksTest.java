package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongToIntFunction;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.Records;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.gui.TestHome;
import org.junit.jupiter.api.Test;

class TimelineMarksTest {
    private static final NodeAddress A = Records.A, B = Records.B;
    static final Path SAMPLES = Path.of(System.getProperty("jgwire.samples", "../samples"));

    @Test
    void marksASuspicionBetweenViewsWithWhoWasSuspectedAndTheMessageShowingIt() {
        Marks t = new Marks();
        ViewInfo view = new ViewInfo("VIEW", A, 1, List.of(A, B), -1, List.of(), List.of(), List.of());
        t.add(new Row(1, -1, message(1, B, null, view, Records.header("GMS", "GmsHeader", "type", "VIEW"))));
        // VERIFY_SUSPECT.VerifyHeader type 1 = ARE_YOU_DEAD, sent by B to the suspect A
        t.add(new Row(
                2, -1, message(2, B, A, null, Records.header("VERIFY_SUSPECT", "VerifyHeader", "type", (short) 1))));
        List<TimelineMark> marks = t.finish(packet -> (int) packet);
        assertEquals(
                List.of(TimelineMark.Kind.FIRST, TimelineMark.Kind.SUSPECT),
                marks.stream().map(TimelineMark::kind).toList());
        TimelineMark suspect = marks.get(1);
        assertFalse(suspect.isView());
        assertEquals(List.of(A), suspect.suspected());
        assertEquals(2, suspect.row());
        assertTrue(suspect.detail().contains("ARE_YOU_DEAD"), suspect.detail());
    }

    @Test
    void marksALeaveThatOnlyALeaveRspShowedInATcpCluster() throws Exception {
        Path capture = SAMPLES.resolve("5.5.7/tcp-chat.pcapng");
        Manifest manifest = Manifest.read(Manifest.pathFor(capture));
        // The coordinator's last view holds only itself: TCP sends it to nobody. Who it dropped left unseen.
        List<Manifest.InstalledView> byCoordinator = manifest.views().stream()
                .filter(v -> v.member().equals(v.creator()))
                .toList();
        Manifest.InstalledView last = byCoordinator.get(byCoordinator.size() - 1),
                before = byCoordinator.get(byCoordinator.size() - 2);
        assertEquals(List.of(last.creator()), last.members());
        List<String> expected = before.members().stream()
                .filter(m -> !last.members().contains(m))
                .toList();

        List<Row> rows = new ArrayList<>();
        try (FrameStore frames = new FrameStore()) {
            CaptureLoader loader = new CaptureLoader(
                    DecodeOptions.defaults(TestHome.get()), frames, Runnable::run, new CaptureLoader.Listener() {
                        @Override
                        public void rows(List<Row> batch, List<MessageRecord> fragments, NameTable names, double p) {
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
        Marks t = new Marks();
        for (Row r : rows) {
            learn.accept(r.record());
            t.add(r);
        }
        List<TimelineMark> marks = t.finish(packet -> rows.stream()
                .filter(r -> r.record().frame().packet() >= packet)
                .findFirst()
                .orElseThrow()
                .number());
        List<TimelineMark> left =
                marks.stream().filter(e -> e.kind() == TimelineMark.Kind.LEFT).toList();
        assertEquals(1, left.size(), marks.toString());
        assertEquals(expected, left.get(0).left().stream().map(names::display).toList());
        MessageRecord rsp = rows.get(left.get(0).row() - 1).message();
        assertEquals(left.get(0).left().get(0).id(), rsp.dest().id(), "the LEAVE_RSP goes to who left");
        assertTrue(
                rsp.headers().stream()
                        .anyMatch(h -> h.protocol().equals("GMS") && "LEAVE_RSP".equals(HeaderFields.type(h))),
                rsp.toString());
    }

    /** The marks, with the membership analysis fed each row's record first, as the viewer's session feeds it. */
    private static final class Marks {
        final MembershipTimeline analysis = new MembershipTimeline();
        final TimelineMarks marks = new TimelineMarks(analysis);

        void add(Row r) {
            analysis.accept(r.record());
            marks.add(r);
        }

        List<TimelineMark> finish(LongToIntFunction rowOfPacket) {
            analysis.finish();
            return marks.finish(rowOfPacket);
        }
    }

    /** A message at packet {@code packet}, as many milliseconds into the capture. */
    private static MessageRecord message(
            long packet, NodeAddress src, NodeAddress dest, ViewInfo view, HeaderRecord... headers) {
        return Records.message(packet, packet, src, dest, 7801, view, headers);
    }
}
