package org.jgwire.codec.analysis.findings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.NodeAddress;
import org.junit.jupiter.api.Test;

class FindingTest {
    private static final NodeAddress A = NodeAddress.uuid("00000000-0000-0000-0000-00000000000a");
    private static final NodeAddress B = NodeAddress.uuid("00000000-0000-0000-0000-00000000000b");

    @Test
    void aFindingWithoutProofFramesIsRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new Finding(FindingCode.CRASH, Severity.ERROR, List.of(A), 1, 2, List.of(), "{0}", Map.of()));
    }

    @Test
    void proofFramesAreInCaptureOrderOnceEachAndTheSummaryNamesTheMembers() {
        Finding f = new Finding(
                FindingCode.PARTITION,
                Severity.ERROR,
                List.of(A, B),
                1,
                2,
                List.of(9L, 3L, 9L, 5L),
                "[{0}] and [{1}]",
                Map.of());
        assertEquals(List.of(3L, 5L, 9L), f.frames());
        assertEquals("[A] and [B]", f.summary(a -> a == A ? "A" : "B"));
        assertEquals("member-pause", FindingCode.MEMBER_PAUSE.label());
    }
}
