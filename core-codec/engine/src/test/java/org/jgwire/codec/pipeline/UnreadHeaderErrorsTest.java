package org.jgwire.codec.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.UnknownHeaders;
import org.junit.jupiter.api.Test;

class UnreadHeaderErrorsTest {
    private static MessageRecord message(long frame, int protocolId, int magic) {
        HeaderRecord tp = new HeaderRecord(57, "TP", 75, HeaderClass.of("TpHeader"), List.of(), null, 10, 12);
        HeaderRecord unread = UnknownHeaders.unread(
                (short) protocolId, "id=" + protocolId, (short) magic, "header 2: magic id " + magic + " unknown", 22);
        return MessageRecord.builder(new FrameInfo(frame, 1000, null, null, Transport.UDP))
                .type("EMPTY")
                .headers(List.of(tp, unread))
                .build();
    }

    @Test
    void theFirstMessageOfEachProtocolAndMagicIdGetsTheErrorAtItsMagicId() {
        UnreadHeaderErrors errors = new UnreadHeaderErrors();
        ErrorRecord first = errors.after(message(1, 521, 2000));
        assertNotNull(first);
        assertEquals(ProblemKind.UNKNOWN_CLASS, first.problem());
        assertEquals(24, first.offset());
        assertEquals("header 2: magic id 2000 unknown", first.message());
        assertEquals(1, first.frame().packet());
        assertNull(errors.after(message(2, 521, 2000)), "the same pair again");
        assertNotNull(errors.after(message(3, 521, 2001)), "another magic id");
        assertNotNull(errors.after(message(4, 522, 2000)), "another protocol id");
        assertNull(new UnreadHeaderErrors()
                .after(MessageRecord.builder(first.frame()).type("EMPTY").build()));
    }

    @Test
    void pastTheBoundEveryMessageGetsItsError() {
        UnreadHeaderErrors errors = new UnreadHeaderErrors();
        for (int i = 0; i < UnreadHeaderErrors.MAX_PAIRS; i++) assertNotNull(errors.after(message(i, 600, 1100 + i)));
        assertNotNull(errors.after(message(1, 601, 1100)));
        assertNotNull(errors.after(message(2, 601, 1100)), "no longer remembered: reported again");
    }
}
