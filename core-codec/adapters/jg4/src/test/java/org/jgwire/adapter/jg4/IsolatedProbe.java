package org.jgwire.adapter.jg4;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.ViewId;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.Discovery;
import org.jgroups.protocols.PING;
import org.jgroups.protocols.PingData;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.DeltaView;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.Buffer;
import org.jgroups.util.Digest;
import org.jgroups.util.UUID;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.framing.FrameKind;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.WireAdapter;

/**
 * Runs inside a class loader that holds another 4.x jar (see {@link OtherJarsTest}): writes frames with that
 * jar's classes and decodes them with {@link Jg4WireAdapter} running on the same jar. Uses only API that 4.0
 * has. Returns, in order: a delta-view frame's records, a discovery list's records, a gossip registration's.
 */
public final class IsolatedProbe implements Supplier<List<List<Record>>> {
    static final FrameInfo FRAME = new FrameInfo(1, -1, null, null, Transport.UDP);

    @Override
    public List<List<Record>> get() {
        try {
            WireAdapter adapter = new Jg4WireAdapter();
            adapter.init(Limits.DEFAULTS);
            Address a = UUID.randomUUID(), b = UUID.randomUUID(), c = UUID.randomUUID();
            short tp = ClassConfigurator.getProtocolId(TP.class);
            List<List<Record>> out = new ArrayList<>();

            Message view = new Message(
                    null,
                    viewPayload(
                            new DeltaView(new ViewId(a, 3), new ViewId(a, 2), new Address[] {b}, new Address[] {c})));
            view.setSrc(a);
            view.putHeader(ClassConfigurator.getProtocolId(GMS.class), new GMS.GmsHeader(GMS.GmsHeader.VIEW));
            view.putHeader(tp, new TpHeader("demo"));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            Util.writeMessage(view, new DataOutputStream(bytes), true);
            out.add(decode(adapter, FrameKind.TRANSPORT, bytes.toByteArray()));

            List<Message> list = new ArrayList<>();
            for (String name : new String[] {"node-a", "node-b"}) {
                Buffer ping = Discovery.marshal(new PingData(a, true, name, new IpAddress("127.0.0.1", 7800)));
                Message m = new Message(null, ping.getBuf(), ping.getOffset(), ping.getLength());
                m.setSrc(a);
                m.putHeader(
                        ClassConfigurator.getProtocolId(PING.class),
                        new PingHeader(PingHeader.GET_MBRS_REQ).clusterName("demo"));
                list.add(m);
            }
            bytes.reset();
            Util.writeMessageList(
                    null, a, "demo".getBytes(StandardCharsets.ISO_8859_1), list, new DataOutputStream(bytes), true, tp);
            out.add(decode(adapter, FrameKind.TRANSPORT, bytes.toByteArray()));

            bytes.reset();
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

    private static byte[] viewPayload(View v) throws Exception {
        Method m = GMS.class.getDeclaredMethod("marshal", View.class, Digest.class);
        m.setAccessible(true);
        Buffer b = (Buffer) m.invoke(null, v, null);
        return java.util.Arrays.copyOfRange(b.getBuf(), b.getOffset(), b.getOffset() + b.getLength());
    }
}
