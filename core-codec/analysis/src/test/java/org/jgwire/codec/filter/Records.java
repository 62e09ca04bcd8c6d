package org.jgwire.codec.filter;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;

/** Hand-built records for the filter's unit tests. */
final class Records {
    static final NodeAddress A = NodeAddress.uuid("00000000-0000-0000-0000-00000000000a");
    static final NodeAddress B = NodeAddress.uuid("00000000-0000-0000-0000-00000000000b");
    static final long T0 = 1_700_000_000_000_000_000L;

    private Records() {}

    static FrameInfo frame(long packet, long ts) {
        return new FrameInfo(
                packet, ts, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 7801), Transport.UDP);
    }

    static HeaderRecord header(String protocol, Object... nameValues) {
        List<HeaderField> fields = new ArrayList<>();
        for (int i = 0; i < nameValues.length; i += 2)
            fields.add(new HeaderField((String) nameValues[i], nameValues[i + 1]));
        return new HeaderRecord(1, protocol, 2, HeaderClass.of(protocol + "Header"), fields, protocol, 0, 4);
    }

    static MessageRecord message(
            long packet,
            long ts,
            String type,
            List<String> flags,
            NodeAddress src,
            NodeAddress dest,
            String text,
            ViewInfo view,
            List<Discovery> names,
            HeaderRecord... headers) {
        byte[] bytes = text == null ? new byte[0] : text.getBytes(StandardCharsets.UTF_8);
        Payload p = new Payload(bytes.length, text, bytes, null);
        return MessageRecord.builder(frame(packet, ts))
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type(type)
                .flags(flags.contains("OOB") ? 1 : 0, flags)
                .src(src)
                .dest(dest)
                .multicast(dest == null)
                .cluster("c1")
                .headers(List.of(headers))
                .payload(p)
                .view(view)
                .discovery(names)
                .range(0, 40)
                .build();
    }

    /** A NAKACK2 multicast from A with seqno. */
    static MessageRecord nakack(long packet, long seqno, String text) {
        return message(
                packet,
                T0 + packet * 1_000_000_000L,
                "BYTES",
                List.of(),
                A,
                null,
                text,
                null,
                List.of(),
                header("NAKACK2", "type", "MSG", "seqno", seqno),
                header("TP", "cluster_name", "c1"));
    }

    /** A GMS VIEW from A with members A and B. */
    static MessageRecord view(long packet) {
        ViewInfo v = new ViewInfo("VIEW", A, 2, List.of(A, B), -1, List.of(), List.of(), List.of());
        return message(
                packet,
                T0 + packet * 1_000_000_000L,
                "BYTES",
                List.of("NO_FC", "NO_RELAY"),
                A,
                null,
                null,
                v,
                List.of(),
                header("GMS", "type", "VIEW", "merge_rejected", false),
                header("NAKACK2", "type", "MSG", "seqno", 1L));
    }

    /** A discovery response that names A as "node-1" and B as "node-2". */
    static MessageRecord discovery(long packet) {
        return message(
                packet,
                T0 + packet * 1_000_000_000L,
                "BYTES",
                List.of("OOB", "DONT_BUNDLE"),
                B,
                A,
                null,
                null,
                List.of(
                        new Discovery(A, "node-1", "127.0.0.1:7800", true, "discovery"),
                        new Discovery(B, "node-2", "127.0.0.1:7801", false, "discovery")),
                header("PING", "type", "GET_MBRS_RSP", "cluster_name", null));
    }

    static ErrorRecord error(long packet) {
        return new ErrorRecord(
                new FrameInfo(packet, -1, null, null, Transport.NONE),
                ProblemKind.TRUNCATED,
                12,
                "frame ended after 12 of 40 bytes");
    }
}
