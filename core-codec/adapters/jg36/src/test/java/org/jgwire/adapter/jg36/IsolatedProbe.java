package org.jgwire.adapter.jg36;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.Version;
import org.jgroups.View;
import org.jgroups.protocols.Discovery;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.PingData;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.GMS;
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
 * Runs inside a class loader that holds another 3.x jar (see {@link OtherJarsTest}): writes frames with that
 * jar's classes as TP does ({@code version, flags, Message.writeTo}: 3.5 has no Util.writeMessage) and decodes
 * them with {@link Jg36WireAdapter} on the same jar. Returns a GMS VIEW frame's records, a discovery frame's
 * records and a gossip frame's records.
 */
public final class IsolatedProbe implements Supplier<List<List<Record>>> {
    static final FrameInfo FRAME = new FrameInfo(1, -1, null, null, Transport.UDP);

    @Override
    public List<List<Record>> get() {
        try {
            WireAdapter adapter = new Jg36WireAdapter();
            adapter.init(Limits.DEFAULTS);
            Address a = UUID.randomUUID(), b = UUID.randomUUID();
            List<List<Record>> out = new ArrayList<>();

            Message view = new Message(null, Frames.gmsViewPayload(View.create(a, 3, a, b), null));
            view.setSrc(a);
            view.putHeader(Frames.protocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW));
            out.add(decode(adapter, FrameKind.TRANSPORT, frame(view)));

            PingData data = new PingData(a, true, "node-a", new IpAddress("127.0.0.1", 7800));
            Message m = new Message(null, Frames.bytes(Discovery.marshal(data)));
            m.setSrc(a);
            m.putHeader(Frames.protocolId(PING.class), new PingHeader(PingHeader.GET_MBRS_REQ).clusterName("demo"));
            out.add(decode(adapter, FrameKind.TRANSPORT, frame(m)));

            out.add(decode(adapter, FrameKind.GOSSIP, new byte[] {0, 0, 0, 0, 0}));
            return out;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** As TP sends one message; the version short read from the running jar, not inlined from 3.6.20. */
    private static byte[] frame(Message msg) throws Exception {
        msg.putHeader(Frames.TRANSPORT_ID, new TpHeader("demo"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeShort(Version.class.getField("version").getShort(null));
        out.writeByte(2); // TP.MULTICAST
        msg.writeTo(out);
        return bytes.toByteArray();
    }

    private static List<Record> decode(WireAdapter adapter, FrameKind kind, byte[] frame) {
        return adapter.decode(kind, frame, 0, frame.length, FRAME);
    }
}
