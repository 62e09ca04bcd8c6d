package org.jgwire.adapter.jg4;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.ViewId;
import org.jgroups.protocols.Discovery;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.PingData;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.pbcast.DeltaView;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.UUID;
import org.jgwire.adapter.classic.Frames;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.WireAdapter;

/**
 * Runs inside a class loader that holds another 4.x jar (see {@link OtherJarsTest}): writes frames with that
 * jar's classes (as the shared tests do, {@link Frames}) and decodes them with {@link Jg4WireAdapter} running on the
 * same jar. Uses only API that 4.0 has. Returns, in order: a delta-view frame's records, a discovery list's
 * records, a gossip registration's.
 */
public final class IsolatedProbe implements Supplier<List<List<Record>>> {
    static final FrameInfo FRAME = new FrameInfo(1, -1, null, null, Transport.UDP);

    @Override
    public List<List<Record>> get() {
        try {
            WireAdapter adapter = new Jg4WireAdapter();
            adapter.init(Limits.DEFAULTS);
            Address a = UUID.randomUUID(), b = UUID.randomUUID(), c = UUID.randomUUID();
            List<List<Record>> out = new ArrayList<>();

            DeltaView delta = new DeltaView(new ViewId(a, 3), new ViewId(a, 2), new Address[] {b}, new Address[] {c});
            Message view = new Message(null, Frames.gmsViewPayload(delta, null));
            view.setSrc(a);
            view.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW));
            out.add(decode(adapter, FrameKind.TRANSPORT, Frames.single(view, "demo", true)));

            List<Message> list = new ArrayList<>();
            for (String name : new String[] {"node-a", "node-b"}) {
                PingData data = new PingData(a, true, name, new IpAddress("127.0.0.1", 7800));
                Message m = new Message(null, Frames.bytes(Discovery.marshal(data)));
                m.setSrc(a);
                m.putHeader(Frames.protocolId(PING.class), new PingHeader(PingHeader.GET_MBRS_REQ).clusterName("demo"));
                list.add(m);
            }
            out.add(decode(adapter, FrameKind.TRANSPORT, Frames.list(null, a, "demo", list, true)));

            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            new GossipData(GossipType.REGISTER, "demo", a, "node-a", new IpAddress("127.0.0.1", 7800))
                    .writeTo(new DataOutputStream(bytes));
            out.add(decode(adapter, FrameKind.GOSSIP, bytes.toByteArray()));
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Record> decode(WireAdapter adapter, FrameKind kind, byte[] frame) {
        return adapter.decode(kind, frame, 0, frame.length, FRAME);
    }
}
