package org.jgwire.adapter.classic;

import java.io.EOFException;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.PhysicalAddress;
import org.jgroups.protocols.PingData;
import org.jgroups.stack.GossipType;
import org.jgroups.util.Bits;
import org.jgroups.util.Util;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.runtime.FrameInput;
import org.jgwire.codec.runtime.FrameProblem;

/**
 * Walks a GossipData ({@code GossipData.readFrom}): {@code type(u8) group(string) addr [sender (4.0+)]}, for
 * anything but MESSAGE {@code logical_name(string) count(u16) PingData* physical_addr}, then
 * {@code length(i32) + bytes}: for MESSAGE a transport frame, decoded as such. Walked here rather than by
 * {@code GossipData.readFrom}, which allocates the buffer from the claimed length before checking it.
 */
final class GossipDecoder {
    private final Context cx;
    private final boolean hasSender;
    private final TransportDecoder transport;
    private final FrameInput in = new FrameInput(FrameInput.Wording.CLASSIC);
    private final GossipType[] types = GossipType.values();

    GossipDecoder(Context cx, boolean hasSender, TransportDecoder transport) {
        this.cx = cx;
        this.hasSender = hasSender;
        this.transport = transport;
    }

    void decode(byte[] buf, int off, int len, FrameInfo frame, List<Record> out) {
        in.reset(buf, off, len);
        String what = "gossip type";
        try {
            int t = in.readUnsignedByte();
            if (t >= types.length)
                throw new FrameProblem(
                        ProblemKind.MALFORMED,
                        off,
                        "gossip type " + t + " is not one of JGroups " + cx.jar + "'s GossipType values (0.."
                                + (types.length - 1) + ")");
            GossipType type = types[t];
            what = "gossip " + type + " group";
            String group = Bits.readString(in);
            what = "gossip " + type + " address";
            Address addr = Util.readAddress(in);
            if (hasSender) Util.readAddress(in); // GossipData.sender, 4.0+: the stub that sent it
            List<Discovery> discovery = List.of();
            if (type != GossipType.MESSAGE) {
                what = "gossip " + type + " member data";
                discovery = memberData(addr);
            }
            what = "gossip " + type + " buffer";
            int blen = in.readInt();
            int bufOff = in.position();
            if (blen < 0) blen = 0; // GossipData.writeTo writes 0 for no buffer; readFrom reads nothing for <= 0
            if (blen > in.remaining())
                throw new FrameProblem(
                        ProblemKind.TRUNCATED,
                        bufOff - 4,
                        "buffer length " + blen + " exceeds the " + in.remaining() + " bytes left");
            if (type == GossipType.MESSAGE && blen > 0) transport.decode(buf, bufOff, bufOff + blen, off, frame, out);
            else out.add(new GossipRecord(frame, type.name(), group, cx.addresses.node(addr), discovery, cx.jar));
        } catch (FrameProblem p) {
            out.add(p.record(frame, off));
        } catch (EOFException e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.TRUNCATED,
                    in.position() - off,
                    what + ": gossip data ends at byte " + len + " (" + e.getMessage() + ")"));
        } catch (Throwable t) {
            out.add(new ErrorRecord(frame, ProblemKind.MALFORMED, in.position() - off, what + ": " + t));
        }
    }

    private List<Discovery> memberData(Address addr) throws Exception {
        String logicalName = Bits.readString(in);
        int n = in.readShort();
        List<Discovery> out = new ArrayList<>(Math.max(0, Math.min(n, 16)) + 1);
        for (int i = 0; i < n; i++) {
            PingData data = new PingData();
            data.readFrom(in);
            out.add(cx.discoveries.of(data, "gossip"));
        }
        PhysicalAddress physical = (PhysicalAddress) Util.readAddress(in);
        if (addr != null && (logicalName != null || physical != null))
            out.add(0, cx.discoveries.of(addr, logicalName, physical, "gossip"));
        return out;
    }
}
