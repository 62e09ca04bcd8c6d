package org.jgwire.codec.stack;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * The views seen in a capture, used to expand delta views into full member lists. GMS sends a DeltaView (reference
 * view id, left, joined) instead of the full view by default; JGroups rebuilds it as
 * {@code ref.members - left + joined} (GMS.installView / View.create in 4.x and 5.x), and so do we.
 *
 * <p>A delta whose reference view is not known (the capture started after it) is unresolved: it is kept aside, and
 * once a view it leads back to is seen, a later delta referring to it (or to one of its successors) expands through
 * the chain. Records already returned are not changed.
 *
 * <p>Bounded: only the newest {@code maxViews} views are kept ({@link Limits#maxViews()}), far more than a delta
 * ever refers back to, and as many unresolved deltas.
 */
public final class ViewHistory {
    /** Equality written out: a record's own is bound on first use by spinning classes, at every decode's start. */
    private record Key(String creator, long id) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Key k && id == k.id && Objects.equals(creator, k.creator);
        }

        @Override
        public int hashCode() {
            return 31 * Objects.hashCode(creator) + Long.hashCode(id);
        }
    }

    private final int maxViews;

    private final Map<Key, List<NodeAddress>> views = new HashMap<>();
    private final Map<Long, Key> newestById = new HashMap<>();
    private final ArrayDeque<Key> order = new ArrayDeque<>();

    private final Map<Key, ViewInfo> unresolved = new HashMap<>();
    private final Map<Long, Key> newestUnresolvedById = new HashMap<>();
    private final ArrayDeque<Key> unresolvedOrder = new ArrayDeque<>();

    public ViewHistory(int maxViews) {
        this.maxViews = maxViews;
    }

    /**
     * Records a view and returns it with its member list complete: a delta view is expanded from the view it
     * refers to, directly or through unresolved deltas that lead back to a known view; when there is none, it is
     * returned {@link ViewInfo#unresolved() unresolved} (members empty) and kept aside.
     */
    public ViewInfo add(ViewInfo v) {
        ViewInfo full = v;
        if (v.isDelta()) {
            List<NodeAddress> ref = reference(v);
            if (ref == null) {
                ViewInfo open = v.asUnresolved();
                keepUnresolved(open);
                return open;
            }
            full = v.withMembers(expand(ref, v.left(), v.joined()));
        }
        remember(full);
        return full;
    }

    /**
     * The members of the view a delta refers to: a known view, else an unresolved delta leading back to one (the
     * deltas of that chain are then expanded and remembered, oldest first); null when no known view is reached.
     */
    private List<NodeAddress> reference(ViewInfo delta) {
        ArrayDeque<ViewInfo> chain = new ArrayDeque<>();
        Set<Key> visited = new HashSet<>();
        ViewInfo cur = delta;
        while (true) {
            List<NodeAddress> ref = known(cur);
            if (ref != null) {
                while (!chain.isEmpty()) {
                    ViewInfo d = chain.pop();
                    ViewInfo resolved = d.withMembers(expand(ref, d.left(), d.joined()));
                    remember(resolved);
                    ref = resolved.members();
                }
                return ref;
            }
            Key k = lookup(cur, unresolved, newestUnresolvedById);
            if (k == null || !visited.add(k)) return null;
            cur = unresolved.get(k);
            chain.push(cur);
        }
    }

    private List<NodeAddress> known(ViewInfo delta) {
        Key k = lookup(delta, views, newestById);
        return k != null ? views.get(k) : null;
    }

    private static Key lookup(ViewInfo delta, Map<Key, ?> byKey, Map<Long, Key> newest) {
        String creator = delta.creator() != null ? delta.creator().id() : null;
        // A delta normally refers to a view by the same coordinator; after a coordinator change, fall back to the
        // newest view with that counter.
        Key same = new Key(creator, delta.refId());
        if (byKey.containsKey(same)) return same;
        return newest.get(delta.refId());
    }

    private void keepUnresolved(ViewInfo delta) {
        Key k = key(delta);
        if (unresolved.put(k, delta) == null) {
            unresolvedOrder.addLast(k);
            if (unresolvedOrder.size() > maxViews) {
                Key old = unresolvedOrder.removeFirst();
                unresolved.remove(old);
                newestUnresolvedById.remove(old.id(), old);
            }
        }
        newestUnresolvedById.put(delta.id(), k);
    }

    private static Key key(ViewInfo v) {
        return new Key(v.creator() != null ? v.creator().id() : null, v.id());
    }

    /** A damaged view may list a null address ({@code Util.writeAddress} wrote NULL): it is no member, left out. */
    static List<NodeAddress> expand(List<NodeAddress> ref, List<NodeAddress> left, List<NodeAddress> joined) {
        Set<String> gone = new HashSet<>();
        for (NodeAddress a : left) if (a != null) gone.add(a.id());
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        List<NodeAddress> out = new ArrayList<>(ref.size() + joined.size());
        for (NodeAddress a : ref) if (a != null && !gone.contains(a.id()) && seen.add(a.id())) out.add(a);
        for (NodeAddress a : joined) if (a != null && seen.add(a.id())) out.add(a);
        return out;
    }

    private void remember(ViewInfo v) {
        if (v.members().isEmpty()) return;
        Key k = key(v);
        if (unresolved.remove(k) != null) {
            unresolvedOrder.remove(k);
            newestUnresolvedById.remove(k.id(), k);
        }
        if (views.put(k, v.members()) == null) {
            order.addLast(k);
            if (order.size() > maxViews) {
                Key old = order.removeFirst();
                views.remove(old);
                newestById.remove(old.id(), old);
            }
        }
        newestById.put(v.id(), k);
    }
}
