package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.EOFException;
import java.io.IOException;
import org.jgwire.codec.model.ProblemKind;
import org.junit.jupiter.api.Test;

class HeaderProblemsTest {
    /** Stands for a header class of the jar. */
    private static final class NakAckHeader2 {}

    @Test
    void headersCountFromOneAndMagicIdsAreUnsigned() {
        FrameProblem p = HeaderProblems.unknownMagic(0, (short) 0xFFF0, "NAKACK2", "5.5.7.Final", 42);

        assertEquals(ProblemKind.UNKNOWN_CLASS, p.kind());
        assertEquals(42, p.position());
        assertEquals("header 1 (protocol NAKACK2): magic id 65520 is unknown to JGroups 5.5.7.Final", p.getMessage());
    }

    @Test
    void aBodyCutShortSaysWhatWasMissing() {
        FrameProblem p = HeaderProblems.cutShort(
                2, new NakAckHeader2(), (short) 57, "NAKACK2", 30, new EOFException("needed 8 bytes at 40, 3 left"));

        assertEquals(ProblemKind.TRUNCATED, p.kind());
        assertEquals(30, p.position());
        assertEquals(
                "header 3 NakAckHeader2 (magic id 57, protocol NAKACK2) is cut short: needed 8 bytes at 40, 3 left",
                p.getMessage());
    }

    @Test
    void aClassTheBytesNameAndTheJarLacksIsAnUnknownClass() {
        FrameProblem missing = HeaderProblems.unreadable(
                0, new NakAckHeader2(), (short) 57, "NAKACK2", 4, new ClassNotFoundException("x.Y"));
        FrameProblem bad =
                HeaderProblems.unreadable(0, new NakAckHeader2(), (short) 57, "NAKACK2", 4, new IOException("bad"));

        assertEquals(ProblemKind.UNKNOWN_CLASS, missing.kind());
        assertEquals(ProblemKind.MALFORMED, bad.kind());
        assertEquals(
                "header 1 NakAckHeader2 (magic id 57, protocol NAKACK2) cannot be read: java.io.IOException: bad",
                bad.getMessage());
    }
}
