package org.jgwire.codec.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Error messages say what was wrong with the bytes, not which Java exception the reader threw. */
class ErrorTextsTest {
    @Test
    void exceptionTextsBecomeWhatTheySayAboutTheBytes() {
        assertEquals(
                "PingData in the discovery payload of message at 5: the bytes end before the structure does (needed"
                        + " 1 bytes at 163, 0 left)",
                ErrorTexts.plain("PingData in the discovery payload of message at 5: java.io.EOFException: needed 1"
                        + " bytes at 163, 0 left"));
        assertEquals(
                "frame cannot be read near offset 28: invalid magic number 512; needs to be in range [0..124]",
                ErrorTexts.plain("frame cannot be read near offset 28: java.lang.IllegalArgumentException: invalid"
                        + " magic number 512; needs to be in range [0..124]"));
        assertEquals(
                "header 2 cannot be read: a length or position in the bytes points past their end (byte 9 of 9)",
                ErrorTexts.plain(
                        "header 2 cannot be read: java.lang.ArrayIndexOutOfBoundsException: Index 9 out of bounds for"
                                + " length 9"));
        assertEquals(
                "adapter failed on a frame of 80 bytes: a length in the bytes asks for more memory than the frame"
                        + " could hold",
                ErrorTexts.plain("adapter failed on a frame of 80 bytes: java.lang.OutOfMemoryError: Java heap space"));
        assertEquals(
                "view (the bytes leave out a value that must be present)",
                ErrorTexts.plain("view (java.lang.NullPointerException)"));
    }

    @Test
    void aClassCastNamesBothClassesButNotTheirClassLoaders() {
        // found by fuzzing: a GossipData whose address bytes name a membership token (5.5.7)
        assertEquals(
                "GOSSIP frame cannot be read by JGroups 5.5.7.Final near offset 50: the bytes name a class of the wrong"
                        + " kind for its place (org.jgroups.auth.FixedMembershipToken where org.jgroups.Address"
                        + " belongs)",
                ErrorTexts.plain("GOSSIP frame cannot be read by JGroups 5.5.7.Final near offset 50:"
                        + " java.lang.ClassCastException: class org.jgroups.auth.FixedMembershipToken cannot be cast"
                        + " to class org.jgroups.Address (org.jgroups.auth.FixedMembershipToken and"
                        + " org.jgroups.Address are in unnamed module of loader 'jgwire-jgroups-5.5.7.Final.jar'"
                        + " @524dd373)"));
    }

    @Test
    void messagesWithoutExceptionTextsStayAsTheyAre() {
        for (String m : List.of(
                "frame length (70000) exceeds the maximum (65536, --max-frame)",
                "header 1 (protocol id=257): magic id 0 is unknown to JGroups 5.5.7.Final",
                "12 bytes missing from the stream; resynchronising")) {
            assertEquals(m, ErrorTexts.plain(m));
        }
        for (String thrown :
                List.of("StackOverflowError", "java.lang.ClassCastException", "NegativeArraySizeException"))
            assertFalse(ErrorTexts.plain("x: " + thrown).contains(thrown), thrown);
    }

    @Test
    void aClassTableQuotedInTheMessageIsLeftOut() {
        assertEquals(
                "header 1 cannot be read: Class for magic number 10496 cannot be found",
                ErrorTexts.plain("header 1 cannot be read: java.lang.ClassNotFoundException: Class for magic number"
                        + " 10496 cannot be found, map: {2000=org.jgroups.protocols.raft.AppendEntriesRequest@ba8a1dc,"
                        + " 4000=org.jgroups.protocols.raft.RedirectHeader@1f2a3b4c}"));
    }

    @Test
    void aMessageOfAnyLengthIsReadWithoutRecursingPerCharacter() {
        // found by fuzzing a whole capture: the pattern this replaced overflowed the stack on a long message
        String quoted = "x(y)".repeat(200_000);
        String plain = ErrorTexts.plain("frame cannot be read: java.lang.IllegalStateException: " + quoted);
        assertEquals("frame cannot be read: " + quoted.substring(0, ErrorTexts.MAX_DETAIL) + "… (message cut)", plain);
        String qualified = "a.".repeat(200_000) + "EOFException";
        assertEquals("the bytes end before the structure does", ErrorTexts.plain(qualified));
    }
}
