package org.jgwire.wireshark.derive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.Kind;
import org.junit.jupiter.api.Test;

/** Header classes of JGroups 5.5.7 (a test dependency) derived from their writeTo bytecode. */
class WriteToDeriverTest {
    private final ClassSource classes = new ClassSource(WriteToDeriverTest.class.getClassLoader());

    private static Item.Value value(String name, Kind kind) {
        return new Item.Value(name, kind, false, false);
    }

    private static Item.Value type() {
        return new Item.Value("type", Kind.BYTE, false, true);
    }

    private static Item.If ifType(List<String> codes, List<Item> then, List<Item> otherwise) {
        return new Item.If("type", new Item.Equals(codes), then, otherwise);
    }

    @Test
    void derivesAFlatHeader() {
        // PingHeader.writeTo: writeByte(type), Bits.writeString(cluster_name), writeBoolean(initial_discovery)
        assertEquals(
                List.of(type(), value("cluster_name", Kind.STRING), value("initial_discovery", Kind.BOOL)),
                WriteToDeriver.derive(classes, "org.jgroups.protocols.PingHeader"));
    }

    @Test
    void derivesTheBranchesOnTheTypeAsIfItems() {
        // NakAckHeader2.writeTo: switch(type) { case MSG, XMIT_RSP, HIGHEST_SEQNO: seqno; case XMIT_REQ: sender }
        assertEquals(
                List.of(
                        type(),
                        ifType(
                                List.of("1", "3", "4"),
                                List.of(value("seqno", Kind.LONG_COMPRESSED)),
                                List.of(ifType(List.of("2"), List.of(value("sender", Kind.ADDRESS)), List.of())))),
                WriteToDeriver.derive(classes, "org.jgroups.protocols.pbcast.NakAckHeader2"));
    }

    @Test
    void namesAnEnumOrShortTypeAfterItsField() {
        // FragHeader (FRAG2): id, frag_id, num_frags, needs_deserialization, original_type (the message type)
        assertEquals(
                List.of(
                        value("id", Kind.LONG_COMPRESSED),
                        value("frag_id", Kind.INT_COMPRESSED),
                        value("num_frags", Kind.INT_COMPRESSED),
                        value("needs_deserialization", Kind.BOOL),
                        new Item.Value("original_type", Kind.SHORT, false, true)),
                WriteToDeriver.derive(classes, "org.jgroups.protocols.FragHeader"));
    }

    @Test
    void readsAStreamableDigestBehindItsPresenceByte() {
        // STATE_TRANSFER.StateHeader.writeTo: writeByte(type), Util.writeStreamable(my_digest)
        assertEquals(
                List.of(
                        type(),
                        new Item.Value("my_digest_present", Kind.BOOL, true, false),
                        new Item.If(
                                "my_digest_present",
                                new Item.True(),
                                List.of(value("my_digest", Kind.DIGEST)),
                                List.of())),
                WriteToDeriver.derive(classes, "org.jgroups.protocols.pbcast.STATE_TRANSFER$StateHeader"));
    }

    @Test
    void aHelperItDoesNotKnowGivesNoLayoutWithTheReason() {
        // AuthHeader.writeTo calls writeAuthToken, which names the token's class on the wire
        NotDerivable e = assertThrows(
                NotDerivable.class, () -> WriteToDeriver.derive(classes, "org.jgroups.protocols.AuthHeader"));
        assertTrue(
                e.getMessage().startsWith("writes through org.jgroups.protocols.AuthHeader.writeAuthToken"),
                e.getMessage());
    }

    @Test
    void aComputedValueGivesNoLayoutWithTheReason() {
        // TpHeader.writeTo writes the cluster name's length, computed from the array
        NotDerivable e = assertThrows(
                NotDerivable.class, () -> WriteToDeriver.derive(classes, "org.jgroups.protocols.TpHeader"));
        assertEquals("writes a computed value (SHORT) in org.jgroups.protocols.TpHeader.writeTo", e.getMessage());
    }

    @Test
    void aClassWithoutWriteToGivesNoLayoutWithTheReason() {
        NotDerivable e = assertThrows(NotDerivable.class, () -> WriteToDeriver.derive(classes, "java.lang.Object"));
        assertTrue(e.getMessage().startsWith("no writeTo(DataOutput) in java.lang.Object"), e.getMessage());
    }
}
