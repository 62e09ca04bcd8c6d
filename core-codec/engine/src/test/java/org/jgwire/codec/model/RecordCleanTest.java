package org.jgwire.codec.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jgwire.codec.runtime.UnknownHeaders;
import org.junit.jupiter.api.Test;

class RecordCleanTest {
    private static final FrameInfo FRAME = new FrameInfo(4, 1000, null, null, Transport.UDP);

    private static MessageRecord withHeaders(HeaderRecord... headers) {
        return MessageRecord.builder(FRAME)
                .type("EMPTY")
                .headers(List.of(headers))
                .build();
    }

    @Test
    void aMessageWithAnUnreadHeaderIsNoCleanDecodeEvenWithoutAnError() {
        HeaderRecord read = new HeaderRecord(57, "TP", 75, HeaderClass.of("TpHeader"), List.of(), null, 10, 12);
        HeaderRecord unread = UnknownHeaders.unread((short) 521, "id=521", (short) 2000, "magic id 2000", 22);
        assertTrue(Record.clean(List.of(withHeaders(read))));
        assertFalse(Record.clean(List.of(withHeaders(read, unread))));
        assertFalse(Record.clean(List.of(withHeaders(read), new ErrorRecord(FRAME, ProblemKind.MALFORMED, 0, "x"))));
        assertTrue(withHeaders(read, unread).hasUnreadHeader());
    }
}
