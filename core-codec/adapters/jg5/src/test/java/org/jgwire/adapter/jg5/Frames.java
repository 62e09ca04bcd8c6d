package org.jgwire.adapter.jg5;

import java.util.Arrays;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TP;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.NakAckHeader2;
import org.jgroups.util.ByteArrayDataOutputStream;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;

/** Frames written by the real 5.0.4 classes, and an adapter to decode them. */
final class Frames {
    static final FrameInfo FRAME =
            new FrameInfo(1, 0, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 7801), Transport.UDP);
    static final short TP_ID = ClassConfigurator.getProtocolId(TP.class);
    static final short NAKACK2_ID = ClassConfigurator.getProtocolId(NAKACK2.class);

    private Frames() {}

    static Jg5WireAdapter adapter() {
        Jg5WireAdapter a = new Jg5WireAdapter();
        a.init(Limits.DEFAULTS);
        return a;
    }

    static List<Record> decode(FrameKind kind, byte[] frame) {
        return adapter().decode(kind, frame, 0, frame.length, FRAME);
    }

    /** Util.writeMessage: version, flags, type, message. */
    static byte[] single(Message msg, boolean multicast) throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(256);
        Util.writeMessage(msg, out, multicast);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    /** Util.writeMessageList, the way TP's bundler writes a batch. */
    static byte[] list(Address dest, Address src, String cluster, List<Message> msgs) throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(512);
        Util.writeMessageList(dest, src, cluster.getBytes(), msgs, out, dest == null, TP_ID);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    /** The two headers a multicast carries on its way down a typical stack. */
    static Message withStackHeaders(Message msg, String cluster, long seqno) {
        return msg.putHeader(NAKACK2_ID, NakAckHeader2.createMessageHeader(seqno))
                .putHeader(TP_ID, new TpHeader(cluster));
    }
}
