package org.jgwire.adapter.classic;

import static org.jgwire.codec.runtime.WireFlags.BUF_SET;
import static org.jgwire.codec.runtime.WireFlags.DEST_SET;
import static org.jgwire.codec.runtime.WireFlags.LIST;
import static org.jgwire.codec.runtime.WireFlags.MULTICAST;
import static org.jgwire.codec.runtime.WireFlags.SRC_SET;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Header;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.util.Util;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.FragmentHeaders;
import org.jgwire.codec.runtime.FrameInput;
import org.jgwire.codec.runtime.FrameProblem;
import org.jgwire.codec.runtime.HeaderProblems;
import org.jgwire.codec.runtime.UnknownHeaders;
import org.jgwire.codec.runtime.UnreadHeader;

/**
 * Walks a 3.x/4.x transport frame ({@code TP.receive}): {@code version(u16) flags(u8)}, then one message
 * ({@code Message.readFrom}) or a list ({@code Util.readMessageBatch}: dest, src, cluster, count, messages
 * without addresses). The envelope is walked here, byte range by byte range; addresses and header bodies are
 * read by the jar's classes. Not thread-safe: one instance per decoding thread.
 *
 * <p>It mirrors one JGroups read path (the envelope, the list, each message and its headers) over one cursor, method
 * for method.
 */
final class TransportDecoder {
    /** {@code Header.setProtId} exists since 3.6; 3.5 headers carry no protocol id (checked once, not per header). */
    private static final boolean SET_PROT_ID = hasSetProtId();

    private final Context cx;
    private final FrameInput in = new FrameInput(FrameInput.Wording.CLASSIC);
    /** Set when a message of the list had a header no class reads: the list ends there. */
    private boolean unread;

    private Header[] hdrs = new Header[8];
    private short[] pids = new short[8], magics = new short[8];
    private int[] starts = new int[8], ends = new int[8];

    TransportDecoder(Context cx) {
        this.cx = cx;
    }

    // --- the envelope and the message list ---

    /** Decodes {@code buf[start, end)}; offsets in the records are relative to {@code base}. */
    void decode(byte[] buf, int start, int end, int base, FrameInfo frame, List<Record> out) {
        if (end - start < 3) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.TRUNCATED,
                    start - base,
                    "frame of " + (end - start) + " bytes is shorter than version(2) + flags(1)"));
            return;
        }
        in.reset(buf, start, end - start);
        JGroupsVersion version;
        int flags;
        try {
            version = JGroupsVersion.valueOf(in.readShort());
            flags = in.readByte();
        } catch (IOException e) {
            return; // cannot happen: the length was checked above
        }
        if (version.major() != cx.version.major()) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.UNSUPPORTED_VERSION,
                    start - base,
                    "frame version " + version + " is not decoded with JGroups " + cx.jar
                            + ": another major version is another wire format"));
            return;
        }
        boolean multicast = (flags & MULTICAST) != 0;
        boolean list = (flags & LIST) != 0;
        int index = -1, count = 0; // where a problem was found: index -1 in a list = its header
        try {
            if (!list) {
                out.add(message(buf, base, frame, version, multicast, null, null, null, -1, 0));
                cx.flushLate(out);
                return;
            }
            Address dest = address("list dest"), src = address("list src");
            String cluster = null;
            int clusterLen = in.readShort();
            if (clusterLen >= 0) {
                if (clusterLen > in.remaining())
                    throw new FrameProblem(
                            ProblemKind.TRUNCATED,
                            in.position() - 2,
                            "cluster name length " + clusterLen + " exceeds the " + in.remaining()
                                    + " bytes left in the frame");
                cluster = new String(buf, in.position(), clusterLen, StandardCharsets.ISO_8859_1);
                in.skipBytes(clusterLen);
            }
            count = in.readInt();
            if (count < 0)
                throw new FrameProblem(
                        ProblemKind.MALFORMED, in.position() - 4, "message count " + count + " is negative");
            unread = false;
            for (index = 0; index < count && !unread; index++) {
                out.add(message(buf, base, frame, version, multicast, dest, src, cluster, index, count));
                cx.flushLate(out);
            }
        } catch (FrameProblem p) {
            out.add(new ErrorRecord(
                    frame, p.kind(), p.position() - base, where(list, index, count) + ": " + p.getMessage()));
        } catch (EOFException e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.TRUNCATED,
                    in.position() - base,
                    where(list, index, count) + ": frame ends at byte " + (end - base) + " (" + e.getMessage() + ")"));
        } catch (Throwable t) { // bytes the jar's readers reject in any other way; never leaves decode
            out.add(new ErrorRecord(
                    frame, ProblemKind.MALFORMED, in.position() - base, where(list, index, count) + ": " + t));
        }
        cx.flushLate(out);
    }

    /**
     * One message serialized on its own by {@code Message.writeTo} in {@code buf[start, end)} (3.6/4.x messages have
     * no type short): the original that SEQUENCER wraps with {@code Util.streamableToBuffer(msg)} and reads back with
     * {@code streamableFromBuffer} in {@code unwrapAndDeliver}. Offsets count from {@code start}.
     */
    void serialized(byte[] buf, int start, int end, FrameInfo frame, List<Record> out) {
        in.reset(buf, start, end - start);
        try {
            out.add(message(buf, start, frame, cx.version, false, null, null, null, -1, 0));
        } catch (FrameProblem p) {
            out.add(new ErrorRecord(frame, p.kind(), p.position() - start, "serialized message: " + p.getMessage()));
        } catch (EOFException e) {
            out.add(new ErrorRecord(
                    frame,
                    ProblemKind.TRUNCATED,
                    in.position() - start,
                    "serialized message of " + (end - start) + " bytes ends inside a structure (" + e.getMessage()
                            + ")"));
        } catch (Throwable t) { // bytes the jar's readers reject in any other way; never leaves decode
            out.add(new ErrorRecord(frame, ProblemKind.MALFORMED, in.position() - start, "serialized message: " + t));
        }
        cx.flushLate(out);
    }

    private static String where(boolean list, int index, int count) {
        if (!list) return "message";
        return index < 0 ? "message list header" : "message " + (index + 1) + " of " + count;
    }

    // --- a message ---

    private MessageRecord message(
            byte[] buf,
            int base,
            FrameInfo frame,
            JGroupsVersion version,
            boolean multicast,
            Address dest,
            Address src,
            String cluster,
            int index,
            int count)
            throws Exception {
        int start = in.position();
        int leading = in.readByte();
        int flags = in.readShort() & 0xFFFF;
        if ((leading & DEST_SET) != 0) dest = address("dest");
        if ((leading & SRC_SET) != 0) src = address("src");
        int n = in.readShort();
        if (n < 0)
            throw new FrameProblem(ProblemKind.MALFORMED, in.position() - 2, "header count " + n + " is negative");
        for (int i = 0; i < n; i++) {
            try {
                readHeader(i);
            } catch (UnreadHeader u) {
                return unread(u, i, base, frame, version, flags, src, dest, multicast, cluster, index, count, start);
            }
        }
        int payloadOff = in.position(), payloadLen = 0;
        if ((leading & BUF_SET) != 0) {
            payloadLen = in.readInt();
            payloadOff = in.position();
            if (payloadLen < 0)
                throw new FrameProblem(
                        ProblemKind.MALFORMED, payloadOff - 4, "payload length " + payloadLen + " is negative");
            if (payloadLen > in.remaining())
                throw new FrameProblem(
                        ProblemKind.TRUNCATED,
                        payloadOff - 4,
                        "payload length " + payloadLen + " exceeds the " + in.remaining() + " bytes left in the frame");
            in.skipBytes(payloadLen);
        }
        int end = in.position();

        NodeAddress srcNode = cx.addresses.node(src);
        List<HeaderRecord> headers = new ArrayList<>(n);
        List<Discovery> discovery = List.of();
        int gmsType = -1;
        boolean ping = false;
        boolean encrypted = false, fragment = false;
        for (int i = 0; i < n; i++) {
            Header h = hdrs[i];
            fragment |= FragmentHeaders.isFragment(h);
            HeaderRecord r = cx.headers.record(pids[i], magics[i], h, buf, starts[i], ends[i], base);
            headers.add(r);
            if (h instanceof TpHeader) {
                if (cluster == null) cluster = HeaderRecords.clusterOf(buf, starts[i] + 4, ends[i]);
            } else if (h instanceof GMS.GmsHeader g) gmsType = g.getType();
            else if (h instanceof PingHeader) ping = true;
            else if (h instanceof EncryptHeader) encrypted = true;
            else if (h instanceof MERGE3.MergeHeader) {
                Discovery d = Discoveries.mergeInfo(r, srcNode);
                if (d != null) discovery = List.of(d);
            }
            hdrs[i] = null;
        }
        Payload payload = cx.payloads.of(buf, payloadOff, payloadLen);
        ViewInfo view = null;
        // SYM_ENCRYPT/ASYM_ENCRYPT leave the headers readable but the payload is ciphertext: no view or PingData in it
        if (payloadLen > 0 && !encrypted && !fragment && gmsType >= 0 && Views.carriesView((byte) gmsType)) {
            try {
                view = cx.views.read((byte) gmsType, buf, payloadOff, payloadLen);
            } catch (Throwable t) {
                cx.late(new ErrorRecord(
                        frame,
                        ProblemKind.MALFORMED,
                        payloadOff - base,
                        "GMS payload of type " + gmsType + " is not a view as GMS writes it: " + t));
            }
        }
        if (payloadLen > 0 && !encrypted && ping) {
            try {
                discovery = cx.discoveries.pingData(buf, payloadOff, payloadLen);
            } catch (Throwable t) {
                cx.late(new ErrorRecord(
                        frame, ProblemKind.MALFORMED, payloadOff - base, "discovery payload is not a PingData: " + t));
            }
        }
        return MessageRecord.builder(frame)
                .version(version)
                .decodedWith(cx.jar)
                .type("MESSAGE")
                .flags(flags, cx.flagNames.of(flags))
                .src(srcNode)
                .dest(multicast ? null : cx.addresses.node(dest))
                .multicast(multicast)
                .cluster(cluster)
                .batch(index, count)
                .headers(headers)
                .payload(payload)
                .view(view)
                .discovery(discovery)
                .range(start - base, end - start)
                .build();
    }

    // --- headers, addresses and the header arrays ---

    /** One header: {@code protocol_id(u16) magic_id(u16) body}; the body's end is known only to its class. */
    private void readHeader(int i) throws Exception {
        if (i == hdrs.length) grow();
        int start = in.position();
        short pid = in.readShort(), magic = in.readShort();
        Header h;
        try {
            h = cx.factory.create(magic);
        } catch (Exception | LinkageError e) {
            h = null;
        }
        if (h == null) {
            String text = cx.unknown.text(i, magic, cx.headers.protocol(pid), cx.jar);
            throw new UnreadHeader(pid, magic, start, text);
        }
        try {
            h.readFrom(in);
        } catch (EOFException e) {
            throw HeaderProblems.cutShort(i, h, magic, cx.headers.protocol(pid), start, e);
        } catch (Throwable t) { // includes OutOfMemoryError from a garbage length the header class trusted
            throw HeaderProblems.unreadable(i, h, magic, cx.headers.protocol(pid), start, t);
        }
        if (SET_PROT_ID) h.setProtId(pid); // as Message.readFrom does: the id is written before the header
        hdrs[i] = h;
        pids[i] = pid;
        magics[i] = magic;
        starts[i] = start;
        ends[i] = in.position();
    }

    /**
     * The record of a message with an {@link UnreadHeader}: the headers before it and that one, unread; the frame
     * ends there. The error after it ({@link UnknownHeaders#problem}) follows the record as a late one.
     */
    private MessageRecord unread(
            UnreadHeader u,
            int read,
            int base,
            FrameInfo frame,
            JGroupsVersion version,
            int flags,
            Address src,
            Address dest,
            boolean multicast,
            String cluster,
            int index,
            int count,
            int start)
            throws FrameProblem {
        unread = true; // what follows in the frame cannot be found
        String problem = UnknownHeaders.problem(u.getMessage(), index >= count - 1);
        if (problem != null) cx.late(new ErrorRecord(frame, ProblemKind.UNKNOWN_CLASS, u.start + 2 - base, problem));
        List<HeaderRecord> headers = new ArrayList<>(read + 1);
        for (int i = 0; i < read; i++) {
            headers.add(cx.headers.record(pids[i], magics[i], hdrs[i], in.buffer(), starts[i], ends[i], base));
            hdrs[i] = null;
        }
        headers.add(UnknownHeaders.unread(
                u.protocolId, cx.headers.protocol(u.protocolId), u.magic, u.getMessage(), u.start - base));
        in.position(in.limit());
        return MessageRecord.builder(frame)
                .version(version)
                .decodedWith(cx.jar)
                .type("MESSAGE")
                .flags(flags, cx.flagNames.of(flags))
                .src(cx.addresses.node(src))
                .dest(multicast ? null : cx.addresses.node(dest))
                .multicast(multicast)
                .cluster(cluster)
                .batch(index, count)
                .headers(headers)
                .range(start - base, -1)
                .build();
    }

    /** An address as {@code Util.readAddress} reads it; a failure names which address and where. */
    private Address address(String which) throws Exception {
        int at = in.position();
        try {
            return Util.readAddress(in);
        } catch (EOFException e) {
            throw e;
        } catch (Throwable t) {
            throw new FrameProblem(kindOf(t), at, which + " address could not be read: " + t);
        }
    }

    /** An unknown magic id (an address or header class the jar lacks) or just bad bytes. */
    static ProblemKind kindOf(Throwable t) {
        return t instanceof ClassNotFoundException ? ProblemKind.UNKNOWN_CLASS : ProblemKind.MALFORMED;
    }

    private static boolean hasSetProtId() {
        try {
            Header.class.getMethod("setProtId", short.class);
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private void grow() {
        int n = hdrs.length * 2;
        hdrs = Arrays.copyOf(hdrs, n);
        pids = Arrays.copyOf(pids, n);
        magics = Arrays.copyOf(magics, n);
        starts = Arrays.copyOf(starts, n);
        ends = Arrays.copyOf(ends, n);
    }
}
