package org.jgwire.codec.cluster.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class LoadTrafficTest {
    private final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    private final EventLine events = new EventLine(new PrintStream(sink, true, StandardCharsets.UTF_8));

    private List<String> lines() {
        String s = sink.toString(StandardCharsets.UTF_8);
        return s.isEmpty() ? List.of() : List.of(s.split("\n"));
    }

    @Test
    void payloadNamesSenderSequenceAndTotalPaddedWithDots() {
        byte[] p = LoadTraffic.payload("A", 17, 1000, 20);
        assertEquals("load A#17/1000 .....", new String(p, StandardCharsets.US_ASCII));
    }

    @Test
    void payloadLongerThanTheRequestedSizeIsNotCut() {
        assertEquals("load A#1/2 ", new String(LoadTraffic.payload("A", 1, 2, 4), StandardCharsets.US_ASCII));
    }

    @Test
    void reportsEachSenderOnceWhenItsLastMessageArrives() {
        LoadTraffic load = new LoadTraffic(events);
        Object a = "A";
        for (int seq = 1; seq <= 3; seq++) {
            byte[] p = LoadTraffic.payload("A", seq, 3, 32);
            assertTrue(load.deliver(a, p, 0, p.length));
            if (seq < 3) assertEquals(List.of(), lines());
        }
        assertEquals(List.of("{\"event\":\"load-received\",\"from\":\"A\",\"count\":3,\"expected\":3}"), lines());
    }

    @Test
    void leavesChatTextToTheCaller() {
        byte[] text = "hello".getBytes(StandardCharsets.UTF_8);
        assertFalse(new LoadTraffic(events).deliver("A", text, 0, text.length));
        assertFalse(new LoadTraffic(events).deliver("A", null, 0, 0));
    }
}
