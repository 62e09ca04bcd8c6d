package org.jgwire.codec.framing;

import java.util.List;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;

/** FD_SOCK messages as the adapters give them ({@code FD_SOCK.FdHeader}: type, mbr, sock_addr, mbrs). */
public final class FdSockHeaders {
    private FdSockHeaders() {}

    /** A message whose FD_SOCK header of {@code type} names {@code mbr} and its server socket {@code sockAddr}. */
    public static MessageRecord fdSock(String protocol, String type, NodeAddress mbr, String sockAddr) {
        HeaderRecord h = new HeaderRecord(
                3,
                protocol,
                1007,
                HeaderClass.FD_SOCK,
                List.of(
                        new HeaderField("type", type),
                        new HeaderField("mbr", mbr),
                        new HeaderField("sock_addr", sockAddr == null ? null : ipAddress(sockAddr)),
                        new HeaderField("mbrs", null)),
                null,
                0,
                20);
        return MessageRecord.builder(new FrameInfo(1, 0, null, null, Transport.UDP))
                .version(JGroupsVersion.parse("4.2.30"))
                .decodedWith("4.2.30.Final")
                .type("MESSAGE")
                .src(mbr)
                .multicast(true)
                .cluster("c")
                .headers(List.of(h))
                .range(0, 30)
                .build();
    }

    private static NodeAddress ipAddress(String ipPort) {
        return new NodeAddress(ipPort, "IpAddress", null, null);
    }

    /** {@code mbr}'s I_HAVE_SOCK, announcing its server socket. */
    public static MessageRecord iHaveSock(NodeAddress mbr, String sockAddr) {
        return fdSock("FD_SOCK", "I_HAVE_SOCK", mbr, sockAddr);
    }
}
