package org.jgwire.tests.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.cli.JgwireCommand;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.lua.PluginGenerator;
import org.junit.jupiter.api.Test;

/** The generated Wireshark plugin's display-filter names are accepted by --filter as they are (docs/filter.md). */
class PluginFieldNamesAsFiltersTest {
    private static final Pattern FIELD = Pattern.compile("\"(jgroups\\.[a-z0-9_.]+[a-z0-9_])\"");
    private static final Pattern HEADER = Pattern.compile("section = \"([a-z0-9_]+)\", items = (\\{.*)");
    /** A value the dissector shows ({@code true} at the end: read for its bits only), a named bit. */
    private static final Pattern ITEM =
            Pattern.compile("\\{\"v\", \"[A-Z_]+\", \"([A-Za-z0-9_]+)\", false\\}|\\{\"bit\", \"([A-Za-z0-9_]+)\"");

    /**
     * Plugin fields with no jgwire filter field: the frame's structure, not a record's, and the expert infos (jgwire's
     * error records are {@code kind == error}, {@code problem}; what the cluster expert infos mark per frame,
     * {@code jgwire diagnose} finds for the whole capture); docs/filter.md lists them.
     */
    private static final Set<String> STRUCTURE_ONLY = Set.of(
            "jgroups.internal",
            "jgroups.expert.icmp_bounced",
            "jgroups.expert.outside_view",
            "jgroups.expert.retransmission",
            "jgroups.malformed",
            "jgroups.truncated",
            "jgroups.undecoded",
            "jgroups.unknown_header",
            "jgroups.unknown_version",
            "jgroups.batch.dest",
            "jgroups.batch.src",
            "jgroups.close",
            "jgroups.digest",
            "jgroups.fd_sock_signal",
            "jgroups.fd_sock2",
            "jgroups.mping",
            "jgroups.ack",
            "jgroups.frame_flags",
            "jgroups.gossip",
            "jgroups.gossip.physical",
            "jgroups.gossip.sender",
            "jgroups.handshake",
            "jgroups.handshake.addr",
            "jgroups.handshake.cookie",
            "jgroups.hdr",
            "jgroups.hdr.class",
            "jgroups.hdr.magic",
            "jgroups.hdr.protocol_id",
            "jgroups.length",
            "jgroups.msg",
            "jgroups.msg.header_count",
            "jgroups.msg.leading",
            "jgroups.payload",
            "jgroups.payload.long",
            "jgroups.ping_data",
            "jgroups.ping_data.addr",
            "jgroups.ping_data.coord",
            "jgroups.ping_data.flags",
            "jgroups.ping_data.physical",
            "jgroups.view.ref_id",
            "jgroups.wrapped");

    @Test
    void everyPluginFieldCompilesAsAFilterUnlessItIsFrameStructure() throws Exception {
        String lua = PluginGenerator.generate(Decoding.home().resolve("jgroups"), JgwireCommand.class.getName());
        Set<String> names = new TreeSet<>();
        for (Matcher m = FIELD.matcher(lua); m.find(); ) names.add(m.group(1));
        for (String line : lua.split("\n")) {
            Matcher h = HEADER.matcher(line.strip());
            if (!h.find()) continue;
            for (Matcher i = ITEM.matcher(h.group(2)); i.find(); )
                names.add("jgroups." + h.group(1) + "." + (i.group(1) != null ? i.group(1) : i.group(2)));
        }
        assertTrue(names.contains("jgroups.gms.type") && names.contains("jgroups.nakack2.seqno"), names.toString());
        List<String> refused = new ArrayList<>();
        for (String name : names) {
            if (STRUCTURE_ONLY.contains(name)) continue;
            try {
                RecordFilter.compile(name);
            } catch (FilterSyntaxException e) {
                refused.add(name + ": " + e.reason());
            }
        }
        assertEquals(List.of(), refused);
        for (String flag : new String[] {"oob", "dont_bundle", "no_fc"})
            RecordFilter.compile("jgroups.msg.flags." + flag);
    }
}
