package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderField;
import org.junit.jupiter.api.Test;

class HeaderBodyMemoTest {
    private final HeaderBodyMemo memo = new HeaderBodyMemo(Limits.DEFAULTS.maxMemoBody());

    @Test
    void aRepeatedBodyGivesWhatItWasReadAs() {
        byte[] frame = {9, 9, 1, 2, 3, 9, 1, 2, 3};
        assertNull(memo.lookup(75, frame, 2, 3), "nothing remembered yet");
        memo.remember(75, frame, 2, 3, List.of(new HeaderField("flag", 1)), "[flag=1]");
        HeaderBodyMemo.Remembered r = memo.lookup(75, frame, 6, 3);
        assertNotNull(r, "the same three bytes elsewhere in the frame");
        assertEquals(List.of(new HeaderField("flag", 1)), r.fields());
        assertEquals("[flag=1]", r.text());
        assertNull(memo.lookup(76, frame, 6, 3), "another magic id");
        assertNull(memo.lookup(75, new byte[] {1, 2, 4}, 0, 3), "another body");
        assertNull(memo.lookup(75, frame, 2, 2), "a shorter body");
    }

    @Test
    void aRepeatIsFoundAtTheStartOfTheBytesBeforeTheHeaderIsRead() {
        byte[] frame = {9, 1, 2, 3, 7, 1, 2, 3, 8, 1, 2};
        Object header = new Object();
        memo.remember(75, frame, 1, 3, List.of(new HeaderField("flag", 1)), "[flag=1]", header);
        HeaderBodyMemo.Remembered r = memo.lookupAt(75, frame, 5, frame.length);
        assertNotNull(r, "the same three bytes, then others");
        assertEquals(3, r.bodyLength());
        assertEquals(header, r.header());
        assertNull(memo.lookupAt(75, frame, 9, frame.length), "only two bytes left");
        assertNull(memo.lookupAt(75, frame, 5, 7), "the end comes before the body's");
        assertNull(memo.lookupAt(75, frame, 4, frame.length), "other bytes");
        assertNull(memo.lookupAt(76, frame, 5, frame.length), "another magic id");
    }

    @Test
    void bodiesThatKeepChangingAreNoLongerRemembered() {
        for (int i = 0; i < 100; i++) {
            byte[] body = {(byte) i};
            assertNull(memo.lookup(80, body, 0, 1));
            memo.remember(80, body, 0, 1, List.of(new HeaderField("seqno", (long) i)), "seqno=" + i);
        }
        byte[] last = {99};
        assertNull(memo.lookup(80, last, 0, 1), "given up: the last body is not kept");
    }
}
