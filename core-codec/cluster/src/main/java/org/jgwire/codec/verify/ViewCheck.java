package org.jgwire.codec.verify;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.codec.model.ViewInfo;

/**
 * Category {@code view}: the full view (the first with the most members: all of them, unless one left or crashed
 * before another joined) and the final view of every member are on the wire with the members' UUIDs in order (a view
 * of only its creator where {@link StackRules#viewOnWire} says); a view on the wire that no member installed is
 * extra, but for the relay2 site masters' bridge cluster and a merge response's view (the responder's view cut to the
 * members of the merge: OK when a member installed that view with all of them). Kept: each distinct view on the wire.
 *
 * <p>Views are compared by the members' names, the wire's UUIDs named by the manifest: a member that restarted under
 * its name (scenario {@code flapping}) has one UUID per incarnation, and a view names the one alive then.
 */
final class ViewCheck {
    private final Manifest manifest;
    private final MemberIds ids;
    /** The stack encrypts and the capture is not decrypted: texts and views are not on the wire in clear. */
    private final boolean encrypted;
    /** Per "creator|id" (lower-case creator id), each member list it was seen with. */
    private final Map<String, Set<List<String>>> seen = new LinkedHashMap<>();
    /** The same for the views of GMS MERGE_RSP. */
    private final Map<String, Set<List<String>>> mergeResponses = new LinkedHashMap<>();

    ViewCheck(Manifest manifest, MemberIds ids, boolean encrypted) {
        this.manifest = manifest;
        this.ids = ids;
        this.encrypted = encrypted;
    }

    void accept(ViewInfo v) {
        add(seen, v);
    }

    void acceptMergeResponse(ViewInfo v) {
        add(mergeResponses, v);
    }

    private static void add(Map<String, Set<List<String>>> to, ViewInfo v) {
        String creator = MemberIds.id(v.creator());
        to.computeIfAbsent(ViewIdText.of(creator == null ? "?" : creator, v.id()), k -> new LinkedHashSet<>())
                .add(MemberIds.ids(v.members()));
    }

    void report(List<VerifyItem> items, Set<String> bridge) {
        Map<String, Manifest.InstalledView> wanted = new LinkedHashMap<>();
        Map<String, List<String>> whose = new LinkedHashMap<>();
        Map<String, Manifest.InstalledView> last = new LinkedHashMap<>();
        for (Manifest.InstalledView v : manifest.views()) last.put(v.member(), v);
        Manifest.InstalledView full = fullView();
        if (full != null) {
            wanted.put(key(full), full);
            whose.computeIfAbsent(key(full), k -> new ArrayList<>()).add("full view");
        }
        for (Manifest.InstalledView v : last.values()) {
            wanted.putIfAbsent(key(v), v);
            whose.computeIfAbsent(key(v), k -> new ArrayList<>()).add("final view of " + v.member());
        }
        if (full == null) items.add(new VerifyItem("view", "full view", Outcome.MISSING, "no member installed a view"));
        for (Map.Entry<String, Manifest.InstalledView> e : wanted.entrySet()) {
            Manifest.InstalledView v = e.getValue();
            String what = key(v) + " " + v.members() + " (" + String.join(", ", whose.get(e.getKey())) + ")";
            items.add(check(what, v));
        }
        Set<String> installed = new LinkedHashSet<>();
        for (Manifest.InstalledView v : manifest.views()) if (known(v)) installed.add(key(v) + " " + v.members());
        for (Map.Entry<String, Set<List<String>>> e : seen.entrySet())
            for (List<String> members : e.getValue())
                if (!bridge.isEmpty() && bridge.containsAll(members))
                    items.add(new VerifyItem(
                            "view",
                            display(e.getKey(), members),
                            Outcome.OK,
                            "the site masters' bridge cluster (RELAY2)"));
                else if (!installed.contains(named(e.getKey()) + " " + ids.names(members)))
                    items.add(new VerifyItem(
                            "view",
                            display(e.getKey(), members),
                            Outcome.EXTRA,
                            "on the wire; no member installed it"));
        for (Map.Entry<String, Set<List<String>>> e : mergeResponses.entrySet())
            for (List<String> members : e.getValue()) {
                boolean within = false;
                for (Manifest.InstalledView v : manifest.views())
                    if (known(v)
                            && key(v).equals(named(e.getKey()))
                            && v.members().containsAll(ids.names(members))) within = true;
                items.add(new VerifyItem(
                        "view",
                        display(e.getKey(), members),
                        within ? Outcome.OK : Outcome.EXTRA,
                        within
                                ? "in a merge response: the responder's view cut to the members of the merge"
                                : "in a merge response; no member installed a view with these members"));
            }
    }

    private VerifyItem check(String what, Manifest.InstalledView v) {
        if (!known(v))
            return new VerifyItem("view", what, Outcome.MISMATCH, "names a member that is not in the manifest");
        Set<List<String>> lists = null;
        for (Map.Entry<String, Set<List<String>>> e : seen.entrySet())
            if (named(e.getKey()).equals(key(v))) {
                if (lists == null) lists = new LinkedHashSet<>();
                lists.addAll(e.getValue());
            }
        if (lists != null && lists.stream().anyMatch(l -> ids.names(l).equals(v.members())))
            return new VerifyItem("view", what, Outcome.OK, "on the wire");
        if (lists != null)
            return new VerifyItem("view", what, Outcome.MISMATCH, "on the wire with members " + names(lists));
        if (encrypted)
            return new VerifyItem("view", what, Outcome.UNSEEN, "not on the wire in clear: " + StackRules.ENCRYPTED);
        if (StackRules.viewOnWire(manifest, v)) return new VerifyItem("view", what, Outcome.MISSING, "not on the wire");
        return new VerifyItem(
                "view",
                what,
                Outcome.UNSEEN,
                "not on the wire; a view only its creator installs reaches the wire only where the stack multicasts"
                        + " over the network (udp, tunnel)");
    }

    /** The full view: the first view with the most members. */
    private Manifest.InstalledView fullView() {
        Manifest.InstalledView full = null;
        for (Manifest.InstalledView v : manifest.views())
            if (full == null || v.members().size() > full.members().size()) full = v;
        return full;
    }

    /** Whether the manifest knows the view's creator and every member. */
    private boolean known(Manifest.InstalledView v) {
        return ids.uuidOf(v.creator()) != null && ids.knows(v.members());
    }

    private static String key(Manifest.InstalledView v) {
        return ViewIdText.of(v.creator(), v.id());
    }

    /** {@code creator-uuid|id} as {@code creator-name|id}, the way the manifest writes a view id. */
    private String named(String key) {
        int bar = key.lastIndexOf('|');
        Manifest.Member c = ids.member(key.substring(0, bar));
        return (c != null ? c.name() : key.substring(0, bar)) + key.substring(bar);
    }

    private String display(String key, List<String> members) {
        int bar = key.lastIndexOf('|');
        Manifest.Member c = ids.member(key.substring(0, bar));
        return (c != null ? c.name() : key.substring(0, bar)) + key.substring(bar) + " " + ids.names(members);
    }

    private String names(Set<List<String>> lists) {
        List<String> out = new ArrayList<>();
        for (List<String> l : lists) out.add(ids.names(l).toString());
        return String.join(" and ", out);
    }
}
