package org.jgwire.codec.stack;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/**
 * The views seen in a capture, used to expand delta views into full member lists. GMS sends a DeltaView (reference
 * view id, left, joined) instead of the full view by default; JGroups rebuilds it as
 * {@code ref.members - left + joined} (GMS.installView / View.create in 4.x and 5.x), and so do we.
 *
 * <p>Bounded: only the newest {@code maxViews} views are kept ({@link Limits#maxViews()}), far more than a delta
 * ever refers back to.
 */
public final class ViewHistory {
    private record Key(String creator, long id) {}

    private final int maxViews;

    private final Map<Key, List<NodeAddress>> views = new HashMap<>();
    private final Map<Long, Key> newestById = new HashMap<>();
    private final java.util.ArrayDeque<Key> order = new java.util.ArrayDeque<>();

    public ViewHistory(int maxViews) {
        this.maxViews = maxViews;
    }

    /**
     * Records a view and returns it with its member list complete: a delta view is expanded from the view it
     * refers to; when that view was never seen, it is returned as it is (members empty).
     */
    public ViewInfo add(ViewInfo v) {
        ViewInfo full = v;
        if (v.isDelta()) {
            List<NodeAddress> ref = reference(v);
            if (ref == null) return v;
            full = v.withMembers(expand(ref, v.left(), v.joined()));
        }
        remember(full);
        return full;
    }

    private List<NodeAddress> reference(ViewInfo delta) {
        String creator = delta.creator() != null ? delta.creator().id() : null;
        // A delta normally refers to a view by the same coordinator; after a coordinator change, fall back to the
        // newest view with that counter.
        List<NodeAddress> same = views.get(new Key(creator, delta.refId()));
        if (same != null) return same;
        Key k = newestById.get(delta.refId());
        return k != null ? views.get(k) : null;
    }

    /** A damaged view may list a null address ({@code Util.writeAddress} wrote NULL): it is no member, left out. */
    static List<NodeAddress> expand(List<NodeAddress> ref, List<NodeAddress> left, List<NodeAddress> joined) {
        Set<String> gone = new java.util.HashSet<>();
        for (NodeAddress a : left) if (a != null) gone.add(a.id());
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        List<NodeAddress> out = new ArrayList<>(ref.size() + joined.size());
        for (NodeAddress a : ref) if (a != null && !gone.contains(a.id()) && seen.add(a.id())) out.add(a);
        for (NodeAddress a : joined) if (a != null && seen.add(a.id())) out.add(a);
        return out;
    }

    private void remember(ViewInfo v) {
        if (v.members().isEmpty()) return;
        Key k = new Key(v.creator() != null ? v.creator().id() : null, v.id());
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
