package org.jgwire.codec.filter;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The display-filter names of jgwire's Wireshark plugin ({@code jgroups.gms.type}, {@code jgroups.msg.flags.oob}),
 * as filter paths: the {@code jgroups.} prefix goes, and the names that differ are mapped (docs/filter.md).
 */
final class WiresharkNames {
    static final String PREFIX = "jgroups.";

    /** Plugin names (without the prefix) that are other jgwire fields. */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("msg.type", "type"),
            Map.entry("msg.flags", "flags"),
            Map.entry("msg.index", "batch_index"),
            Map.entry("frame_flags.multicast", "multicast"),
            Map.entry("frame_flags.list", "batched"),
            Map.entry("version_str", "version"),
            Map.entry("view.member", "view.members"),
            Map.entry("hdr.protocol", "protocols"),
            Map.entry("gossip.type", "type"),
            Map.entry("gossip.group", "group"),
            Map.entry("gossip.addr", "addr"),
            Map.entry("fd_sock_signal.value", "type"),
            Map.entry("fd_sock_signal.name", "type"),
            Map.entry("fd_sock_signal.sender", "src_ep"),
            Map.entry("fd_sock_signal.receiver", "dst_ep"),
            Map.entry("fd_sock_signal.member", "src_addr")); // ABNORMAL_TERMINATION's member: the address

    /** Plugin sections that are one header class rather than one protocol: {@code jgroups.frag.frag_id}. */
    private static final Map<String, List<String>> HEADER_CLASSES = Map.of(
            "frag", List.of("FragHeader"),
            "frag3", List.of("Frag3Header"),
            "ping", List.of("PingHeader"),
            "rpc", List.of("Header", "MultiDestinationHeader"), // RequestCorrelator's
            "encrypt", List.of("EncryptHeader"),
            "heartbeat", List.of("HeartbeatHeader"),
            "fc", List.of("FcHeader"));

    private WiresharkNames() {}

    static boolean isPluginName(String path) {
        return path.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /** The filter path of a plugin name without its prefix. */
    static String path(String withoutPrefix) {
        String lower = withoutPrefix.toLowerCase(Locale.ROOT);
        String mapped = FIELDS.get(lower);
        if (mapped != null) return mapped;
        if (lower.startsWith("msg.flags.")) return "flags." + withoutPrefix.substring("msg.flags.".length());
        return withoutPrefix;
    }

    /** The header classes of a plugin section that names no protocol, or null. */
    static List<String> headerClasses(String section) {
        return HEADER_CLASSES.get(section.toLowerCase(Locale.ROOT));
    }
}
