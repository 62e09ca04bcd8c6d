package org.jgwire.adapter.classic;

import java.util.ArrayList;
import java.util.List;
import org.jgroups.MergeView;
import org.jgroups.View;
import org.jgroups.protocols.pbcast.DeltaView;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.JoinRsp;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.FrameInput;

/** Views in GMS payloads, read by the jar's own GMS code and turned into {@link ViewInfo}s. */
final class Views {
    private final Addresses addresses;
    private final FrameInput in = new FrameInput(FrameInput.Wording.CLASSIC);

    Views(Addresses addresses) {
        this.addresses = addresses;
    }

    /**
     * Whether a GMS message of this type carries a view: JOIN_RSP a JoinRsp; VIEW, MERGE_RSP, INSTALL_MERGE_VIEW,
     * GET_DIGEST_RSP and INSTALL_DIGEST {@code flags(u16) [view] [digest]} ({@code GMS.up} and
     * {@code GMS._readViewAndDigest}, 3.6 and 4.x alike).
     */
    static boolean carriesView(byte gmsType) {
        switch (gmsType) {
            case GMS.GmsHeader.JOIN_RSP,
                    GMS.GmsHeader.VIEW,
                    GMS.GmsHeader.MERGE_RSP,
                    GMS.GmsHeader.INSTALL_MERGE_VIEW,
                    GMS.GmsHeader.GET_DIGEST_RSP,
                    GMS.GmsHeader.INSTALL_DIGEST:
                return true;
            default:
                return false;
        }
    }

    /** The view in the payload of a GMS message of {@code gmsType}, or null when it carries none. */
    ViewInfo read(byte gmsType, byte[] buf, int off, int len) throws Exception {
        View v;
        if (gmsType == GMS.GmsHeader.JOIN_RSP) {
            // GMS.marshal(JoinRsp) writes it with Util.writeStreamable: a presence byte, then the JoinRsp
            in.reset(buf, off, len);
            if (!in.readBoolean()) return null;
            JoinRsp rsp = new JoinRsp();
            rsp.readFrom(in);
            v = rsp.getView();
        } else {
            // The jar's own reader picks View, MergeView or DeltaView from the flags.
            var tuple = GMS._readViewAndDigest(buf, off, len);
            v = tuple != null ? tuple.getVal1() : null;
        }
        return v == null ? null : info(v);
    }

    ViewInfo info(View v) {
        NodeAddress creator = addresses.node(v.getViewId().getCreator());
        long id = v.getViewId().getId();
        if (v instanceof DeltaView d) // members are rebuilt from the referenced view by the analysis stage
        return new ViewInfo(
                    "DELTA_VIEW",
                    creator,
                    id,
                    List.of(),
                    d.getRefViewId().getId(),
                    addresses.nodes(d.getLeftMembers()),
                    addresses.nodes(d.getNewMembers()),
                    List.of());
        List<NodeAddress> members = addresses.nodes(v.getMembers());
        if (v instanceof MergeView m) {
            List<List<NodeAddress>> subgroups = new ArrayList<>();
            if (m.getSubgroups() != null)
                for (View s : m.getSubgroups()) subgroups.add(addresses.nodes(s.getMembers()));
            return new ViewInfo("MERGE_VIEW", creator, id, members, -1, List.of(), List.of(), subgroups);
        }
        return new ViewInfo("VIEW", creator, id, members, -1, List.of(), List.of(), List.of());
    }
}
