package org.jgwire.output;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.analysis.Names;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewIdText;
import org.jgwire.codec.model.ViewInfo;

/** How records show addresses, views and times, shared by the text and JSON writers. */
final class Display {
    private final Names names;

    Display(Names names) {
        this.names = names;
    }

    /** Logical name when known, else the address id; null stays null. */
    String address(NodeAddress a) {
        return names.display(a);
    }

    /** A view id with its creator shown by name. */
    String viewId(ViewInfo v) {
        return ViewIdText.of(v.creator() != null ? address(v.creator()) : "?", v.id());
    }

    List<String> members(List<NodeAddress> members) {
        List<String> out = new ArrayList<>(members.size());
        for (NodeAddress a : members) out.add(address(a));
        return out;
    }
}
