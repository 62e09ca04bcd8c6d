package org.jgwire.adapter.jg5;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.MergeView;
import org.jgroups.View;
import org.jgroups.protocols.pbcast.DeltaView;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.protocols.pbcast.JoinRsp;
import org.jgroups.util.Util;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.FrameInput;

/**
 * Views in GMS payloads, read by the jar's own View / MergeView / DeltaView / JoinRsp {@code readFrom}. The
 * payload layout is {@code GMS.marshal(View, Digest)} (flags + [view] + [digest]) for VIEW, MERGE_RSP,
 * INSTALL_MERGE_VIEW, GET_DIGEST_RSP and INSTALL_DIGEST, and {@code GMS.marshal(JoinRsp)} for JOIN_RSP, as
 * {@code GMS.up()} reads them in every 5.x release. The digest after the view is not needed and not read.
 */
final class GmsViews {
    private final Addresses addresses;
    private final FrameInput in = new FrameInput(FrameInput.Wording.JG5);

    GmsViews(Addresses addresses) {
        this.addresses = addresses;
    }

    /** Whether a GmsHeader type carries a view in its payload. */
    static boolean carriesView(byte type) {
        return switch (type) {
            case GMS.GmsHeader.JOIN_RSP,
                    GMS.GmsHeader.VIEW,
                    GMS.GmsHeader.MERGE_RSP,
                    GMS.GmsHeader.INSTALL_MERGE_VIEW,
                    GMS.GmsHeader.GET_DIGEST_RSP,
                    GMS.GmsHeader.INSTALL_DIGEST -> true;
            default -> false;
        };
    }

    /** The view in the payload {@code buf[off, off+len)}, or null when it holds none. */
    ViewInfo read(byte type, byte[] buf, int off, int len) throws IOException, ClassNotFoundException {
        in.reset(buf, off, len);
        View view;
        if (type == GMS.GmsHeader.JOIN_RSP) {
            // GMS.marshal(JoinRsp) = Util.streamableToBuffer: presence byte + JoinRsp (readJoinRsp reads it back
            // with streamableFromBuffer)
            JoinRsp rsp = Util.readStreamable(JoinRsp::new, in);
            view = rsp != null ? rsp.getView() : null;
        } else {
            short flags = in.readShort();
            if ((flags & GMS.VIEW_PRESENT) == 0) return null;
            // GMS._readViewAndDigest: MERGE_VIEW and DELTA_VIEW flags pick the class
            view = (flags & GMS.MERGE_VIEW) != 0
                    ? new MergeView()
                    : (flags & GMS.DELTA_VIEW) != 0 ? new DeltaView() : new View();
            view.readFrom(in);
        }
        return view == null ? null : info(view);
    }

    ViewInfo info(View view) {
        NodeAddress creator = addresses.of(view.getViewId().getCreator());
        long id = view.getViewId().getId();
        if (view instanceof DeltaView d) {
            // members stay empty: the analysis stage rebuilds them from the view it refers to
            return new ViewInfo(
                    "DELTA_VIEW",
                    creator,
                    id,
                    List.of(),
                    d.getRefViewId().getId(),
                    addresses.of(d.getLeftMembers()),
                    addresses.of(d.getNewMembers()),
                    List.of());
        }
        List<NodeAddress> members = addresses.of(view.getMembers());
        if (view instanceof MergeView m) {
            List<List<NodeAddress>> subgroups = new ArrayList<>();
            if (m.getSubgroups() != null) for (View v : m.getSubgroups()) subgroups.add(addresses.of(v.getMembers()));
            return new ViewInfo("MERGE_VIEW", creator, id, members, -1, List.of(), List.of(), subgroups);
        }
        return new ViewInfo("VIEW", creator, id, members, -1, List.of(), List.of(), List.of());
    }
}
