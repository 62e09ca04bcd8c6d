package org.jgwire.codec.framing;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;

/**
 * The FD_SOCK server sockets of the capture, learnt from the traffic: an {@code I_HAVE_SOCK} header names a member
 * ({@code mbr}) and its server socket ({@code sock_addr}). They name the members of {@code NORMAL_TERMINATION}
 * signals. The cache a {@code GET_CACHE_RSP} sends lies in its
 * payload, which is never decoded, so it teaches nothing. With them, a silent close ({@link FrameSink#closedSilently})
 * from a server socket becomes FD_SOCK's {@code ABNORMAL_TERMINATION}: the pinger reading that connection sees the end
 * of the stream without {@code NORMAL_TERMINATION} and suspects the member. Bounded: the {@link #MAX_SOCKETS} most
 * recently announced or used sockets are kept (a capture is untrusted). One thread.
 */
public final class FdSockServers {
    static final int MAX_SOCKETS = 4096;

    /** Owner by server socket, as {@link #key} writes it; least recently used first. */
    private final LinkedHashMap<String, NodeAddress> owners = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, NodeAddress> eldest) {
            return size() > MAX_SOCKETS;
        }
    };

    /** Takes what a decoded message's FD_SOCK header says about a server socket. */
    public void learn(MessageRecord m) {
        for (HeaderRecord h : m.headers()) {
            if (!h.protocol().equals("FD_SOCK") || !"I_HAVE_SOCK".equals(h.field("type"))) continue;
            if (h.field("sock_addr") instanceof NodeAddress sock && h.field("mbr") instanceof NodeAddress mbr)
                owners.put(key(sock.id()), mbr);
        }
    }

    /**
     * The {@code ABNORMAL_TERMINATION} record of a silent close, naming the member whose server socket closed as its
     * source; null when {@code info.src()} is no FD_SOCK server socket announced so far.
     */
    public MessageRecord abnormalTermination(FrameInfo info) {
        NodeAddress owner = owner(info.src());
        return owner == null ? null : MessageRecord.signal(info, FdSockSignal.ABNORMAL, owner, 0);
    }

    /**
     * The record of a one-byte signal ({@code NORMAL_TERMINATION}), naming the members whose server sockets it was
     * sent from (a leaving member tells its pinger) or to (a pinger that stops tells its ping destination), where
     * announced.
     */
    public MessageRecord signal(FrameInfo info, String signal) {
        return MessageRecord.signal(info, signal, owner(info.src()), owner(info.dst()), 1);
    }

    private NodeAddress owner(Endpoint e) {
        return e == null || e.ip() == null ? null : owners.get(key(e.ip(), e.port()));
    }

    /** Server sockets remembered. */
    int size() {
        return owners.size();
    }

    /** An {@code IpAddress} id ({@code 127.0.0.1:7900}, {@code [0:0:0:0:0:0:0:1]:7900}) as a key. */
    static String key(String ipPort) {
        int colon = ipPort.lastIndexOf(':');
        if (colon <= 0) return ipPort;
        String ip = ipPort.substring(0, colon);
        if (ip.startsWith("[") && ip.endsWith("]")) ip = ip.substring(1, ip.length() - 1);
        return key(ip, parsePort(ipPort.substring(colon + 1)));
    }

    /** One text per address: IPv6 in eight groups without leading zeros (as the capture and the jar write it). */
    static String key(String ip, int port) {
        String canonical = ip.indexOf(':') >= 0 ? ipv6Groups(ip) : ip;
        return (canonical != null ? canonical : ip.toLowerCase(Locale.ROOT)) + "/" + port;
    }

    private static int parsePort(String s) {
        if (s.isEmpty() || s.length() > 5) return -1;
        int p = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') return -1;
            p = p * 10 + c - '0';
        }
        return p;
    }

    /** {@code ::1}, {@code 0:0:0:0:0:0:0:1} and {@code 0:0::1%lo} all as {@code 0:0:0:0:0:0:0:1}; null if no IPv6. */
    static String ipv6Groups(String ip) {
        int scope = ip.indexOf('%');
        if (scope >= 0) ip = ip.substring(0, scope);
        int gap = ip.indexOf("::");
        if (gap >= 0 && ip.indexOf("::", gap + 1) >= 0) return null;
        String[] head = gap < 0 ? ip.split(":", -1) : groups(ip.substring(0, gap));
        String[] tail = gap < 0 ? new String[0] : groups(ip.substring(gap + 2));
        int zeros = 8 - head.length - tail.length;
        if (gap < 0 ? head.length != 8 : zeros < 1) return null;
        StringBuilder out = new StringBuilder(39);
        for (String g : head) if (!group(out, g)) return null;
        for (int i = 0; gap >= 0 && i < zeros; i++) group(out, "0");
        for (String g : tail) if (!group(out, g)) return null;
        return out.toString();
    }

    private static String[] groups(String s) {
        return s.isEmpty() ? new String[0] : s.split(":", -1);
    }

    /** Appends a group of one to four hex digits as a number; false when it is none. */
    private static boolean group(StringBuilder out, String g) {
        if (g.isEmpty() || g.length() > 4) return false;
        int v = 0;
        for (int i = 0; i < g.length(); i++) {
            int d = Character.digit(g.charAt(i), 16);
            if (d < 0) return false;
            v = v * 16 + d;
        }
        if (!out.isEmpty()) out.append(':');
        out.append(Integer.toHexString(v));
        return true;
    }
}
