package org.jgwire.cli.output;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/** How records show addresses, views and times, shared by the text and JSON writers. */
final class Display {
    private final NameTable names;

    Display(NameTable names) {
        this.names = names;
    }

    /** Logical name when known, else the address id; null stays null. */
    String address(NodeAddress a) {
        return names.display(a);
    }

    /** A view id as JGroups prints it: {@code creator|counter}. */
    String viewId(ViewInfo v) {
        return (v.creator() != null ? address(v.creator()) : "?") + "|" + v.id();
    }

    List<String> members(List<NodeAddress> members) {
        List<String> out = new ArrayList<>(members.size());
        for (NodeAddress a : members) out.add(address(a));
        return out;
    }

    /** Epoch seconds with nanoseconds, e.g. {@code 1700000000.123456789}; null when the input had no time. */
    static String epochSeconds(long tsNanos) {
        if (tsNanos < 0) return null;
        long secs = tsNanos / 1_000_000_000L;
        long nanos = tsNanos % 1_000_000_000L;
        char[] frac = new char[9];
        for (int i = 8; i >= 0; i--) {
            frac[i] = (char) ('0' + nanos % 10);
            nanos /= 10;
        }
        return secs + "." + new String(frac);
    }

    static String hex(byte[] b) {
        char[] out = new char[b.length * 2];
        for (int i = 0; i < b.length; i++) {
            out[2 * i] = HEX[(b[i] >> 4) & 0xF];
            out[2 * i + 1] = HEX[b[i] & 0xF];
        }
        return new String(out);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();
}
