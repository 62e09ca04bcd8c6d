package org.jgwire.adapter.jg5;

import static org.jgwire.codec.runtime.WireFlags.DEST_SET;
import static org.jgwire.codec.runtime.WireFlags.LIST;
import static org.jgwire.codec.runtime.WireFlags.MULTICAST;
import static org.jgwire.codec.runtime.WireFlags.SRC_SET;

import java.io.EOFException;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.Address;
import org.jgroups.Header;
import org.jgroups.LongMessage;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.EncryptHeader;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.PingHeader;
import org.jgroups.protocols.TpHeader;
import org.jgroups.protocols.pbcast.GMS;
import org.jgroups.util.Util;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.PrintableRuns;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;
import org.jgwire.codec.runtime.FragmentHeaders;
import org.jgwire.codec.runtime.FrameInput;
import org.jgwire.codec.runtime.FrameProblem;
import org.jgwire.codec.runtime.HeaderBodyMemo;
import org.jgwire.codec.runtime.HeaderFieldReader;
import org.jgwire.codec.runtime.HeaderProblems;
import org.jgwire.codec.runtime.UnknownHeaders;
import org.jgwire.codec.runtime.UnreadHeader;

/**
 * Walks 5.x transport frames and messages byte by byte, following {@code Util.readMessage} /
 * {@code Util.readMessageList} and {@code BaseMessage.readFrom} of every 5.x release, so that each message and
 * header has a byte range and no object payload is ever deserialized. Headers, addresses and views are read by
 * the jar's own classes through the shared cursor. One instance per adapter; not thread-safe.
 *
 * <p>It mirrors one JGroups read path (the frame, its list or message, each message's headers and typed payload) over
 * one cursor, method for method.
 */
final class FrameWalker {
    /** Per byte value: {@link #CONTROL} for a control character other than tab, LF and CR, 2 for non-ASCII. */
    private static final byte CONTROL = 1;

    private static final byte[] TEXT_BYTES = new byte[256];

    static {
        for (int c = 0; c < 0x20; c++) if (c != '\n' && c != '\r' && c != '\t') TEXT_BYTES[c] = CONTROL;
        for (int c = 0x80; c < 0x100; c++) TEXT_BYTES[c] = 2;
    }

    private final JarFacts jar;
    private final Limits limits;
    private final Addresses addresses;
    private final HeaderFieldReader fieldReader;
    private final ObjectPayloads objects;
    private final GmsViews views;
    private final DiscoveryData discovery;
    private final LongMessage longReader = new LongMessage();
    private final HeaderBodyMemo memos;
    private final Field tpCluster;
    final FrameInput in = new FrameInput(FrameInput.Wording.JG5);

    // the frame being decoded
    private FrameInfo frame;
    private int base;
    private JGroupsVersion version;
    private List<Record> out;

    FrameWalker(JarFacts jar, Limits limits, Addresses addresses) {
        this.jar = jar;
        this.limits = limits;
        this.addresses = addresses;
        this.fieldReader = new HeaderFieldReader(addresses::neutral, limits.maxHeaderFieldItems());
        this.memos = new HeaderBodyMemo(limits.maxMemoBody());
        this.objects = new ObjectPayloads(jar, limits.payloadTextChars(), fieldReader);
        this.views = new GmsViews(addresses);
        this.discovery = new DiscoveryData(jar, addresses);
        Field f = null;
        try {
            f = TpHeader.class.getDeclaredField("cluster_name");
            f.setAccessible(true);
        } catch (ReflectiveOperationException | RuntimeException e) {
            // no cluster name from TpHeader then; the list's cluster still fills it
        }
        this.tpCluster = f;
    }

    // --- the frame ---

    /** Starts a frame: {@code base} is where offsets in the records count from. */
    void begin(FrameInfo frame, int base, List<Record> out) {
        this.frame = frame;
        this.base = base;
        this.out = out;
        this.version = jar.version;
    }

    /**
     * A transport frame at the cursor: {@code version(u16) flags(u8)}, then {@code type(u16)} + message
     * ({@code Util.writeMessage}) or a list ({@code Util.writeMessageListHeader}: dest, src, cluster, count, then
     * type + message written by {@code writeToNoAddrs}).
     */
    void transport() throws IOException {
        version = JGroupsVersion.valueOf(in.readShort());
        byte flags = in.readByte();
        boolean multicast = (flags & MULTICAST) != 0;
        if ((flags & LIST) == 0) {
            short type = in.readShort();
            message(type, null, null, multicast, null, -1, 0, true, 0);
        } else {
            Address dest = address();
            Address src = address();
            short clen = in.readShort();
            String cluster = null;
            if (clen >= 0) {
                int p = in.position();
                in.skip(clen);
                cluster = new String(in.buffer(), p, clen, StandardCharsets.ISO_8859_1);
            }
            int count = in.readInt();
            // a count larger than the frame holds ends in a truncation error at the first missing message
            if (count < 0)
                throw new FrameProblem(ProblemKind.MALFORMED, in.position() - 4, "negative message count " + count);
            for (int i = 0; i < count; i++) {
                short type = in.readShort();
                message(type, dest, src, multicast, cluster, i, count, i == count - 1, 0);
            }
        }
        if (in.remaining() > 0)
            throw new FrameProblem(
                    ProblemKind.MALFORMED,
                    in.position(),
                    in.remaining() + " bytes after the last message of the frame");
    }

    /** The reader of views in GMS payloads. */
    GmsViews views() {
        return views;
    }

    /**
     * A message serialized on its own ({@code Message.writeTo}, the type given apart): the original of a reassembled
     * fragmented message. Bytes after it are left alone (FragmentedMessage may round its slices up, JGRP-2289).
     */
    void serialized(short type) throws IOException {
        message(type, null, null, false, null, -1, 0, true, 0);
    }

    /** An FD_SOCK2 message: an EmptyMessage's {@code writeTo}, without version, flags or type. */
    void bare() throws IOException {
        message((short) 2, null, null, false, null, -1, 0, true, 0);
    }

    // --- a message ---

    /**
     * One message at the cursor, as {@code BaseMessage.readFrom} reads it: leading byte, flags (u16), [dest],
     * [src], header count (u16), headers ({@code protocol id, magic id, body}; {@code Headers.readHeaders} in
     * 5.2+), then the payload of its type ({@code readPayload}). Nested messages (composite, batch) follow it.
     */
    private void message(
            short type,
            Address dest,
            Address src,
            boolean multicast,
            String cluster,
            int index,
            int size,
            boolean atEnd,
            int depth)
            throws IOException {
        String typeName = type >= 0 && type < jar.typeNames.length ? jar.typeNames[type] : null;
        int start = in.position();
        if (typeName == null)
            throw new FrameProblem(
                    ProblemKind.UNKNOWN_CLASS,
                    start - 2,
                    "message type " + type + " is unknown to JGroups " + jar.label);
        byte leading = in.readByte();
        int flags = in.readShort() & 0xFFFF;
        if ((leading & DEST_SET) != 0) dest = address();
        if ((leading & SRC_SET) != 0) src = address();
        int hcount = in.readShort();
        if (hcount < 0)
            throw new FrameProblem(ProblemKind.MALFORMED, in.position() - 2, "negative header count " + hcount);
        List<HeaderRecord> headers = new ArrayList<>(Math.min(hcount, 8)); // the count is untrusted
        GMS.GmsHeader gms = null;
        PingHeader ping = null;
        Header merge = null;
        boolean encrypted = false, fragment = false;
        for (int i = 0; i < hcount; i++) {
            Header h;
            try {
                h = header(headers, i);
            } catch (UnreadHeader u) {
                unread(u, headers, typeName, flags, src, dest, multicast, cluster, index, size, start, atEnd);
                return;
            }
            fragment |= FragmentHeaders.isFragment(h);
            if (h instanceof GMS.GmsHeader g) gms = g;
            else if (h instanceof PingHeader p) ping = p;
            else if (h instanceof MERGE3.MergeHeader) merge = h;
            else if (h instanceof EncryptHeader) encrypted = true;
            else if (h instanceof TpHeader && cluster == null) cluster = tpCluster(h);
        }

        int pstart = in.position();
        Payload payload;
        int reserved = -1;
        String unknownEnd = null;
        switch (type) {
            case 0 -> payload = bytes(in.readInt()); // BytesMessage: i32 length (-1 = null) + bytes
            case 1 -> { // NioMessage: use_direct_memory (bool), i32 length (-1 = null) + bytes
                in.readBoolean();
                payload = bytes(in.readInt());
            }
            case 2 -> payload = Payload.EMPTY; // EmptyMessage: nothing
            case 3 -> {
                objects.read(in);
                unknownEnd = objects.endUnknown;
                if (unknownEnd != null && atEnd) { // nothing follows it in the frame: it ends where the frame does
                    in.position(in.limit());
                    unknownEnd = null;
                }
                int end = in.position();
                payload = objects.shown != null // a JGroups type read whole: its toString, not its bytes' runs
                        ? new Payload(
                                end - pstart,
                                null,
                                head(pstart, end - pstart),
                                objects.className,
                                List.of(),
                                objects.shown)
                        : payload(end - pstart, objects.text, pstart, end - pstart, objects.className);
            }
            case 4 -> { // LongMessage: the jar's own readPayload (Bits.writeLong compressed form)
                try {
                    longReader.readPayload(in);
                } catch (ClassNotFoundException e) {
                    throw new FrameProblem(ProblemKind.UNKNOWN_CLASS, pstart, "long payload: " + e.getMessage());
                }
                payload = new Payload(
                        in.position() - pstart,
                        Long.toString(longReader.getValue()),
                        head(pstart, in.position() - pstart),
                        null);
            }
            case 6 -> { // FragmentedMessage: i32 length + a slice of the serialized original message
                int len = in.readInt();
                if (len > 0) in.skip(len);
                payload = payload(Math.max(len, 0), null, pstart + 4, Math.max(len, 0), null);
            }
            case 5, 7 -> { // CompositeMessage, BatchMessage: the container's record comes before its messages
                reserved = out.size();
                out.add(null);
                try {
                    payload = container(type, dest, src, multicast, cluster, atEnd, depth);
                } catch (IOException | RuntimeException e) {
                    // a sub-message failed: the container is still reported, with its end unknown
                    int n = in.position() - pstart;
                    out.set(
                            reserved,
                            started(typeName, flags, src, dest, multicast, cluster, index, size, headers)
                                    .payload(new Payload(n, null, head(pstart, n), null))
                                    .range(start - base, -1)
                                    .build());
                    throw e;
                }
            }
            default -> throw new FrameProblem(
                    ProblemKind.UNKNOWN_CLASS,
                    start - 2,
                    "message type " + typeName + " (" + type + ") has no payload reader in jgwire");
        }
        int length = unknownEnd != null ? -1 : in.position() - start;

        ViewInfo view = null;
        List<Discovery> names = List.of();
        ErrorRecord late = null;
        boolean hasBytes = type == 0 || type == 1;
        // SYM_ENCRYPT/ASYM_ENCRYPT leave the headers readable but the payload is ciphertext: no view or PingData in it
        if (hasBytes && !encrypted && payload.length() > 0 && (gms != null || ping != null)) {
            int off = in.position() - payload.length();
            try {
                // a fragment's payload is a slice of the view: the reassembled message shows it (FragmentReassembler)
                if (gms != null && !fragment && GmsViews.carriesView(gms.getType()))
                    view = views.read(gms.getType(), in.buffer(), off, payload.length());
                if (ping != null) {
                    names = DiscoveryData.list();
                    discovery.pingData(in.buffer(), off, payload.length(), names);
                }
            } catch (IOException | ClassNotFoundException | RuntimeException e) {
                late = new ErrorRecord(
                        frame,
                        e instanceof EOFException ? ProblemKind.TRUNCATED : ProblemKind.MALFORMED,
                        off - base,
                        (gms != null ? "view in the GMS payload" : "PingData in the discovery payload")
                                + " of message at " + (start - base) + ": " + e);
            }
        }
        if (merge != null) {
            if (names.isEmpty()) names = DiscoveryData.list();
            discovery.mergeInfo(merge, src, names);
        }
        MessageRecord r = started(typeName, flags, src, dest, multicast, cluster, index, size, headers)
                .payload(payload)
                .view(view)
                .discovery(names)
                .range(start - base, length)
                .build();
        if (reserved >= 0) out.set(reserved, r);
        else out.add(r);
        if (late != null) out.add(late);
        if (unknownEnd != null) throw new FrameProblem(ProblemKind.UNKNOWN_CLASS, pstart, unknownEnd);
    }

    /** A message's record as far as its headers: what every record of {@link #message} starts with. */
    private MessageRecord.Builder started(
            String typeName,
            int flags,
            Address src,
            Address dest,
            boolean multicast,
            String cluster,
            int index,
            int size,
            List<HeaderRecord> headers) {
        return MessageRecord.builder(frame)
                .version(version)
                .decodedWith(jar.label)
                .type(typeName)
                .flags(flags, jar.flagNames(flags))
                .src(addresses.of(src))
                .dest(addresses.of(dest))
                .multicast(multicast)
                .cluster(cluster)
                .batch(index, size)
                .headers(headers);
    }

    /**
     * CompositeMessage ({@code i32 count}, then type + message each; 5.4+ writes them without addresses, which
     * {@code readFrom} handles through the leading byte) and BatchMessage (5.2+: {@code i32 count},
     * {@code orig_src} address, then type + message each).
     */
    private Payload container(
            short type, Address dest, Address src, boolean multicast, String cluster, boolean atEnd, int depth)
            throws IOException {
        int pstart = in.position();
        int count = in.readInt();
        Address innerSrc = src;
        if (type == 7) innerSrc = address();
        if (count < 0) throw new FrameProblem(ProblemKind.MALFORMED, pstart, "negative sub-message count " + count);
        if (depth >= limits.maxNesting())
            throw new FrameProblem(ProblemKind.LIMIT, pstart, "messages nested deeper than " + limits.maxNesting());
        for (int i = 0; i < count; i++) {
            short t = in.readShort();
            message(t, dest, innerSrc, multicast, cluster, i, count, atEnd && i == count - 1, depth + 1);
        }
        int len = in.position() - pstart;
        return new Payload(len, null, head(pstart, len), null);
    }

    // --- addresses and headers ---

    /** {@code Util.readAddress}: flag byte, then the address class's own form. */
    private Address address() throws IOException {
        int p = in.position();
        try {
            return Util.readAddress(in);
        } catch (ClassNotFoundException e) {
            throw new FrameProblem(
                    ProblemKind.UNKNOWN_CLASS,
                    p,
                    "address class unknown to JGroups " + jar.label + ": " + e.getMessage());
        }
    }

    private Header header(List<HeaderRecord> headers, int i) throws IOException {
        int hstart = in.position();
        short protId = in.readShort();
        short magic = in.readShort();
        int bodyStart = hstart + 4;
        // a body that repeats the last one of its class (TpHeader's cluster name, heartbeats) is not read again
        HeaderBodyMemo.Remembered memo = magic < 0 ? null : memos.lookupAt(magic, in.buffer(), bodyStart, in.limit());
        Header h;
        List<HeaderField> fields;
        String text;
        if (memo != null && memo.header() instanceof Header known) {
            h = known;
            in.skip(memo.bodyLength());
            fields = memo.fields();
            text = memo.text();
        } else {
            h = read(magic, protId, i, hstart);
            int bodyLen = in.position() - bodyStart;
            fields = fieldReader.read(h);
            if (h instanceof TpHeader) fields = tpFields(fields, tpCluster(h));
            text = limits.headerTexts() ? h.toString() : null;
            fields = memos.remember(magic, in.buffer(), bodyStart, bodyLen, fields, text, h);
        }
        headers.add(new HeaderRecord(
                protId,
                jar.protocolName(protId),
                magic,
                jar.headerClass(magic, h),
                fields,
                text,
                hstart - base,
                in.position() - hstart));
        return h;
    }

    /**
     * The message of an {@link UnreadHeader}: its record with the headers before it and that one, unread, then an
     * error when more of the frame follows (which cannot be found).
     */
    private void unread(
            UnreadHeader u,
            List<HeaderRecord> headers,
            String typeName,
            int flags,
            Address src,
            Address dest,
            boolean multicast,
            String cluster,
            int index,
            int size,
            int start,
            boolean atEnd)
            throws FrameProblem {
        headers.add(UnknownHeaders.unread(
                u.protocolId, jar.protocolName(u.protocolId), u.magic, u.getMessage(), u.start - base));
        out.add(started(typeName, flags, src, dest, multicast, cluster, index, size, headers)
                .range(start - base, -1)
                .build());
        String problem = UnknownHeaders.problem(u.getMessage(), atEnd);
        if (problem != null) throw new FrameProblem(ProblemKind.UNKNOWN_CLASS, u.start + 2, problem);
        in.position(in.limit());
    }

    /** A header body at the cursor, read by a fresh instance of the class of its magic id. */
    private Header read(short magic, short protId, int i, int hstart) throws IOException {
        Header h;
        try {
            h = magic < 0 ? null : ClassConfigurator.create(magic);
        } catch (ClassNotFoundException | RuntimeException e) {
            h = null;
        }
        if (h == null) {
            String text = jar.unknown.text(i, magic, jar.protocolName(protId), jar.label);
            throw new UnreadHeader(protId, magic, hstart, text);
        }
        try {
            h.readFrom(in);
        } catch (EOFException e) {
            throw HeaderProblems.cutShort(i, h, magic, jar.protocolName(protId), hstart, e);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw HeaderProblems.unreadable(i, h, magic, jar.protocolName(protId), hstart, e);
        }
        return h;
    }

    /** TpHeader keeps the cluster name as bytes: shown as text. */
    private static List<HeaderField> tpFields(List<HeaderField> fields, String cluster) {
        List<HeaderField> out = new ArrayList<>(fields.size());
        for (HeaderField f : fields) out.add(f.name().equals("cluster_name") ? new HeaderField(f.name(), cluster) : f);
        return out;
    }

    private String tpCluster(Header h) {
        if (tpCluster == null) return null;
        try {
            Object v = tpCluster.get(h);
            if (v instanceof byte[] b) return new String(b, StandardCharsets.ISO_8859_1);
            return v != null ? v.toString() : null;
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    // --- payloads ---

    /** A length-prefixed byte payload ({@code -1} = no array) at the cursor, skipped. */
    private Payload bytes(int len) throws IOException {
        if (len < 0) return Payload.EMPTY;
        int p = in.position();
        if (len > in.remaining())
            throw new FrameProblem(
                    ProblemKind.TRUNCATED,
                    p - 4,
                    "payload of " + len + " bytes but only " + in.remaining() + " left in the frame");
        in.skip(len);
        byte[] b = in.buffer();
        int stringChars = limits.payloadStringChars();
        // the common case, printable ASCII: no String, the bytes go to the writers
        int kind = len > 0 ? PrintableRuns.printableAscii(b, p, len) : PrintableRuns.NOT_PRINTABLE;
        if (kind != PrintableRuns.NOT_PRINTABLE) {
            int textLen = Math.min(len, limits.payloadTextChars());
            boolean controls = kind == PrintableRuns.SOME_CONTROLS;
            return Payload.ofPrintableAscii(len, textLen, head(p, len), null, b, p, len, stringChars, controls);
        }
        String text = text(b, p, len);
        if (text == null) return Payload.ofBinary(len, head(p, len), null, b, p, len, stringChars); // runs as bytes
        return payload(len, text, p, len, null);
    }

    /** A payload whose bytes are {@code [p, p+len)} of the frame: its head, and its printable runs when not text. */
    private Payload payload(int length, String text, int p, int len, String objectClass) {
        return Payload.of(length, text, head(p, len), objectClass, in.buffer(), p, len, limits.payloadStringChars());
    }

    private byte[] head(int p, int len) {
        int n = Math.max(0, Math.min(Math.min(len, limits.payloadHeadBytes()), in.limit() - p));
        byte[] h = new byte[n];
        System.arraycopy(in.buffer(), p, h, 0, n);
        return h;
    }

    /** The bytes as text when all of them are printable UTF-8, cut at {@code Limits.payloadTextChars}. */
    private String text(byte[] b, int p, int len) {
        if (len == 0) return null;
        // a control character anywhere means no text (the UTF-8 path below would refuse it too); checked a block
        // at a time, without a branch per byte
        int seen = 0;
        for (int i = p, end = p + len; i < end; ) {
            for (int stop = Math.min(end, i + 64); i < stop; i++) seen |= TEXT_BYTES[b[i] & 0xFF];
            if ((seen & CONTROL) != 0) return null;
        }
        boolean ascii = seen == 0;
        String s;
        if (ascii) s = new String(b, p, Math.min(len, limits.payloadTextChars()), StandardCharsets.ISO_8859_1);
        else {
            var dec = StandardCharsets.UTF_8.newDecoder();
            try {
                s = dec.decode(ByteBuffer.wrap(b, p, len)).toString();
            } catch (CharacterCodingException e) {
                return null;
            }
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') return null;
            }
            if (s.length() > limits.payloadTextChars()) s = s.substring(0, limits.payloadTextChars());
        }
        return s;
    }
}
