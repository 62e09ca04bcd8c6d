package org.jgwire.codec.framing;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgroups.BytesMessage;
import org.jgroups.EmptyMessage;
import org.jgroups.Message;
import org.jgroups.Version;
import org.jgroups.protocols.FD_SOCK2;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.TpHeader;
import org.jgroups.stack.GossipData;
import org.jgroups.stack.GossipType;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.ByteArray;
import org.jgroups.util.ByteArrayDataOutputStream;
import org.jgroups.util.UUID;
import org.jgroups.util.Util;
import org.jgwire.codec.model.Endpoint;

/** Real frames and streams, written by the real JGroups 5.5.7 classes. */
public final class WireFixtures {
    public static final Endpoint CLIENT = new Endpoint("127.0.0.1", 45678), SERVER = new Endpoint("127.0.0.1", 7800);
    /** TP's protocol id in 4.x/5.x (jg-protocol-ids.xml); only the magic id matters to the framing. */
    static final short TP_ID = 57, FD_SOCK2_ID = 73, PING_ID = 6;

    public static final UUID A = new UUID(0x1111_2222_3333_4444L, 0x5555_6666_7777_8888L);
    public static final UUID B = new UUID(0x0102_0304_0506_0708L, 0x090A_0B0C_0D0E_0F10L);

    private WireFixtures() {}

    /** A single-message transport frame ({@code Util.writeMessage}), {@code payload} bytes of payload. */
    public static byte[] single(int payload, int seed) throws Exception {
        Message msg = new BytesMessage(B, payload(payload, seed)).setSrc(A).putHeader(TP_ID, new TpHeader("demo"));
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(payload + 64);
        Util.writeMessage(msg, out, false);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    /** An MPING discovery datagram: one message as {@code Message.writeTo} writes it, its sender and PING's header. */
    public static byte[] mping() throws Exception {
        Message msg = new EmptyMessage(null).setSrc(A).putHeader(PING_ID, new PingHeader(PingHeader.GET_MBRS_REQ));
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(64);
        msg.writeTo(out);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    /** A list frame ({@code Util.writeMessageList}) with {@code count} messages. */
    public static byte[] list(int count, int seed) throws Exception {
        List<Message> msgs = new ArrayList<>();
        for (int i = 0; i < count; i++)
            msgs.add(
                    new BytesMessage(null, payload(10 + i, seed + i)).setSrc(A).putHeader(TP_ID, new TpHeader("demo")));
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(256);
        Util.writeMessageList(null, A, "demo".getBytes(), msgs, out, true);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    /** What {@code TcpConnection.sendLocalAddress} writes: cookie, version, address size, IpAddress. */
    public static byte[] handshake(IpAddress local) throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(32);
        out.write(new byte[] {'b', 'e', 'l', 'a'});
        out.writeShort(Version.version);
        out.writeShort(local.serializedSize());
        local.writeTo(out);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    /** A FD_SOCK2 message as {@code FD_SOCK2.messageToBuffer} writes it (no version, flags or type). */
    public static byte[] fdSock2(byte type, IpAddress server) throws Exception {
        Message msg = new EmptyMessage()
                .setSrc(A)
                .putHeader(
                        FD_SOCK2_ID,
                        new FD_SOCK2.FdHeader(type).serverAddress(server).cluster("demo"));
        ByteArray buf = FD_SOCK2.messageToBuffer(msg);
        return Arrays.copyOfRange(buf.array(), buf.offset(), buf.offset() + buf.length());
    }

    /** A GossipData as {@code GossipData.writeTo} writes it. */
    public static byte[] gossip(GossipData g) throws Exception {
        ByteArrayDataOutputStream out = new ByteArrayDataOutputStream(64);
        g.writeTo(out);
        return Arrays.copyOf(out.buffer(), out.position());
    }

    public static byte[] gossipRegister() throws Exception {
        return gossip(new GossipData(GossipType.REGISTER, "demo", A, "node-a", new IpAddress("127.0.0.1", 7800)));
    }

    public static byte[] gossipMessage(byte[] frame) throws Exception {
        return gossip(new GossipData(GossipType.MESSAGE, "demo", B, frame).setSender(A));
    }

    /** Each frame behind its {@code i32} length, as {@code TcpConnection.doSend} writes it. */
    public static byte[] prefixed(byte[]... frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] f : frames) {
            out.writeBytes(int32(f.length));
            out.writeBytes(f);
        }
        return out.toByteArray();
    }

    public static byte[] int32(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    public static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    /** Payload bytes that look like data, not like zeros: a simple LCG. */
    static byte[] payload(int n, int seed) {
        byte[] b = new byte[n];
        int x = seed * 7919 + 17;
        for (int i = 0; i < n; i++) {
            x = x * 1103515245 + 12345;
            b[i] = (byte) (x >>> 16);
        }
        return b;
    }
}
