package org.jgwire.adapter.jg5;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.protocols.PingData;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.FrameInput;

/**
 * TUNNEL / GossipRouter frames: one GossipData read by the jar's {@code GossipData.readFrom} (type, group,
 * addr, sender, control fields unless MESSAGE, then {@code i32 length} + bytes). A MESSAGE carries a transport
 * frame, which becomes message records; the other types become a {@link GossipRecord}.
 */
final class GossipDecoder {
    private final JarFacts jar;
    private final Addresses addresses;
    private final FrameWalker walker;

    GossipDecoder(JarFacts jar, Addresses addresses, FrameWalker walker) {
        this.jar = jar;
        this.addresses = addresses;
        this.walker = walker;
    }

    void decode(FrameInfo frame, List<Record> out) throws IOException, ClassNotFoundException {
        FrameInput in = walker.in;
        GossipData gd = new GossipData();
        gd.readFrom(in);
        if (gd.getType() == GossipType.MESSAGE && gd.getLength() > 0) {
            // the embedded frame is the last getLength() bytes: decode it in place, offsets still count from
            // the start of the GossipData
            int end = in.position();
            in.reset(in.buffer(), end - gd.getLength(), gd.getLength());
            walker.transport();
            return;
        }
        List<Discovery> names = new ArrayList<>();
        if (gd.getAddress() != null && (gd.getLogicalName() != null || gd.getPhysicalAddress() != null))
            names.add(new Discovery(
                    addresses.of(gd.getAddress()),
                    gd.getLogicalName(),
                    Addresses.physical(gd.getPhysicalAddress()),
                    false,
                    "gossip"));
        if (gd.getPingData() != null)
            for (PingData pd : gd.getPingData())
                if (pd.getAddress() != null)
                    names.add(new Discovery(
                            addresses.of(pd.getAddress()),
                            pd.getLogicalName(),
                            Addresses.physical(pd.getPhysicalAddr()),
                            pd.isCoord(),
                            "gossip"));
        out.add(new GossipRecord(
                frame, gd.getType().name(), gd.getGroup(), addresses.of(gd.getAddress()), names, jar.label));
    }
}
