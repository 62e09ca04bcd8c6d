package org.jgwire.cli.analysis;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.jgwire.cli.OtherFlowLines;
import org.jgwire.cli.OutputFormat;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.OtherTraffic;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker.SenderStats;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.model.OtherFlow;

/**
 * The {@code stats} output: aligned tables for people, one JSON document for machines.
 *
 * <p>Both forms show the same sections in the same order, kept side by side so that a section is added to both.
 */
final class StatsReport {
    /** Flows of other traffic listed in the text report; decode --show-other lists them all. */
    static final int OTHER_SHOWN = 20;

    private final TrafficStats.Snapshot traffic;
    private final List<SenderStats> reliability;
    private final RpcTracker.RpcStats rpc;
    private final NameTable names;

    /** Several captures merged: their hosts, clocks and links; null for one capture. */
    private LinksReport links;

    void links(LinksReport l) {
        links = l;
    }

    StatsReport(
            TrafficStats.Snapshot traffic, List<SenderStats> reliability, RpcTracker.RpcStats rpc, NameTable names) {
        this.traffic = traffic;
        this.reliability = reliability;
        this.rpc = rpc;
        this.names = names;
    }

    // --- as text ---

    void text(PrintWriter out) {
        double secs = traffic.firstTs() >= 0 ? (traffic.lastTs() - traffic.firstTs()) / 1e9 : Double.NaN;
        out.printf(
                Locale.ROOT,
                "%d messages, %d bytes%s, %d errors%n",
                traffic.messages(),
                traffic.bytes(),
                Double.isNaN(secs) ? "" : String.format(Locale.ROOT, " in %.3f s", secs),
                traffic.errors());

        out.println();
        out.println("Members (by bytes sent)");
        TextTable m = new TextTable(
                "MEMBER",
                ">MSGS",
                ">BYTES",
                ">MCAST",
                ">UCAST",
                ">CREDIT_REQ",
                ">REPLENISH",
                ">HEARTBEATS",
                ">HB_P50",
                ">HB_P90",
                ">HB_P99",
                ">HB_MAX");
        for (TrafficStats.MemberStats s : traffic.members()) {
            Samples.Summary hb = s.heartbeatIntervals();
            m.row(
                    names.display(s.member()),
                    s.messages(),
                    s.bytes(),
                    s.multicasts(),
                    s.unicasts(),
                    s.creditRequests(),
                    s.replenishments(),
                    s.heartbeats(),
                    Formats.ms(hb.p50()),
                    Formats.ms(hb.p90()),
                    Formats.ms(hb.p99()),
                    Formats.ms(hb.max()));
        }
        print(out, m);

        out.println();
        out.println("Protocols (header and type)");
        TextTable p = new TextTable("HEADER", ">MSGS", ">BYTES");
        for (TrafficStats.Count c : traffic.headerTypes()) p.row(c.key(), c.messages(), c.bytes());
        print(out, p);

        out.println();
        out.println("Message types");
        TextTable t = new TextTable("TYPE", ">MSGS", ">BYTES");
        for (TrafficStats.Count c : traffic.messageTypes()) t.row(c.key(), c.messages(), c.bytes());
        print(out, t);

        Samples.Summary b = traffic.batchSizes();
        out.println();
        out.printf(
                Locale.ROOT,
                "Batches: %d message lists, size p50 %s p90 %s p99 %s max %s%n",
                b.count(),
                num(b.p50()),
                num(b.p90()),
                num(b.p99()),
                num(b.max()));

        if (!traffic.streamEnds().isEmpty()) {
            out.println();
            StringBuilder ends = new StringBuilder();
            long directions = 0;
            for (TrafficStats.Count c : traffic.streamEnds()) {
                directions += c.messages();
                ends.append(ends.isEmpty() ? "" : ", ")
                        .append(c.key())
                        .append(' ')
                        .append(c.messages());
            }
            out.printf(Locale.ROOT, "TCP directions ended: %d (%s)%n", directions, ends);
        }

        out.println();
        out.printf(
                Locale.ROOT,
                "RPCs: %d requests, %d responses (%d exceptions), %d unanswered, %d one-way, %d responses without "
                        + "their request%n",
                rpc.requests(),
                rpc.responses(),
                rpc.exceptions(),
                rpc.unanswered(),
                rpc.oneWay(),
                rpc.orphans());
        if (!rpc.methods().isEmpty()) {
            TextTable r =
                    new TextTable("METHOD", ">REQS", ">ANSWERED", ">EXC", ">P50_MS", ">P90_MS", ">P99_MS", ">MAX_MS");
            for (RpcTracker.MethodSummary s : rpc.methods()) {
                Samples.Summary l = s.latency();
                r.row(
                        s.method(),
                        s.requests(),
                        s.answered(),
                        s.exceptions(),
                        Formats.ms(l.p50()),
                        Formats.ms(l.p90()),
                        Formats.ms(l.p99()),
                        Formats.ms(l.max()));
            }
            r.print(out);
        }
        if (!rpc.unansweredList().isEmpty()) {
            out.println("Unanswered requests"
                    + (rpc.unansweredList().size() > StatsCommand.TEXT_UNANSWERED
                            ? " (first " + StatsCommand.TEXT_UNANSWERED + "; --format json lists up to "
                                    + RpcTracker.MAX_LISTED + ")"
                            : ""));
            TextTable u = new TextTable("TIME", ">FRAME", "FROM", "TO", "METHOD");
            rpc.unansweredList().stream()
                    .limit(StatsCommand.TEXT_UNANSWERED)
                    .forEach(x -> u.row(
                            Formats.timeOfDay(x.tsNanos()),
                            "#" + x.packet(),
                            names.display(x.requester()),
                            x.dest() != null ? names.display(x.dest()) : "<all>",
                            x.method()));
            u.print(out);
        }

        out.println();
        out.println("Reliability (per sender; delays in ms)");
        TextTable rel = new TextTable(
                "PROTOCOL",
                "SENDER",
                ">STREAMS",
                ">MSGS",
                ">HIGHEST",
                ">GAPS",
                ">FILLED",
                ">MISSING",
                ">DUPS",
                ">XMIT_REQ",
                ">RETRANS",
                ">DELAY_P50",
                ">P90",
                ">P99",
                ">MAX");
        for (SenderStats s : reliability) {
            if (s.protocol().equals("STABLE")) continue;
            Samples.Summary d = s.delays();
            rel.row(
                    s.protocol(),
                    names.display(s.sender()),
                    s.streams(),
                    s.messages(),
                    s.highestSeqno() < 0 ? "-" : s.highestSeqno(),
                    s.gaps(),
                    s.filled(),
                    s.stillMissing(),
                    s.duplicates(),
                    s.xmitRequests(),
                    s.retransmissions(),
                    Formats.ms(d.p50()),
                    Formats.ms(d.p90()),
                    Formats.ms(d.p99()),
                    Formats.ms(d.max()));
        }
        print(out, rel);
        StringBuilder stable = new StringBuilder();
        for (SenderStats s : reliability)
            if (s.protocol().equals("STABLE"))
                stable.append(stable.length() > 0 ? ", " : "")
                        .append(names.display(s.sender()))
                        .append(' ')
                        .append(s.stableMessages());
        if (stable.length() > 0) out.println("STABLE messages per member: " + stable);

        out.println();
        List<TrafficStats.Second> secs2 = traffic.perSecond();
        if (secs2.size() > StatsCommand.TEXT_SECONDS) {
            out.println("Busiest seconds (" + StatsCommand.TEXT_SECONDS + " of " + secs2.size()
                    + "; --format json lists every second)");
            secs2 = new ArrayList<>(secs2);
            secs2.sort(Comparator.comparingLong(TrafficStats.Second::bytes).reversed());
            secs2 = secs2.subList(0, StatsCommand.TEXT_SECONDS);
        } else {
            out.println("Per second");
        }
        TextTable ps = new TextTable("SECOND", ">MSGS", ">BYTES", "TOP_SENDER", ">TOP_BYTES");
        for (TrafficStats.Second s : secs2)
            ps.row(
                    Formats.timeOfDay(s.epochSecond() * 1_000_000_000L).substring(0, 8),
                    s.messages(),
                    s.bytes(),
                    s.top() != null ? names.display(s.top()) : "",
                    s.top() != null ? s.topBytes() : "");
        print(out, ps);
    }

    private static void print(PrintWriter out, TextTable t) {
        if (t.isEmpty()) out.println("  (none)");
        else t.print(out);
    }

    private static String num(double v) {
        return Double.isNaN(v)
                ? "-"
                : v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    // --- as JSON ---

    /** Other traffic of the host, when the capture held some: its counts and its first flows. */
    static void otherText(PrintWriter out, OtherTraffic other) {
        if (other.isEmpty()) return;
        out.println();
        out.println("Other traffic (not JGroups): " + other.connections() + " TCP connections, " + other.datagrams()
                + " UDP datagrams");
        int shown = 0;
        for (OtherFlow f : other.flows()) {
            if (shown++ == OTHER_SHOWN) {
                out.println("  ... " + (other.flows().size() - OTHER_SHOWN) + " more (jgwire decode --show-other)");
                break;
            }
            out.println("  " + OtherFlowLines.text(f).substring("other ".length()));
        }
    }

    private static void otherJson(JsonGenerator g, OtherTraffic other) throws IOException {
        g.writeObjectFieldStart("other");
        g.writeNumberField("tcp_connections", other.connections());
        g.writeNumberField("udp_datagrams", other.datagrams());
        g.writeNumberField("flows", other.flows().size());
        g.writeEndObject();
    }

    void json(PrintWriter out, OutputFormat format, DecodeSummary summary) throws IOException {
        try (JsonGenerator g = format.configure(new JsonFactory().createGenerator(out))) {
            g.writeStartObject();
            g.writeNumberField("packets", summary.packets());
            g.writeNumberField("messages", traffic.messages());
            g.writeNumberField("bytes", traffic.bytes());
            g.writeNumberField("errors", traffic.errors());
            if (traffic.firstTs() >= 0) {
                g.writeNumberField("first_ts", Formats.epochSeconds(traffic.firstTs()));
                g.writeNumberField("last_ts", Formats.epochSeconds(traffic.lastTs()));
            }
            g.writeArrayFieldStart("members");
            for (TrafficStats.MemberStats s : traffic.members()) {
                g.writeStartObject();
                g.writeStringField("member", names.display(s.member()));
                g.writeStringField("addr", s.member().id());
                g.writeNumberField("messages", s.messages());
                g.writeNumberField("bytes", s.bytes());
                g.writeNumberField("multicasts", s.multicasts());
                g.writeNumberField("unicasts", s.unicasts());
                g.writeNumberField("credit_requests", s.creditRequests());
                g.writeNumberField("replenishments", s.replenishments());
                g.writeNumberField("heartbeats", s.heartbeats());
                summary(g, "heartbeat_interval_ms", s.heartbeatIntervals());
                g.writeEndObject();
            }
            g.writeEndArray();
            counts(g, "headers", traffic.headerTypes());
            counts(g, "message_types", traffic.messageTypes());
            summary(g, "batch_sizes", traffic.batchSizes());
            g.writeObjectFieldStart("stream_ends");
            for (TrafficStats.Count c : traffic.streamEnds()) g.writeNumberField(c.key(), c.messages());
            g.writeEndObject();
            g.writeArrayFieldStart("per_second");
            for (TrafficStats.Second s : traffic.perSecond()) {
                g.writeStartObject();
                g.writeNumberField("second", s.epochSecond());
                g.writeNumberField("messages", s.messages());
                g.writeNumberField("bytes", s.bytes());
                if (s.top() != null) {
                    g.writeStringField("top_sender", names.display(s.top()));
                    g.writeNumberField("top_sender_bytes", s.topBytes());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("rpc");
            g.writeNumberField("requests", rpc.requests());
            g.writeNumberField("responses", rpc.responses());
            g.writeNumberField("exceptions", rpc.exceptions());
            g.writeNumberField("unanswered", rpc.unanswered());
            g.writeNumberField("one_way", rpc.oneWay());
            g.writeNumberField("request_copies", rpc.copies());
            g.writeNumberField("orphan_responses", rpc.orphans());
            g.writeNumberField("evicted", rpc.evicted());
            g.writeArrayFieldStart("methods");
            for (RpcTracker.MethodSummary s : rpc.methods()) {
                g.writeStartObject();
                g.writeStringField("method", s.method());
                g.writeNumberField("requests", s.requests());
                g.writeNumberField("answered", s.answered());
                g.writeNumberField("exceptions", s.exceptions());
                summary(g, "latency_ms", s.latency());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("unanswered_requests");
            for (RpcTracker.Unanswered u : rpc.unansweredList()) {
                g.writeStartObject();
                g.writeNumberField("frame", u.packet());
                if (u.tsNanos() >= 0) {
                    g.writeNumberField("ts", Formats.epochSeconds(u.tsNanos()));
                    g.writeNumberField("ts_ns", u.tsNanos());
                }
                g.writeStringField("from", names.display(u.requester()));
                if (u.dest() != null) g.writeStringField("to", names.display(u.dest()));
                else g.writeNullField("to");
                g.writeStringField("method", u.method());
                g.writeBooleanField("evicted", u.evicted());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeArrayFieldStart("reliability");
            for (SenderStats s : reliability) {
                g.writeStartObject();
                g.writeStringField("protocol", s.protocol());
                g.writeStringField("sender", names.display(s.sender()));
                g.writeStringField("addr", s.sender().id());
                if (s.protocol().equals("STABLE")) {
                    g.writeNumberField("messages", s.stableMessages());
                } else {
                    g.writeNumberField("streams", s.streams());
                    g.writeNumberField("messages", s.messages());
                    g.writeNumberField("highest_seqno", s.highestSeqno());
                    g.writeNumberField("gaps", s.gaps());
                    g.writeNumberField("filled", s.filled());
                    g.writeNumberField("still_missing", s.stillMissing());
                    g.writeNumberField("duplicates", s.duplicates());
                    g.writeNumberField("xmit_requests", s.xmitRequests());
                    g.writeNumberField("retransmissions", s.retransmissions());
                    g.writeNumberField("acks", s.acks());
                    g.writeNumberField("highest_seqno_messages", s.highestSeqnoMessages());
                    g.writeNumberField("send_first_seqno", s.sendFirstSeqno());
                    g.writeNumberField("closes", s.closes());
                    summary(g, "retransmission_delay_ms", s.delays());
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            if (!summary.other().isEmpty()) otherJson(g, summary.other());
            if (links != null) links.json(g);
            g.writeEndObject();
        }
        out.println();
    }

    private static void counts(JsonGenerator g, String key, List<TrafficStats.Count> l) throws IOException {
        g.writeArrayFieldStart(key);
        for (TrafficStats.Count c : l) {
            g.writeStartObject();
            g.writeStringField("key", c.key());
            g.writeNumberField("messages", c.messages());
            g.writeNumberField("bytes", c.bytes());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** count, mean, p50, p90, p99, max; null values when there were none. */
    private static void summary(JsonGenerator g, String key, Samples.Summary s) throws IOException {
        g.writeObjectFieldStart(key);
        g.writeNumberField("count", s.count());
        for (String k : new String[] {"mean", "p50", "p90", "p99", "max"}) {
            double v =
                    switch (k) {
                        case "mean" -> s.mean();
                        case "p50" -> s.p50();
                        case "p90" -> s.p90();
                        case "p99" -> s.p99();
                        default -> s.max();
                    };
            Double r = rounded(v);
            if (r == null) g.writeNullField(k);
            else g.writeNumberField(k, r);
        }
        g.writeEndObject();
    }

    /** A summary's value as the report gives it: to 3 decimals, null for none (NaN). */
    static Double rounded(double v) {
        return Double.isNaN(v) ? null : Math.round(v * 1000) / 1000.0;
    }
}
