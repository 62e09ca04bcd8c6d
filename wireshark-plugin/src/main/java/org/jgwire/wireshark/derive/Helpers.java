package org.jgwire.wireshark.derive;

import java.util.Map;
import org.jgwire.wireshark.layout.Kind;

/**
 * The calls a writeTo makes to put one value on the wire, and the {@link Kind} each writes: DataOutput's own
 * methods and JGroups' {@code Bits} and {@code Util} helpers, whose wire forms the Lua core and {@code LayoutReader}
 * know. A kind of null marks {@code Util.writeStreamable}, which the deriver follows into the object's class.
 */
final class Helpers {
    record Write(Kind kind) {}

    private static final String OUT = "Ljava/io/DataOutput;";
    private static final Map<String, Kind> CALLS = Map.ofEntries(
            Map.entry("java/io/DataOutput.writeByte(I)V", Kind.BYTE),
            Map.entry("java/io/DataOutput.writeBoolean(Z)V", Kind.BOOL),
            Map.entry("java/io/DataOutput.writeShort(I)V", Kind.SHORT),
            Map.entry("java/io/DataOutput.writeInt(I)V", Kind.INT),
            Map.entry("java/io/DataOutput.writeLong(J)V", Kind.LONG),
            Map.entry("java/io/DataOutput.writeUTF(Ljava/lang/String;)V", Kind.UTF),
            // Bits.writeLong/writeInt (3.x/4.x) have the wire form of the 5.x compressed ones
            Map.entry("org/jgroups/util/Bits.writeLongCompressed(J" + OUT + ")V", Kind.LONG_COMPRESSED),
            Map.entry("org/jgroups/util/Bits.writeLong(J" + OUT + ")V", Kind.LONG_COMPRESSED),
            Map.entry("org/jgroups/util/Bits.writeIntCompressed(I" + OUT + ")V", Kind.INT_COMPRESSED),
            Map.entry("org/jgroups/util/Bits.writeInt(I" + OUT + ")V", Kind.INT_COMPRESSED),
            Map.entry("org/jgroups/util/Bits.writeString(Ljava/lang/String;" + OUT + ")V", Kind.STRING),
            Map.entry("org/jgroups/util/Util.writeString(Ljava/lang/String;" + OUT + ")V", Kind.STRING),
            Map.entry("org/jgroups/util/Util.writeAddress(Lorg/jgroups/Address;" + OUT + ")V", Kind.ADDRESS),
            Map.entry("org/jgroups/util/Util.writeAddresses(Ljava/util/Collection;" + OUT + ")V", Kind.ADDRESSES),
            Map.entry("org/jgroups/util/Util.writeViewId(Lorg/jgroups/ViewId;" + OUT + ")V", Kind.VIEW_ID),
            Map.entry("org/jgroups/util/Util.writeByteBuffer([B" + OUT + ")V", Kind.BYTE_BUFFER));

    /** Streamable classes whose writeTo is one of the kinds (written without a presence byte). */
    private static final Map<String, Kind> STREAMABLES =
            Map.of("org.jgroups.util.MergeId", Kind.MERGE_ID, "org.jgroups.util.Digest", Kind.DIGEST);

    private Helpers() {}

    /** The write a call makes, or null for a call the deriver does not know. */
    static Write of(String owner, String name, String desc) {
        if (owner.equals("org/jgroups/util/Util")
                && name.equals("writeStreamable")
                && desc.equals("(Lorg/jgroups/util/Streamable;" + OUT + ")V")) return new Write(null);
        String o = owner.equals("java/io/DataOutputStream") || owner.equals("java/io/ObjectOutput")
                ? "java/io/DataOutput"
                : owner;
        Kind k = CALLS.get(o + "." + name + desc);
        return k == null ? null : new Write(k);
    }

    static Kind streamableKind(String className) {
        return STREAMABLES.get(className);
    }
}
