package org.jgwire.codec.verify;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.Discovery;

/**
 * Category {@code name}: every member's UUID is bound on the wire (discovery, MERGE3, GossipRouter) to its logical
 * name and physical address; a binding for an address that is no member is extra, but for the relay2 site masters'
 * bridge channels ({@code _A}).
 */
final class NameCheck {
    private final Manifest manifest;
    private final MemberIds ids;
    /** Per lower-case id, each "name physical" it was bound to, in order. */
    private final Map<String, Set<String>> bindings = new LinkedHashMap<>();

    NameCheck(Manifest manifest, MemberIds ids) {
        this.manifest = manifest;
        this.ids = ids;
    }

    void accept(Discovery d) {
        String id = MemberIds.id(d.address());
        if (id != null)
            bindings.computeIfAbsent(id, k -> new LinkedHashSet<>()).add(d.logicalName() + " " + d.physical());
    }

    /**
     * relay2: the addresses of the site masters' bridge channels, which RELAY2 names {@code _} + the member's name;
     * they are named and form a view (the bridge cluster) on the wire without being members.
     */
    Set<String> bridgeAddresses() {
        Set<String> out = new HashSet<>();
        if (!StackRules.relayed(manifest)) return out;
        for (Map.Entry<String, Set<String>> e : bindings.entrySet())
            for (String b : e.getValue())
                if (b.startsWith("_") && manifest.member(b.substring(1, b.indexOf(' '))) != null) out.add(e.getKey());
        return out;
    }

    void report(List<VerifyItem> items) {
        for (Manifest.Member m : manifest.members()) {
            String what = m.name() + " " + m.uuid();
            Set<String> b = bindings.get(m.uuid().toLowerCase(Locale.ROOT));
            String want = m.name() + " " + m.physical();
            if (b == null) items.add(new VerifyItem("name", what, Outcome.MISSING, "never named on the wire"));
            else if (b.equals(Set.of(want))) items.add(new VerifyItem("name", what, Outcome.OK, "named " + want));
            else
                items.add(new VerifyItem(
                        "name",
                        what,
                        Outcome.MISMATCH,
                        "named " + String.join(", then ", b) + " on the wire; expected " + want));
        }
        Set<String> bridge = bridgeAddresses();
        for (Map.Entry<String, Set<String>> e : bindings.entrySet())
            if (bridge.contains(e.getKey()))
                items.add(new VerifyItem(
                        "name",
                        e.getKey(),
                        Outcome.OK,
                        "named " + String.join(", then ", e.getValue()) + ": a site master's bridge channel (RELAY2)"));
            else if (ids.member(e.getKey()) == null)
                items.add(new VerifyItem(
                        "name",
                        e.getKey(),
                        Outcome.EXTRA,
                        "named " + String.join(", then ", e.getValue()) + " on the wire; no member has this address"));
    }
}
