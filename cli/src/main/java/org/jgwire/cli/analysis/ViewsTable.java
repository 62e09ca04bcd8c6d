package org.jgwire.cli.analysis;

import static org.jgwire.output.parquet.TableColumn.Type.STRING_LIST;
import static org.jgwire.output.parquet.TableColumn.Type.STRING_LIST_LIST;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.membership.MembershipEvent;
import org.jgwire.codec.analysis.membership.MembershipTimeline;
import org.jgwire.codec.model.NodeAddress;

/**
 * {@code views --format parquet}: a row per event of the JSON report's {@code events}, with its keys (but {@code ts},
 * the same instant as {@code ts_ns}, as in decode's Parquet), and the view id's two parts beside its text, for
 * sorting and joining: {@code view_creator} and {@code view_id}.
 */
final class ViewsTable {
    private ViewsTable() {}

    static ReportTable of(MembershipTimeline timeline, NameTable names) {
        ReportTable t = new ReportTable("events")
                .longs("frame", "ts_ns")
                .strings("cluster", "event", "view", "view_creator")
                .longs("view_id")
                .column("members", STRING_LIST)
                .column("subgroups", STRING_LIST_LIST)
                .column("subjects", STRING_LIST)
                .strings("by", "detail");
        for (MembershipEvent e : timeline.events()) {
            ReportTable.Cells c = new ReportTable.Cells()
                    .put("frame", e.packet())
                    .put("ts_ns", e.tsNanos() >= 0 ? e.tsNanos() : null)
                    .put("cluster", e.cluster())
                    .put("event", e.kind().label())
                    .put("subjects", names(e.subjects(), names))
                    .put("by", e.by() != null ? names.display(e.by()) : null)
                    .put("detail", e.detail().isEmpty() ? null : e.detail());
            if (e.view() != null) {
                c.put("view", Formats.viewId(e.view(), names))
                        .put(
                                "view_creator",
                                e.view().creator() != null
                                        ? names.display(e.view().creator())
                                        : null)
                        .put("view_id", e.view().id())
                        .put("members", names(e.view().members(), names));
                if (!e.view().subgroups().isEmpty()) {
                    List<List<String>> sub = new ArrayList<>();
                    for (List<NodeAddress> s : e.view().subgroups()) sub.add(names(s, names));
                    c.put("subgroups", sub);
                }
            }
            t.row(c);
        }
        return t;
    }

    private static List<String> names(List<NodeAddress> l, NameTable names) {
        List<String> out = new ArrayList<>(l.size());
        for (NodeAddress a : l) out.add(names.display(a));
        return out;
    }
}
