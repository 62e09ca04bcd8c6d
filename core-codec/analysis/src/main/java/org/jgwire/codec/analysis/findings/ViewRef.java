package org.jgwire.codec.analysis.findings;

import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;

/** A view named in a finding, shown as {@code creator|id} with the creator's name. */
public record ViewRef(NodeAddress creator, long id) {
    public static ViewRef of(ViewInfo v) {
        return new ViewRef(v.creator() != null ? v.creator() : v.members().get(0), v.id());
    }
}
