package org.jgwire.adapter.classic;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.View;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.util.Buffer;
import org.jgroups.util.Digest;
import org.jgroups.util.Util;

/**
 * Frames written by the real JGroups classes of the test class path's jar, the way TP and GMS write them. Public for
 * the family modules' probes, which write frames with another jar of the family ({@link IsolatedJar}).
 */
public final class Frames {
    public static final short TRANSPORT_ID = ClassConfigurator.getProtocolId(TestFamily.TRANSPORT);

    /** One message as TP sends it: TpHeader added, then {@code Util.writeMessage}. */
    public static byte[] single(Message msg, String cluster, boolean multicast) throws Exception {
        msg.putHeader(TRANSPORT_ID, new TpHeader(cluster));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Util.writeMessage(msg, new DataOutputStream(bytes), multicast);
        return bytes.toByteArray();
    }

    /** A bundled list as TP's bundler sends it ({@code Util.writeMessageList}, TpHeader excluded). */
    public static byte[] list(Address dest, Address src, String cluster, List<Message> msgs, boolean multicast)
            throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Util.writeMessageList(
                dest,
                src,
                cluster.getBytes(StandardCharsets.ISO_8859_1),
                msgs,
                new DataOutputStream(bytes),
                multicast,
                TRANSPORT_ID);
        return bytes.toByteArray();
    }

    /** A view payload as GMS writes it ({@code GMS.marshal(View, Digest)}, protected in the jar). */
    public static byte[] gmsViewPayload(View view, Digest digest) throws Exception {
        Method m = GMS.class.getDeclaredMethod("marshal", View.class, Digest.class);
        m.setAccessible(true);
        return bytes((Buffer) m.invoke(null, view, digest));
    }

    public static byte[] bytes(Buffer b) {
        return Arrays.copyOfRange(b.getBuf(), b.getOffset(), b.getOffset() + b.getLength());
    }

    public static short protocolId(Class<?> protocol) {
        return ClassConfigurator.getProtocolId(protocol);
    }

    private Frames() {}
}
