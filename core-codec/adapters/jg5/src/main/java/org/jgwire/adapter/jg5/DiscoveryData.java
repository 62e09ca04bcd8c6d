package org.jgwire.adapter.jg5;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Header;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PingData;
import org.jgroups.util.Util;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.runtime.FrameInput;

/**
 * Logical names carried by discovery payloads (PingData) and MERGE3 INFO headers.
 */
final class DiscoveryData {
    private final JarFacts jar;
    private final Addresses addresses;
    private final FrameInput in = new FrameInput(FrameInput.Wording.JG5);
    // MergeHeader keeps its fields protected and has no getters for them in every 5.x jar: fields looked up once
    private final Field mergeType, mergeName, mergePhysical;

    DiscoveryData(JarFacts jar, Addresses addresses) {
        this.jar = jar;
        this.addresses = addresses;
        this.mergeType = field(MERGE3.MergeHeader.class, "type");
        this.mergeName = field(MERGE3.MergeHeader.class, "logical_name");
        this.mergePhysical = field(MERGE3.MergeHeader.class, "physical_addr");
    }

    private static Field field(Class<?> c, String name) {
        try {
            Field f = c.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The PingData in a discovery payload: 5.3.2+ {@code Discovery.marshal(List)} writes {@code i32 count} +
     * PingData each; before, {@code Discovery.marshal(PingData)} = {@code Util.streamableToBuffer}: a presence
     * byte + one PingData ({@code readPingData} reads it with {@code streamableFromBuffer}).
     */
    void pingData(byte[] buf, int off, int len, List<Discovery> out) throws IOException, ClassNotFoundException {
        in.reset(buf, off, len);
        if (!jar.atLeast(5, 3, 2)) {
            add(Util.readStreamable(PingData::new, in), out);
            return;
        }
        int count = in.readInt();
        if (count < 0 || count > len)
            throw new IOException("PingData count " + count + " in a payload of " + len + " bytes");
        for (int i = 0; i < count; i++) {
            PingData pd = new PingData();
            pd.readFrom(in);
            add(pd, out);
        }
    }

    private void add(PingData pd, List<Discovery> out) {
        if (pd != null && pd.getAddress() != null)
            out.add(new Discovery(
                    addresses.of(pd.getAddress()),
                    pd.getLogicalName(),
                    Addresses.physical(pd.getPhysicalAddr()),
                    pd.isCoord(),
                    "discovery"));
    }

    /** A MERGE3 INFO header names its sender: logical name and physical address. */
    void mergeInfo(Header h, Address src, List<Discovery> out) {
        if (mergeType == null || src == null) return;
        try {
            Object type = mergeType.get(h);
            if (type == null || !"INFO".equals(type.toString())) return;
            Object name = mergeName != null ? mergeName.get(h) : null;
            Object phys = mergePhysical != null ? mergePhysical.get(h) : null;
            if (name == null && phys == null) return;
            out.add(new Discovery(
                    addresses.of(src),
                    name != null ? name.toString() : null,
                    phys instanceof Address a ? Addresses.physical(a) : null,
                    false,
                    "merge3"));
        } catch (IllegalAccessException e) {
            // setAccessible succeeded above, so this does not happen
        }
    }

    static List<Discovery> list() {
        return new ArrayList<>(2);
    }
}
