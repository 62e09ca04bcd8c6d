package org.jgwire.codec.model;

import java.util.ArrayList;
import java.util.List;

/**
 * One JGroups message.
 *
 * @param frame        where its frame came from
 * @param version      the version of the frame (its version short), printed as {@code 5.5.7}; null for a
 *                     {@link #signal}, whose bytes carry none
 * @param decodedWith  the JGroups jar that decoded it, e.g. {@code "5.5.7.Final"}
 * @param type         message type: {@code BYTES}, {@code EMPTY}, {@code OBJECT}, {@code LONG}, {@code NIO},
 *                     {@code COMPOSITE}, {@code FRAG}, {@code EARLYBATCH}/{@code BATCH} (5.x names),
 *                     {@code MESSAGE} for 3.x/4.x
 * @param flags        the message flags as written (u16)
 * @param flagNames    names of the set flags ({@code OOB}, {@code DONT_BUNDLE}, ...)
 * @param src          sender, null when the frame has none
 * @param dest         destination, null for a multicast
 * @param multicast    the frame's MULTICAST flag
 * @param cluster      cluster name from the batch / TpHeader, or null
 * @param batchIndex   position in the frame's message list (0-based), -1 for a single message
 * @param batchSize    number of messages in the frame's list, 0 for a single message
 * @param headers      the headers in wire order
 * @param payload      the payload
 * @param view         the view carried in the payload, or null
 * @param discovery    names learned from this message (discovery data, MERGE3 INFO), possibly empty
 * @param offset       first byte of the message in the frame
 * @param length       bytes of the message in the frame, or -1 when unknown
 * @param reassembledFrom for a message reassembled from FRAG2/FRAG3/FRAG4 fragments: the packet numbers of the
 *                     fragments' frames in arrival order (see {@code FragmentReassembler}); empty for a message
 *                     read from one frame
 * @param transformed  what the receive-side stack step did to the message, in the order the protocols did it on the
 *                     way up (e.g. {@code "COMPRESS inflated 812->2048"}, {@code "SEQUENCER unwrapped from FORWARD"});
 *                     empty when it delivers the message as it travelled (see {@code StackStep})
 * @param wirePayload  the payload as it travelled when a protocol changed it on the way up (COMPRESS), else null:
 *                     {@link #payload} is then what the protocol delivered
 * @param observations where and when this message was seen, when several captures of one cluster are merged (one
 *                     per capture that saw it, in time order); empty when one capture is read
 *
 * <p>The fields are written out once more in the {@link Builder}, which names each one where it is set.
 */
public record MessageRecord(
        FrameInfo frame,
        JGroupsVersion version,
        String decodedWith,
        String type,
        int flags,
        List<String> flagNames,
        NodeAddress src,
        NodeAddress dest,
        boolean multicast,
        String cluster,
        int batchIndex,
        int batchSize,
        List<HeaderRecord> headers,
        Payload payload,
        ViewInfo view,
        List<Discovery> discovery,
        int offset,
        int length,
        List<Long> reassembledFrom,
        List<String> transformed,
        Payload wirePayload,
        List<Observation> observations)
        implements Record {
    // --- FD_SOCK's signals ---

    /**
     * A failure-detection signal that is no JGroups message but stands in a stream's place, as a message of type
     * {@code signal} without version, addresses, headers or payload; {@code frame} names the sending member's and
     * its peer's sockets (FD_SOCK's {@code NORMAL_TERMINATION}, transport {@link Transport#FD_SOCK}); it stands for
     * the one byte.
     */
    public static MessageRecord signal(FrameInfo frame, String signal) {
        return signal(frame, signal, null, 1);
    }

    /**
     * A signal as {@link #signal(FrameInfo, String)} that names the member it stands for as {@code src} (null when
     * unknown) and stands for {@code length} bytes: FD_SOCK's {@link #ABNORMAL_TERMINATION}, a close without the
     * byte, stands for none.
     */
    public static MessageRecord signal(FrameInfo frame, String signal, NodeAddress src, int length) {
        return signal(frame, signal, src, null, length);
    }

    /** A signal as {@link #signal(FrameInfo, String, NodeAddress, int)} that also names its receiver, if known. */
    public static MessageRecord signal(FrameInfo frame, String signal, NodeAddress src, NodeAddress dest, int length) {
        return builder(frame).type(signal).src(src).dest(dest).range(0, length).build();
    }

    /**
     * The type of the record FD_SOCK's server-socket close without {@code NORMAL_TERMINATION} becomes: what the
     * pinger's read returns there ({@code FD_SOCK.ABNORMAL_TERMINATION}, end of stream), on which it suspects the
     * member. Nothing crossed the wire but the close.
     */
    public static final String ABNORMAL_TERMINATION = "ABNORMAL_TERMINATION";

    /** Whether this is one of FD_SOCK's signals ({@link #signal}), not a JGroups message. */
    public boolean isSignal() {
        return version == null && frame.transport() == Transport.FD_SOCK;
    }

    /** Whether this is FD_SOCK's {@link #ABNORMAL_TERMINATION}, a close and no message. */
    public boolean isAbnormalTermination() {
        return isSignal() && ABNORMAL_TERMINATION.equals(type);
    }

    // --- what a message is, and copies with one change ---

    @Override
    public String kind() {
        return "message";
    }

    /** This message stating {@code v} as its version: a frame without one, whose version is known otherwise. */
    public MessageRecord withVersion(JGroupsVersion v) {
        return toBuilder().version(v).build();
    }

    public MessageRecord withView(ViewInfo v) {
        return toBuilder().view(v).build();
    }

    /** Whether a header of this message could not be read (no class knows it): it is shown unread, length -1. */
    public boolean hasUnreadHeader() {
        for (HeaderRecord h : headers) if (h.length() < 0 && h.headerClass() == HeaderClass.UNKNOWN) return true;
        return false;
    }

    /**
     * This message as the stack step leaves it: {@code step} appended to {@link #transformed}, and the payload
     * replaced by {@code delivered} when not null (the one on the wire kept as {@link #wirePayload}).
     */
    public MessageRecord transformedBy(String step, Payload delivered) {
        List<String> steps = new ArrayList<>(transformed.size() + 1);
        steps.addAll(transformed);
        steps.add(step);
        return toBuilder()
                .payload(delivered != null ? delivered : payload)
                .transformed(List.copyOf(steps))
                .wirePayload(delivered != null && wirePayload == null ? payload : wirePayload)
                .build();
    }

    /** Whether this message was reassembled from fragments. */
    public boolean isReassembled() {
        return !reassembledFrom.isEmpty();
    }

    /** The first header of the named protocol, or null. */
    public HeaderRecord header(String protocol) {
        for (HeaderRecord h : headers) if (h.protocol().equals(protocol)) return h;
        return null;
    }

    // --- the builder ---

    /** A builder of a message of {@code frame}: every field not given is that of a single message with no content. */
    public static Builder builder(FrameInfo frame) {
        return new Builder(frame);
    }

    /** A builder holding this message's fields, to build a copy with some of them replaced. */
    public Builder toBuilder() {
        return new Builder(frame)
                .version(version)
                .decodedWith(decodedWith)
                .type(type)
                .flags(flags, flagNames)
                .src(src)
                .dest(dest)
                .multicast(multicast)
                .cluster(cluster)
                .batch(batchIndex, batchSize)
                .headers(headers)
                .payload(payload)
                .view(view)
                .discovery(discovery)
                .range(offset, length)
                .reassembledFrom(reassembledFrom)
                .transformed(transformed)
                .wirePayload(wirePayload)
                .observations(observations);
    }

    /**
     * Builds a {@link MessageRecord} field by field, each named where it is set. Starts as a single message (batch
     * index -1, size 0) without addresses, headers, payload ({@link Payload#EMPTY}), view or discovery, at offset 0
     * of unknown length, neither reassembled nor transformed. Lists are kept as given, not copied.
     */
    public static final class Builder {
        private FrameInfo frame;
        private JGroupsVersion version;
        private String decodedWith;
        private String type;
        private int flags;
        private List<String> flagNames = List.of();
        private NodeAddress src;
        private NodeAddress dest;
        private boolean multicast;
        private String cluster;
        private int batchIndex = -1;
        private int batchSize;
        private List<HeaderRecord> headers = List.of();
        private Payload payload = Payload.EMPTY;
        private ViewInfo view;
        private List<Discovery> discovery = List.of();
        private int offset;
        private int length = -1;
        private List<Long> reassembledFrom = List.of();
        private List<String> transformed = List.of();
        private Payload wirePayload;
        private List<Observation> observations = List.of();

        private Builder(FrameInfo frame) {
            this.frame = frame;
        }

        public Builder frame(FrameInfo f) {
            frame = f;
            return this;
        }

        public Builder version(JGroupsVersion v) {
            version = v;
            return this;
        }

        public Builder decodedWith(String jar) {
            decodedWith = jar;
            return this;
        }

        public Builder type(String t) {
            type = t;
            return this;
        }

        /** The flags as written and the names of the set ones. */
        public Builder flags(int value, List<String> names) {
            flags = value;
            flagNames = names;
            return this;
        }

        public Builder src(NodeAddress a) {
            src = a;
            return this;
        }

        public Builder dest(NodeAddress a) {
            dest = a;
            return this;
        }

        public Builder multicast(boolean m) {
            multicast = m;
            return this;
        }

        public Builder cluster(String c) {
            cluster = c;
            return this;
        }

        /** Position in the frame's message list and the list's size; -1 and 0 for a single message. */
        public Builder batch(int index, int size) {
            batchIndex = index;
            batchSize = size;
            return this;
        }

        public Builder headers(List<HeaderRecord> h) {
            headers = h;
            return this;
        }

        public Builder payload(Payload p) {
            payload = p;
            return this;
        }

        public Builder view(ViewInfo v) {
            view = v;
            return this;
        }

        public Builder discovery(List<Discovery> d) {
            discovery = d;
            return this;
        }

        /** First byte of the message in the frame, and its length (-1 when unknown). */
        public Builder range(int first, int bytes) {
            offset = first;
            length = bytes;
            return this;
        }

        public Builder reassembledFrom(List<Long> packets) {
            reassembledFrom = packets;
            return this;
        }

        public Builder transformed(List<String> steps) {
            transformed = steps;
            return this;
        }

        public Builder wirePayload(Payload p) {
            wirePayload = p;
            return this;
        }

        public Builder observations(List<Observation> seen) {
            observations = seen;
            return this;
        }

        public MessageRecord build() {
            return new MessageRecord(
                    frame,
                    version,
                    decodedWith,
                    type,
                    flags,
                    flagNames,
                    src,
                    dest,
                    multicast,
                    cluster,
                    batchIndex,
                    batchSize,
                    headers,
                    payload,
                    view,
                    discovery,
                    offset,
                    length,
                    reassembledFrom,
                    transformed,
                    wirePayload,
                    observations);
        }
    }
}
