package org.jgwire.codec.analysis;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;

/** Message records as the adapters make them, written by hand for the analysis tests. */
public final class Records {
    public static final NodeAddress A = NodeAddress.uuid("00000000-0000-0000-0000-00000000000a");
    public static final NodeAddress B = NodeAddress.uuid("00000000-0000-0000-0000-00000000000b");
    public static final NodeAddress C = NodeAddress.uuid("00000000-0000-0000-0000-00000000000c");
    public static final NodeAddress D = NodeAddress.uuid("00000000-0000-0000-0000-00000000000d");

    private Records() {}

    /** A header; fields as name/value pairs. */
    public static HeaderRecord header(String protocol, String headerClass, Object... fields) {
        List<HeaderField> f = new ArrayList<>();
        for (int i = 0; i < fields.length; i += 2) f.add(new HeaderField((String) fields[i], fields[i + 1]));
        return new HeaderRecord(0, protocol, 0, HeaderClass.of(headerClass), f, "", 0, 10);
    }

    /** A message at packet {@code packet}, {@code ms} milliseconds into the capture, to {@code dst} port. */
    public static MessageRecord message(
            long packet,
            long ms,
            NodeAddress src,
            NodeAddress dest,
            int dstPort,
            ViewInfo view,
            HeaderRecord... headers) {
        FrameInfo f = new FrameInfo(
                packet,
                1_700_000_000_000_000_000L + ms * 1_000_000L,
                new Endpoint("127.0.0.1", 7800),
                new Endpoint("127.0.0.1", dstPort),
                Transport.UDP);
        return MessageRecord.builder(f)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .src(src)
                .dest(dest)
                .multicast(dest == null)
                .cluster("c")
                .headers(List.of(headers))
                .view(view)
                .range(0, 40)
                .build();
    }

    public static ViewInfo view(NodeAddress creator, long id, NodeAddress... members) {
        return new ViewInfo("VIEW", creator, id, List.of(members), -1, List.of(), List.of(), List.of());
    }

    public static ViewInfo mergeView(
            NodeAddress creator, long id, List<List<NodeAddress>> subgroups, NodeAddress... members) {
        return new ViewInfo("MERGE_VIEW", creator, id, List.of(members), -1, List.of(), List.of(), subgroups);
    }
}
