package org.jgwire.codec.verify;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.codec.model.ViewInfo;

/**
 * Category {@code merge} (scenario {@code partition-merge}): every merge view a member installed is on the wire as a
 * MERGE_VIEW with the same id, members (in order) and subgroups. Kept: each distinct merge view on the wire.
 */
final class MergeCheck {
    private final Manifest manifest;
    private final MemberIds ids;
    private final boolean wanted;
    private final Set<Seen> seen = new HashSet<>();

    /** A merge view by what is compared: id, member ids in order, subgroups as sets of ids. */
    private record Seen(long id, List<String> members, Set<Set<String>> subgroups) {}

    MergeCheck(Manifest manifest, MemberIds ids) {
        this.manifest = manifest;
        this.ids = ids;
        this.wanted = manifest.views().stream().anyMatch(Manifest.InstalledView::merge);
    }

    void accept(ViewInfo v) {
        if (!wanted || !"MERGE_VIEW".equals(v.kind())) return;
        Set<Set<String>> subgroups = new HashSet<>();
        for (List<NodeAddress> g : v.subgroups()) subgroups.add(new HashSet<>(MemberIds.ids(g)));
        seen.add(new Seen(v.id(), MemberIds.ids(v.members()), subgroups));
    }

    void report(List<VerifyItem> items) {
        Set<String> done = new HashSet<>();
        for (Manifest.InstalledView v : manifest.views()) {
            String key = ViewIdText.of(v.creator(), v.id());
            if (!v.merge() || !done.add(key)) continue;
            List<String> uuids = ids.uuidsOf(v.members());
            Set<Set<String>> subgroups = new HashSet<>();
            for (List<String> g : v.subgroups()) subgroups.add(new HashSet<>(ids.uuidsOf(g)));
            String what = key + " " + v.members() + " of " + v.subgroups();
            if (seen.contains(new Seen(v.id(), uuids, subgroups)))
                items.add(new VerifyItem("merge", what, Outcome.OK, "on the wire with its subgroups"));
            else
                items.add(new VerifyItem(
                        "merge", what, Outcome.MISSING, "not on the wire as a MERGE_VIEW with members " + uuids));
        }
    }
}
