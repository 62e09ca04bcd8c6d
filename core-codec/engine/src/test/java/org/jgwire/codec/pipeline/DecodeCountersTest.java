package org.jgwire.codec.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** What the summary counts: packets, frames, messages, errors and the versions the messages state. */
class DecodeCountersTest {
    private static final FrameInfo FRAME = new FrameInfo(1, 0, null, null, Transport.NONE);

    @Test
    void messagesErrorsAndVersionsAreCountedFromTheRecordsEmitted() {
        DecodeCounters counters = new DecodeCounters();
        assertEquals(1, counters.packet());
        assertEquals(2, counters.packet());
        counters.frame();
        counters.emitted(MessageRecord.signal(FRAME, "X").withVersion(JGroupsVersion.parse("5.5.7")));
        counters.emitted(MessageRecord.signal(FRAME, "X").withVersion(JGroupsVersion.parse(new String("5.5.7"))));
        counters.emitted(MessageRecord.signal(FRAME, "X").withVersion(JGroupsVersion.parse("4.2.30")));
        counters.emitted(MessageRecord.signal(FRAME, "X")); // states no version
        counters.emitted(new ErrorRecord(FRAME, ProblemKind.MALFORMED, 0, "bad"));
        counters.emitted(new StreamEndRecord(FRAME, StreamEndRecord.How.FIN));
        DecodeSummary s = counters.summary();
        assertEquals(2, s.packets());
        assertEquals(1, s.frames());
        assertEquals(4, s.messages());
        assertEquals(1, s.errors());
        assertEquals(List.of("4.2.30", "5.5.7"), List.copyOf(s.versions()));
    }

    @Test
    void aStopWithPacketsReadAheadCountsUpToTheStoppingOne() {
        DecodeCounters counters = new DecodeCounters();
        for (int i = 0; i < 5; i++) counters.packet();
        counters.stoppedAt(3);
        assertEquals(3, counters.summary().packets());
        assertEquals(3, counters.packets(), "the progress display agrees");
    }
}
