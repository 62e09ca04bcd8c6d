package org.jgwire.wireshark.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.jgwire.wireshark.layout.Kind;
import org.junit.jupiter.api.Test;

class HelpersTest {
    private static final String OUT = "Ljava/io/DataOutput;";

    @Test
    void knowsTheWritesOfDataOutputBitsAndUtil() {
        assertEquals(
                Kind.BYTE, Helpers.of("java/io/DataOutput", "writeByte", "(I)V").kind());
        assertEquals(
                Kind.SHORT,
                Helpers.of("java/io/DataOutputStream", "writeShort", "(I)V").kind());
        assertEquals(
                Kind.LONG_COMPRESSED,
                Helpers.of("org/jgroups/util/Bits", "writeLongCompressed", "(J" + OUT + ")V")
                        .kind());
        assertEquals(
                Kind.LONG_COMPRESSED,
                Helpers.of("org/jgroups/util/Bits", "writeLong", "(J" + OUT + ")V")
                        .kind());
        assertEquals(
                Kind.ADDRESS,
                Helpers.of("org/jgroups/util/Util", "writeAddress", "(Lorg/jgroups/Address;" + OUT + ")V")
                        .kind());
    }

    @Test
    void marksWriteStreamableToBeFollowed() {
        Helpers.Write w =
                Helpers.of("org/jgroups/util/Util", "writeStreamable", "(Lorg/jgroups/util/Streamable;" + OUT + ")V");
        assertNull(w.kind());
    }

    @Test
    void knowsNothingElse() {
        assertNull(Helpers.of("org/jgroups/util/Bits", "writeLongSequence", "(JJ" + OUT + ")V"));
        assertNull(Helpers.of("java/io/DataOutput", "write", "([B)V"));
    }

    @Test
    void readsSomeStreamablesAsOneValue() {
        assertEquals(Kind.MERGE_ID, Helpers.streamableKind("org.jgroups.util.MergeId"));
        assertEquals(Kind.DIGEST, Helpers.streamableKind("org.jgroups.util.Digest"));
        assertNull(Helpers.streamableKind("org.jgroups.ViewId"));
    }
}
