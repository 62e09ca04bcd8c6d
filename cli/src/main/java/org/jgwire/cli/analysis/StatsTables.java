package org.jgwire.cli.analysis;

import static org.jgwire.output.parquet.TableColumn.Type.BOOLEAN;
import static org.jgwire.output.parquet.TableColumn.Type.LONG_LIST;

import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.reliability.ReliabilityTracker.SenderStats;
import org.jgwire.codec.analysis.rpc.RpcTracker;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.codec.analysis.stats.TrafficStats;
import org.jgwire.codec.merge.CaptureClock;
import org.jgwire.codec.merge.HostMerge;
import org.jgwire.codec.merge.LinkStats;

/**
 * The arrays of {@code stats}' JSON report as tables, for {@code --format parquet}: the same rows with the same
 * keys ({@link StatsReport#json}; tests/ParquetTablesTest compares them), a nested object's keys flattened
 * ({@link ReportTable}). Times are {@code ts_ns} alone, as in decode's Parquet ({@code ts} is the same instant in
 * seconds). The captures and links of several merged captures are tables without rows for one capture, so that a
 * directory written before by a merge keeps no stale ones.
 */
final class StatsTables {
    private StatsTables() {}

    static List<ReportTable> of(
            TrafficStats.Snapshot traffic,
            List<SenderStats> reliability,
            RpcTracker.RpcStats rpc,
            NameTable names,
            HostMerge merge) {
        return List.of(
                members(traffic, names),
                counts("headers", traffic.headerTypes()),
                counts("message_types", traffic.messageTypes()),
                perSecond(traffic, names),
                methods(rpc),
                unanswered(rpc, names),
                reliability(reliability, names),
                captures(merge),
                links(merge));
    }

    private static ReportTable members(TrafficStats.Snapshot traffic, NameTable names) {
        ReportTable t = new ReportTable("members")
                .strings("member", "addr")
                .longs("messages", "bytes", "multicasts", "unicasts", "credit_requests", "replenishments", "heartbeats")
                .summary("heartbeat_interval_ms", true);
        for (TrafficStats.MemberStats s : traffic.members())
            t.row(new ReportTable.Cells()
                    .put("member", names.display(s.member()))
                    .put("addr", s.member().id())
                    .put("messages", s.messages())
                    .put("bytes", s.bytes())
                    .put("multicasts", s.multicasts())
                    .put("unicasts", s.unicasts())
                    .put("credit_requests", s.creditRequests())
                    .put("replenishments", s.replenishments())
                    .put("heartbeats", s.heartbeats())
                    .summary("heartbeat_interval_ms", s.heartbeatIntervals()));
        return t;
    }

    private static ReportTable counts(String name, List<TrafficStats.Count> counts) {
        ReportTable t = new ReportTable(name).strings("key").longs("messages", "bytes");
        for (TrafficStats.Count c : counts)
            t.row(new ReportTable.Cells()
                    .put("key", c.key())
                    .put("messages", c.messages())
                    .put("bytes", c.bytes()));
        return t;
    }

    private static ReportTable perSecond(TrafficStats.Snapshot traffic, NameTable names) {
        ReportTable t = new ReportTable("per_second")
                .longs("second", "messages", "bytes")
                .strings("top_sender")
                .longs("top_sender_bytes");
        for (TrafficStats.Second s : traffic.perSecond()) {
            ReportTable.Cells c = new ReportTable.Cells()
                    .put("second", s.epochSecond())
                    .put("messages", s.messages())
                    .put("bytes", s.bytes());
            if (s.top() != null) c.put("top_sender", names.display(s.top())).put("top_sender_bytes", s.topBytes());
            t.row(c);
        }
        return t;
    }

    private static ReportTable methods(RpcTracker.RpcStats rpc) {
        ReportTable t = new ReportTable("methods")
                .strings("method")
                .longs("requests", "answered", "exceptions")
                .summary("latency_ms", true);
        for (RpcTracker.MethodSummary s : rpc.methods())
            t.row(new ReportTable.Cells()
                    .put("method", s.method())
                    .put("requests", s.requests())
                    .put("answered", s.answered())
                    .put("exceptions", s.exceptions())
                    .summary("latency_ms", s.latency()));
        return t;
    }

    private static ReportTable unanswered(RpcTracker.RpcStats rpc, NameTable names) {
        ReportTable t = new ReportTable("unanswered_requests")
                .longs("frame", "ts_ns")
                .strings("from", "to", "method")
                .column("evicted", BOOLEAN);
        for (RpcTracker.Unanswered u : rpc.unansweredList())
            t.row(new ReportTable.Cells()
                    .put("frame", u.packet())
                    .put("ts_ns", u.tsNanos() >= 0 ? u.tsNanos() : null)
                    .put("from", names.display(u.requester()))
                    .put("to", u.dest() != null ? names.display(u.dest()) : null)
                    .put("method", u.method())
                    .put("evicted", u.evicted()));
        return t;
    }

    /** STABLE's rows have their messages only, as in the JSON. */
    private static ReportTable reliability(List<SenderStats> reliability, NameTable names) {
        ReportTable t = new ReportTable("reliability")
                .strings("protocol", "sender", "addr")
                .longs(
                        "streams",
                        "messages",
                        "highest_seqno",
                        "gaps",
                        "filled",
                        "still_missing",
                        "duplicates",
                        "xmit_requests",
                        "retransmissions",
                        "acks",
                        "highest_seqno_messages",
                        "send_first_seqno",
                        "closes")
                .summary("retransmission_delay_ms", true);
        for (SenderStats s : reliability) {
            ReportTable.Cells c = new ReportTable.Cells()
                    .put("protocol", s.protocol())
                    .put("sender", names.display(s.sender()))
                    .put("addr", s.sender().id());
            if (s.protocol().equals("STABLE")) c.put("messages", s.stableMessages());
            else
                c.put("streams", s.streams())
                        .put("messages", s.messages())
                        .put("highest_seqno", s.highestSeqno())
                        .put("gaps", s.gaps())
                        .put("filled", s.filled())
                        .put("still_missing", s.stillMissing())
                        .put("duplicates", s.duplicates())
                        .put("xmit_requests", s.xmitRequests())
                        .put("retransmissions", s.retransmissions())
                        .put("acks", s.acks())
                        .put("highest_seqno_messages", s.highestSeqnoMessages())
                        .put("send_first_seqno", s.sendFirstSeqno())
                        .put("closes", s.closes())
                        .summary("retransmission_delay_ms", s.delays());
            t.row(c);
        }
        return t;
    }

    private static ReportTable captures(HostMerge merge) {
        ReportTable t = new ReportTable("captures")
                .strings("capture", "host")
                .longs("clock_offset_ns")
                .strings("clock")
                .longs("clock_pairs");
        if (merge != null)
            for (CaptureClock k : merge.clocks())
                t.row(new ReportTable.Cells()
                        .put("capture", k.label())
                        .put("host", k.host())
                        .put("clock_offset_ns", k.offsetNanos())
                        .put("clock", k.how())
                        .put("clock_pairs", k.pairs()));
        return t;
    }

    /** One-way delays in ms as {@link LinksReport} gives them: not rounded, no mean. */
    private static ReportTable links(HostMerge merge) {
        ReportTable t = new ReportTable("links")
                .strings("from", "to")
                .longs("sent", "arrived", "lost", "duplicates")
                .column("first_lost_frames", LONG_LIST)
                .summary("delay_ms", false);
        if (merge != null)
            for (LinkStats l : merge.links()) {
                Samples.Summary d = l.delaysMicros().summary();
                t.row(new ReportTable.Cells()
                        .put("from", l.from())
                        .put("to", l.to())
                        .put("sent", l.sent())
                        .put("arrived", l.arrived())
                        .put("lost", l.lost())
                        .put("duplicates", l.duplicates())
                        .put("first_lost_frames", List.copyOf(l.lostPackets()))
                        .put("delay_ms_count", d.count())
                        .put("delay_ms_p50", ms(d.p50()))
                        .put("delay_ms_p90", ms(d.p90()))
                        .put("delay_ms_p99", ms(d.p99()))
                        .put("delay_ms_max", ms(d.max())));
            }
        return t;
    }

    private static Double ms(double micros) {
        return Double.isNaN(micros) ? null : micros / 1000;
    }
}
