package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DetailNodeTest {
    /** frame [0,60) > message [10,60) > header [20,30) with two fields sharing its range, payload [40,60). */
    private static DetailNode tree() {
        DetailNode root = new DetailNode("message", "", -1, 0);
        root.add(new DetailNode("Frame", "", 0, 60));
        DetailNode msg = root.add(new DetailNode("Message", "", 10, 50));
        DetailNode headers = root.add(new DetailNode("Headers", "", -1, 0));
        DetailNode h = headers.add(new DetailNode("UNICAST3", "", 20, 10));
        h.add("seqno", 3);
        h.add("conn_id", 0);
        root.add(new DetailNode("Payload", "", 40, 20));
        assertTrue(msg.hasRange());
        return root;
    }

    @Test
    void aByteInsideAHeaderSelectsTheHeaderNotOneOfItsFields() {
        List<DetailNode> path = tree().pathTo(25);
        assertEquals(
                List.of("message", "Headers", "UNICAST3"),
                path.stream().map(DetailNode::label).toList());
    }

    @Test
    void aByteOutsideEveryHeaderSelectsTheSmallestRangeHoldingIt() {
        assertEquals("Payload", last(tree().pathTo(45)));
        assertEquals("Message", last(tree().pathTo(12)));
        assertEquals("Frame", last(tree().pathTo(3)));
        assertTrue(tree().pathTo(60).isEmpty());
    }

    private static String last(List<DetailNode> path) {
        return path.get(path.size() - 1).label();
    }
}
