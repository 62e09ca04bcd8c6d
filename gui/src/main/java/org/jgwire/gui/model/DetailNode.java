package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One node of the detail tree: a label, the value a user copies, and the bytes of the frame it stands for.
 *
 * @param label    what the tree shows, e.g. {@code "seqno = 12"}
 * @param value    the value alone (what "copy value" puts on the clipboard)
 * @param start    first byte in the frame, or -1 when the node has no byte range of its own
 * @param length   number of bytes, 0 when none
 * @param children the nodes below
 */
public record DetailNode(String label, String value, int start, int length, List<DetailNode> children) {
    public DetailNode(String label, String value, int start, int length) {
        this(label, value, start, length, new ArrayList<>());
    }

    public boolean hasRange() {
        return start >= 0 && length > 0;
    }

    public boolean contains(int offset) {
        return hasRange() && offset >= start && offset < start + length;
    }

    DetailNode add(DetailNode child) {
        children.add(child);
        return child;
    }

    DetailNode add(String name, Object value) {
        String v = String.valueOf(value);
        return add(new DetailNode(name + ": " + v, v, start, length));
    }

    /**
     * The path (root first) to the node that best explains byte {@code offset}: the one with the smallest range
     * holding it; among equal ranges the one nearest the root (a header rather than each of its fields).
     */
    public List<DetailNode> pathTo(int offset) {
        List<DetailNode> best = new ArrayList<>();
        search(this, offset, new ArrayList<>(), best);
        return best;
    }

    private static void search(DetailNode n, int offset, List<DetailNode> path, List<DetailNode> best) {
        path.add(n);
        if (n.contains(offset)) {
            DetailNode current = best.isEmpty() ? null : best.get(best.size() - 1);
            if (current == null || n.length < current.length) {
                best.clear();
                best.addAll(path);
            }
        }
        for (DetailNode c : n.children) search(c, offset, path, best);
        path.remove(path.size() - 1);
    }
}
