package org.jgwire.wireshark.layout;

import static org.jgwire.wireshark.layout.Dsl.bit;
import static org.jgwire.wireshark.layout.Dsl.codes;
import static org.jgwire.wireshark.layout.Dsl.ifBit;
import static org.jgwire.wireshark.layout.Dsl.ifPositive;
import static org.jgwire.wireshark.layout.Dsl.named;
import static org.jgwire.wireshark.layout.Dsl.on;
import static org.jgwire.wireshark.layout.Dsl.value;
import static org.jgwire.wireshark.layout.Dsl.when;
import static org.jgwire.wireshark.layout.Dsl.wire;
import static org.jgwire.wireshark.layout.Kind.ADDRESS;
import static org.jgwire.wireshark.layout.Kind.ADDRESSES;
import static org.jgwire.wireshark.layout.Kind.AUTH_TOKEN;
import static org.jgwire.wireshark.layout.Kind.BOOL;
import static org.jgwire.wireshark.layout.Kind.BYTE;
import static org.jgwire.wireshark.layout.Kind.BYTE_BUFFER;
import static org.jgwire.wireshark.layout.Kind.ENUM_BYTE;
import static org.jgwire.wireshark.layout.Kind.HEADERS;
import static org.jgwire.wireshark.layout.Kind.INT;
import static org.jgwire.wireshark.layout.Kind.INT_ADDRESSES;
import static org.jgwire.wireshark.layout.Kind.INT_COMPRESSED;
import static org.jgwire.wireshark.layout.Kind.INT_STRINGS;
import static org.jgwire.wireshark.layout.Kind.LONG_COMPRESSED;
import static org.jgwire.wireshark.layout.Kind.MERGE_ID;
import static org.jgwire.wireshark.layout.Kind.OPT_IP_ADDRESS;
import static org.jgwire.wireshark.layout.Kind.SHORT;
import static org.jgwire.wireshark.layout.Kind.SHORT_BYTES;
import static org.jgwire.wireshark.layout.Kind.STRING;
import static org.jgwire.wireshark.layout.Kind.VIEW_ID;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The header bodies of the standard stacks, written down from each class's {@code writeTo} (JGroups 3.6.20 to
 * 5.5.7). Hand-written, so {@code HeaderLayoutConformanceTest} (tests/) checks every one against what the real
 * classes of every bundled jar write: a release that changes a header turns it red.
 *
 * <p>A table, one entry per header class and version range, in sections by what the protocols do.
 */
public final class HeaderLayouts {
    private static final String ANY = "3.5.0", NEVER = "31.0.0";
    private static final List<HeaderLayout> ALL = new ArrayList<>();

    static {
        // --- transport and discovery ---

        // TP.TpHeader.writeTo: cluster name behind a short length; 5.3.8 added flag (+ index when flag > 0)
        add("org.jgroups.protocols.TpHeader", "tp", ANY, "5.3.8", value("cluster_name", SHORT_BYTES));
        add(
                "org.jgroups.protocols.TpHeader",
                "tp",
                "5.3.8",
                NEVER,
                value("cluster_name", SHORT_BYTES),
                value("flag", BYTE),
                ifPositive("flag", value("index", INT)));

        // PingHeader: 4.0 added initial_discovery
        add(
                "org.jgroups.protocols.PingHeader",
                "ping",
                ANY,
                "4.0.0",
                named("type", BYTE),
                value("cluster_name", STRING));
        add(
                "org.jgroups.protocols.PingHeader",
                "ping",
                "4.0.0",
                NEVER,
                named("type", BYTE),
                value("cluster_name", STRING),
                value("initial_discovery", BOOL));

        // --- membership and reliable delivery ---

        // GMS.GmsHeader: flags short says whether a MergeId follows; USE_FLUSH is gone in 5.4
        add(
                "org.jgroups.protocols.pbcast.GMS$GmsHeader",
                "gms",
                ANY,
                NEVER,
                named("type", BYTE),
                wire("flags", SHORT),
                value("mbr", ADDRESS),
                ifBit("flags", "MERGE_ID_PRESENT", value("merge_id", MERGE_ID)),
                bit("merge_rejected", "flags", "MERGE_REJECTED"),
                bit("useFlushIfPresent", "flags", "USE_FLUSH"));

        // NakAckHeader2: seqno for MSG/XMIT_RSP/HIGHEST_SEQNO, the original sender for XMIT_REQ
        add(
                "org.jgroups.protocols.pbcast.NakAckHeader2",
                "nakack2",
                ANY,
                NEVER,
                named("type", BYTE),
                on(
                        "type",
                        when(codes("MSG", "XMIT_RSP", "HIGHEST_SEQNO"), value("seqno", LONG_COMPRESSED)),
                        when(codes("XMIT_REQ"), value("sender", ADDRESS))));

        // UNICAST3.Header (3.x, long timestamp) / UnicastHeader3 (4.0+, int timestamp): same bytes
        add("org.jgroups.protocols.UNICAST3$Header", "unicast3", ANY, NEVER, unicast3(LONG_COMPRESSED));
        add("org.jgroups.protocols.UnicastHeader3", "unicast3", ANY, NEVER, unicast3(INT_COMPRESSED));

        // --- fragmentation and flow control ---

        // FragHeader: plain ints in 3.x, compressed since 4.0; 5.0 added needs_deserialization and original_type
        add(
                "org.jgroups.protocols.FragHeader",
                "frag",
                ANY,
                "4.0.0",
                value("id", LONG_COMPRESSED),
                value("frag_id", INT),
                value("num_frags", INT));
        add(
                "org.jgroups.protocols.FragHeader",
                "frag",
                "4.0.0",
                "5.0.0",
                value("id", LONG_COMPRESSED),
                value("frag_id", INT_COMPRESSED),
                value("num_frags", INT_COMPRESSED));
        add(
                "org.jgroups.protocols.FragHeader",
                "frag",
                "5.0.0",
                NEVER,
                value("id", LONG_COMPRESSED),
                value("frag_id", INT_COMPRESSED),
                value("num_frags", INT_COMPRESSED),
                value("needs_deserialization", BOOL),
                value("original_type", SHORT));

        // Frag3Header (4.0+): 5.0 added needs_deserialization
        add("org.jgroups.protocols.Frag3Header", "frag3", ANY, "5.0.0", frag3());
        add("org.jgroups.protocols.Frag3Header", "frag3", "5.0.0", NEVER, frag3(value("needs_deserialization", BOOL)));

        add("org.jgroups.protocols.FcHeader", "fc", ANY, NEVER, value("type", BYTE));

        // --- failure detection ---

        // heartbeats: no body
        for (String c : List.of(
                "org.jgroups.protocols.FD_ALL$HeartbeatHeader",
                "org.jgroups.protocols.FD_ALL2$HeartbeatHeader",
                "org.jgroups.protocols.FD_ALL3$HeartbeatHeader",
                "org.jgroups.protocols.FailureDetection$HeartbeatHeader")) add(c, "heartbeat", ANY, NEVER);

        add(
                "org.jgroups.protocols.MERGE3$MergeHeader",
                "merge3",
                ANY,
                NEVER,
                named("type", ENUM_BYTE),
                value("view_id", VIEW_ID),
                value("logical_name", STRING),
                value("physical_addr", ADDRESS));

        add(
                "org.jgroups.protocols.pbcast.STABLE$StableHeader",
                "stable",
                ANY,
                NEVER,
                named("type", BYTE),
                value("view_id", VIEW_ID));

        add(
                "org.jgroups.protocols.VERIFY_SUSPECT$VerifyHeader",
                "verify_suspect",
                ANY,
                NEVER,
                named("type", SHORT),
                value("from", ADDRESS));

        // FD_SOCK.FdHeader: type, member, its server socket address, the members of a cache reply
        add(
                "org.jgroups.protocols.FD_SOCK$FdHeader",
                "fd_sock",
                ANY,
                NEVER,
                named("type", BYTE),
                value("mbr", ADDRESS),
                value("sock_addr", OPT_IP_ADDRESS),
                value("mbrs", INT_ADDRESSES));
        // FD_SOCK2.FdHeader (5.2+)
        add(
                "org.jgroups.protocols.FD_SOCK2$FdHeader",
                "fd_sock2",
                ANY,
                NEVER,
                named("type", BYTE),
                value("mbrs", INT_ADDRESSES),
                value("cluster", STRING),
                value("srv", ADDRESS));

        // --- authentication and encryption ---

        // AuthHeader.writeTo = writeAuthToken(out, token): the token's class is named on the wire (AuthTokens)
        add("org.jgroups.protocols.AuthHeader", "auth", ANY, NEVER, value("token", AUTH_TOKEN));

        // EncryptHeader (SYM_ENCRYPT/ASYM_ENCRYPT): 3.6 type + version + signature; 4.0 server instead of the
        // signature, 4.1 added iv, 5.0 needs_deserialization right after type. The payload behind it is ciphertext.
        add(
                "org.jgroups.protocols.EncryptHeader",
                "encrypt",
                ANY,
                "4.0.0",
                named("type", BYTE),
                value("version", BYTE_BUFFER),
                value("signature", BYTE_BUFFER));
        add(
                "org.jgroups.protocols.EncryptHeader",
                "encrypt",
                "4.0.0",
                "4.1.0",
                named("type", BYTE),
                value("version", BYTE_BUFFER),
                value("server", ADDRESS));
        add(
                "org.jgroups.protocols.EncryptHeader",
                "encrypt",
                "4.1.0",
                "5.0.0",
                named("type", BYTE),
                value("version", BYTE_BUFFER),
                value("server", ADDRESS),
                value("iv", BYTE_BUFFER));
        add(
                "org.jgroups.protocols.EncryptHeader",
                "encrypt",
                "5.0.0",
                NEVER,
                named("type", BYTE),
                value("needs_deserialization", BOOL),
                value("version", BYTE_BUFFER),
                value("server", ADDRESS),
                value("iv", BYTE_BUFFER));

        // --- relaying between sites ---

        // RELAY2's header, renamed twice: RELAY2.Relay2Header (4.1 added sites), relay.Relay2Header (5.2.16:
        // + visited_sites), relay.RelayHeader (5.2.29; 5.3 added return_entire_cache after type, and the original
        // headers and flags of a message relayed to another site)
        add(
                "org.jgroups.protocols.relay.RELAY2$Relay2Header",
                "relay2",
                ANY,
                "4.1.0",
                named("type", BYTE),
                value("final_dest", ADDRESS),
                value("original_sender", ADDRESS));
        add(
                "org.jgroups.protocols.relay.RELAY2$Relay2Header",
                "relay2",
                "4.1.0",
                NEVER,
                named("type", BYTE),
                value("final_dest", ADDRESS),
                value("original_sender", ADDRESS),
                value("sites", INT_STRINGS));
        for (String c : List.of("org.jgroups.protocols.relay.Relay2Header", "org.jgroups.protocols.relay.RelayHeader"))
            add(
                    c,
                    "relay2",
                    ANY,
                    "5.3.0",
                    named("type", BYTE),
                    value("final_dest", ADDRESS),
                    value("original_sender", ADDRESS),
                    value("sites", INT_STRINGS),
                    value("visited_sites", INT_STRINGS));
        add(
                "org.jgroups.protocols.relay.RelayHeader",
                "relay2",
                "5.3.0",
                NEVER,
                named("type", BYTE),
                value("return_entire_cache", BOOL),
                value("final_dest", ADDRESS),
                value("original_sender", ADDRESS),
                value("sites", INT_STRINGS),
                value("visited_sites", INT_STRINGS),
                value("original_hdrs", HEADERS),
                value("original_flags", SHORT));

        // --- RPCs ---

        // RequestCorrelator.Header / MultiDestinationHeader (RpcDispatcher, MessageDispatcher)
        add(
                "org.jgroups.blocks.RequestCorrelator$Header",
                "rpc",
                ANY,
                NEVER,
                value("type", BYTE),
                value("req_id", LONG_COMPRESSED),
                value("corrId", SHORT));
        add(
                "org.jgroups.blocks.RequestCorrelator$MultiDestinationHeader",
                "rpc",
                ANY,
                NEVER,
                value("type", BYTE),
                value("req_id", LONG_COMPRESSED),
                value("corrId", SHORT),
                value("exclusion_list", ADDRESSES));
    }

    // --- building the table, and looking in it ---

    private HeaderLayouts() {}

    private static Item[] unicast3(Kind timestamp) {
        return new Item[] {
            named("type", BYTE),
            on(
                    "type",
                    when(codes("DATA"), value("seqno", LONG_COMPRESSED), value("conn_id", SHORT), value("first", BOOL)),
                    when(
                            codes("ACK"),
                            value("seqno", LONG_COMPRESSED),
                            value("conn_id", SHORT),
                            value("timestamp", timestamp)),
                    when(codes("SEND_FIRST_SEQNO"), value("timestamp", timestamp)),
                    when(codes("CLOSE"), value("conn_id", SHORT)))
        };
    }

    private static Item[] frag3(Item... more) {
        List<Item> items = new ArrayList<>(List.of(
                value("id", INT_COMPRESSED),
                value("frag_id", INT_COMPRESSED),
                value("num_frags", INT_COMPRESSED),
                value("original_length", INT_COMPRESSED),
                value("offset", INT_COMPRESSED)));
        items.addAll(List.of(more));
        return items.toArray(new Item[0]);
    }

    private static void add(String className, String section, String from, String until, Item... items) {
        ALL.add(new HeaderLayout(
                className, section, JGroupsVersion.parse(from), JGroupsVersion.parse(until), List.of(items)));
    }

    /** Every layout description. */
    public static List<HeaderLayout> all() {
        return List.copyOf(ALL);
    }

    /**
     * The layout of a header class for a version, or null when jgwire has none (the dissector then stops with a note).
     */
    public static HeaderLayout of(String className, JGroupsVersion v) {
        for (HeaderLayout l : ALL) if (l.className().equals(className) && l.covers(v)) return l;
        return null;
    }
}
