package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.gui.TestHome;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bytes the hex pane shows are the frames the records were decoded from: over real captures (UDP datagrams,
 * reassembled TCP streams, GossipRouter tunnels), every header's range starts with its protocol id and magic id
 * as JGroups writes them (two shorts, Message.writeHeader), and every message lies inside its frame.
 */
class FrameBytesMatchRecordsTest {
    static final Path SAMPLES = Path.of(System.getProperty("jgwire.samples", "../samples"));

    @ParameterizedTest
    @ValueSource(strings = {"5.5.7/udp-chat.pcapng", "5.5.7/tcp-chat.pcapng", "5.5.7/tunnel-chat.pcapng"})
    void everyHeaderRangeStartsWithItsIdsInTheKeptFrame(String sample) throws Exception {
        Path capture = SAMPLES.resolve(sample);
        List<Row> rows = new ArrayList<>();
        DecodeSummary[] summary = new DecodeSummary[1];
        try (FrameStore frames = new FrameStore()) {
            CaptureLoader loader = new CaptureLoader(
                    DecodeOptions.defaults(TestHome.get()), frames, Runnable::run, new CaptureLoader.Listener() {
                        @Override
                        public void rows(List<Row> batch, List<MessageRecord> fragments, NameTable names, double p) {
                            rows.addAll(batch);
                        }

                        @Override
                        public void finished(DecodeSummary s, Exception failure) {
                            summary[0] = s;
                        }
                    });
            loader.start(InputOpener.open(capture.toString(), InputHints.AUTO), Files.size(capture));
            loader.join();
            assertEquals(
                    summary[0].messages() + summary[0].errors(),
                    rows.stream()
                            .filter(r -> !(r.record() instanceof GossipRecord || r.record() instanceof StreamEndRecord))
                            .count());
            int headers = 0;
            for (Row row : rows) {
                Record r = row.record();
                if (!(r instanceof MessageRecord m)) continue;
                assertTrue(row.frameIndex() >= 0, "message without frame bytes: " + r);
                byte[] frame = frames.read(row.frameIndex(), Integer.MAX_VALUE);
                assertTrue(m.offset() >= 0 && m.offset() + Math.max(m.length(), 0) <= frame.length, r.toString());
                for (HeaderRecord h : m.headers()) {
                    assertEquals(h.protocolId(), shortAt(frame, h.offset()), h + " in " + r.frame());
                    assertEquals(h.magicId(), shortAt(frame, h.offset() + 2), h + " in " + r.frame());
                    assertTrue(h.offset() + h.length() <= frame.length);
                    headers++;
                }
            }
            assertTrue(headers > 0);
        }
    }

    private static int shortAt(byte[] b, int at) {
        return (short) ((b[at] & 0xff) << 8 | b[at + 1] & 0xff);
    }
}
