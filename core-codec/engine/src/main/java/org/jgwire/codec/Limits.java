package org.jgwire.codec;

/**
 * Every bound the decoder enforces, and how much of each message a record keeps, in one place. A capture is
 * untrusted: nothing is allocated from a length the data claims, and no table grows with the capture, without a check
 * against one of these first. Listed in pipeline order; the option named changes the bound, "no option" means only a
 * program using the engine can. Start from {@link #builder()} (the defaults) or {@link #toBuilder()}.
 *
 * <p>Not here, on purpose: facts of a wire format (the largest UDP datagram in {@code RawBinarySource}, the
 * address sizes a TCP handshake can announce in {@code Handshake}), which no setting could change; and the bounds
 * of the analyses that read the records after the decode ({@code RpcTracker}, {@code MembershipTimeline},
 * {@code ReliabilityTracker}, {@code SeqnoStream}, {@code TrafficStats} in the analysis module), which cap the
 * tables of one report each, are created by each front end on its own, and are documented where they are declared.
 *
 * @param maxCaptureBlock    largest pcap record or pcapng block read, in bytes (default 16 MiB; libpcap itself
 *                           never writes more than 256 KiB); a larger one ends the input with an error. No option
 * @param maxPcapngInterfaces interfaces one pcapng section may describe (default 65536); each is held until the
 *                           section ends. No option
 * @param maxTextLine        longest line of a hex or follow text input, in characters (default 1 MiB: a 64 KiB
 *                           datagram in hex with ':' takes 196,605); a longer line is reported and skipped. No option
 * @param maxHexFields       fields of a hex line told apart (default 64, more than any tshark command line
 *                           prints); the rest of a longer line is one field. No option
 * @param maxPendingBadLines bad text lines reported one by one between two reads of the input (default 1000);
 *                           beyond it they are counted in one record. No option
 * @param maxOpenStreams     TCP directions tracked at once (default 4096); the least recently used is evicted
 *                           beyond it. No option
 * @param maxStreamBuffer    out-of-order bytes held per TCP direction before the hole is declared a gap (default
 *                           8 MiB). No option
 * @param maxIpFragmentSets  IP datagrams being reassembled at once (default 1024); the oldest is dropped beyond
 *                           it. No option
 * @param maxIpFragmentBytes largest IP datagram reassembled (default 65599: 65535 and 64 bytes of room). No option
 * @param maxFrameLength     largest TCP/tunnel frame accepted, in bytes (default 64 MiB); a larger length prefix
 *                           is an error and the stream resynchronises ({@code --max-frame})
 * @param maxNesting         messages nested in composite and batch messages (5.x), counting levels (default 4);
 *                           deeper is an error. No option
 * @param maxCachedAddresses JGroups addresses an adapter keeps converted (default 4096); the cache is emptied
 *                           when full. No option
 * @param maxHeaderFieldItems items of a collection or array kept in a header field (default 64); the rest are left
 *                           out. No option
 * @param maxMemoBody        longest header body, in bytes, remembered to skip reading its repeats (default 64);
 *                           one is held per magic id. No option
 * @param payloadHeadBytes   payload bytes kept in a record as hex (default 64, {@code --payload-bytes})
 * @param payloadTextChars   longest payload shown as text (default 256). No option
 * @param headerTexts        whether header records keep the header's own {@code toString()} (default on); when off
 *                           their text is null: formatting it costs the decoding thread more than reading the
 *                           header, and only some outputs show it (ParseMessages' format, the viewer's detail tree)
 * @param maxFragmentSets    JGroups messages (FRAG2/FRAG3/FRAG4) being reassembled at once (default 1024); the
 *                           oldest set is dropped beyond it ({@code --max-fragment-sets})
 * @param maxFragmentBytes   fragment bytes held for all open sets together, also the largest message reassembled
 *                           or inflated (COMPRESS) (default 256 MiB, {@code --max-fragment-bytes})
 * @param maxViews           views remembered to expand the delta views that refer to them (default 4096, far more
 *                           than a delta ever refers back to); the oldest is forgotten beyond it. No option
 * @param maxJGroupsEndpoints UDP endpoints remembered as carrying JGroups (default 4096): a datagram to or from one
 *                           that does not look like a frame is reported, not skipped as other traffic; the least
 *                           recently seen is forgotten beyond it. No option
 * @param maxStreamHoldMillis capture time, in milliseconds, a TCP segment waits ahead of a hole before the hole is
 *                           declared a gap (default 5000: retransmissions come well within it). A hole the peer has
 *                           acknowledged is declared at once. No option
 * @param maxHeldBytes       bytes held for reassembly at once, TCP segments ahead of holes, IP fragments and
 *                           FRAG2/3/4 fragments together (default 128 MiB); beyond it the oldest held item is given
 *                           up with a LIMIT error record ({@code --max-held-bytes})
 * @param payloadStringChars characters of printable runs kept from a payload that is not text (default 512): runs of
 *                           at least 4 printable ASCII bytes, as strings(1) finds them, in payload order until this
 *                           budget is spent (the last run cut to fit). They are what {@code payload contains} matches
 *                           beyond the first bytes. No option
 */
public record Limits(
        int maxCaptureBlock,
        int maxPcapngInterfaces,
        int maxTextLine,
        int maxHexFields,
        int maxPendingBadLines,
        int maxOpenStreams,
        int maxStreamBuffer,
        int maxIpFragmentSets,
        int maxIpFragmentBytes,
        int maxFrameLength,
        int maxNesting,
        int maxCachedAddresses,
        int maxHeaderFieldItems,
        int maxMemoBody,
        int payloadHeadBytes,
        int payloadTextChars,
        boolean headerTexts,
        int maxFragmentSets,
        int maxFragmentBytes,
        int maxViews,
        int maxJGroupsEndpoints,
        int maxStreamHoldMillis,
        int maxHeldBytes,
        int payloadStringChars) {

    public static final Limits DEFAULTS = builder().build();

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    // --- equality and hash ---

    // Written out: a record's own equality is bound on first use by spinning classes, a cost at every start, since a
    // decode's start compares limits (AdapterShelf). LimitsTest checks that every component counts.
    @Override
    public boolean equals(Object other) {
        return other instanceof Limits o
                && maxCaptureBlock == o.maxCaptureBlock
                && maxPcapngInterfaces == o.maxPcapngInterfaces
                && maxTextLine == o.maxTextLine
                && maxHexFields == o.maxHexFields
                && maxPendingBadLines == o.maxPendingBadLines
                && maxOpenStreams == o.maxOpenStreams
                && maxStreamBuffer == o.maxStreamBuffer
                && maxIpFragmentSets == o.maxIpFragmentSets
                && maxIpFragmentBytes == o.maxIpFragmentBytes
                && maxFrameLength == o.maxFrameLength
                && maxNesting == o.maxNesting
                && maxCachedAddresses == o.maxCachedAddresses
                && maxHeaderFieldItems == o.maxHeaderFieldItems
                && maxMemoBody == o.maxMemoBody
                && payloadHeadBytes == o.payloadHeadBytes
                && payloadTextChars == o.payloadTextChars
                && headerTexts == o.headerTexts
                && maxFragmentSets == o.maxFragmentSets
                && maxFragmentBytes == o.maxFragmentBytes
                && maxViews == o.maxViews
                && maxJGroupsEndpoints == o.maxJGroupsEndpoints
                && maxStreamHoldMillis == o.maxStreamHoldMillis
                && maxHeldBytes == o.maxHeldBytes
                && payloadStringChars == o.payloadStringChars;
    }

    @Override
    public int hashCode() {
        int h = headerTexts ? 1 : 0;
        h = 31 * h + maxCaptureBlock;
        h = 31 * h + maxPcapngInterfaces;
        h = 31 * h + maxTextLine;
        h = 31 * h + maxHexFields;
        h = 31 * h + maxPendingBadLines;
        h = 31 * h + maxOpenStreams;
        h = 31 * h + maxStreamBuffer;
        h = 31 * h + maxIpFragmentSets;
        h = 31 * h + maxIpFragmentBytes;
        h = 31 * h + maxFrameLength;
        h = 31 * h + maxNesting;
        h = 31 * h + maxCachedAddresses;
        h = 31 * h + maxHeaderFieldItems;
        h = 31 * h + maxMemoBody;
        h = 31 * h + payloadHeadBytes;
        h = 31 * h + payloadTextChars;
        h = 31 * h + maxFragmentSets;
        h = 31 * h + maxFragmentBytes;
        h = 31 * h + maxViews;
        h = 31 * h + maxJGroupsEndpoints;
        h = 31 * h + maxStreamHoldMillis;
        h = 31 * h + maxHeldBytes;
        h = 31 * h + payloadStringChars;
        return h;
    }

    // --- the builder ---

    /** A builder holding these limits. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxCaptureBlock = maxCaptureBlock;
        b.maxPcapngInterfaces = maxPcapngInterfaces;
        b.maxTextLine = maxTextLine;
        b.maxHexFields = maxHexFields;
        b.maxPendingBadLines = maxPendingBadLines;
        b.maxOpenStreams = maxOpenStreams;
        b.maxStreamBuffer = maxStreamBuffer;
        b.maxIpFragmentSets = maxIpFragmentSets;
        b.maxIpFragmentBytes = maxIpFragmentBytes;
        b.maxFrameLength = maxFrameLength;
        b.maxNesting = maxNesting;
        b.maxCachedAddresses = maxCachedAddresses;
        b.maxHeaderFieldItems = maxHeaderFieldItems;
        b.maxMemoBody = maxMemoBody;
        b.payloadHeadBytes = payloadHeadBytes;
        b.payloadTextChars = payloadTextChars;
        b.headerTexts = headerTexts;
        b.maxFragmentSets = maxFragmentSets;
        b.maxFragmentBytes = maxFragmentBytes;
        b.maxViews = maxViews;
        b.maxHeldBytes = maxHeldBytes;
        b.maxStreamHoldMillis = maxStreamHoldMillis;
        b.maxJGroupsEndpoints = maxJGroupsEndpoints;
        b.payloadStringChars = payloadStringChars;
        return b;
    }

    /** Limits to build, one setter per bound (see {@link Limits} for what each bounds); starts at the defaults. */
    public static final class Builder {
        private int maxCaptureBlock = 16 << 20;
        private int maxPcapngInterfaces = 1 << 16;
        private int maxTextLine = 1 << 20;
        private int maxHexFields = 64;
        private int maxPendingBadLines = 1000;
        private int maxOpenStreams = 4096;
        private int maxStreamBuffer = 8 << 20;
        private int maxIpFragmentSets = 1024;
        private int maxIpFragmentBytes = 65535 + 64;
        private int maxFrameLength = 64 << 20;
        private int maxNesting = 4;
        private int maxCachedAddresses = 4096;
        private int maxHeaderFieldItems = 64;
        private int maxMemoBody = 64;
        private int payloadHeadBytes = 64;
        private int payloadTextChars = 256;
        private boolean headerTexts = true;
        private int maxFragmentSets = 1024;
        private int maxFragmentBytes = 256 << 20;
        private int maxViews = 4096;
        private int maxHeldBytes = 128 << 20;
        private int payloadStringChars = 512;
        private int maxStreamHoldMillis = 5000;
        private int maxJGroupsEndpoints = 4096;

        private Builder() {}

        public Builder maxCaptureBlock(int n) {
            maxCaptureBlock = n;
            return this;
        }

        public Builder maxPcapngInterfaces(int n) {
            maxPcapngInterfaces = n;
            return this;
        }

        public Builder maxTextLine(int n) {
            maxTextLine = n;
            return this;
        }

        public Builder maxHexFields(int n) {
            maxHexFields = n;
            return this;
        }

        public Builder maxPendingBadLines(int n) {
            maxPendingBadLines = n;
            return this;
        }

        public Builder maxOpenStreams(int n) {
            maxOpenStreams = n;
            return this;
        }

        public Builder maxStreamBuffer(int n) {
            maxStreamBuffer = n;
            return this;
        }

        public Builder maxIpFragmentSets(int n) {
            maxIpFragmentSets = n;
            return this;
        }

        public Builder maxIpFragmentBytes(int n) {
            maxIpFragmentBytes = n;
            return this;
        }

        public Builder maxFrameLength(int n) {
            maxFrameLength = n;
            return this;
        }

        public Builder maxNesting(int n) {
            maxNesting = n;
            return this;
        }

        public Builder maxCachedAddresses(int n) {
            maxCachedAddresses = n;
            return this;
        }

        public Builder maxHeaderFieldItems(int n) {
            maxHeaderFieldItems = n;
            return this;
        }

        public Builder maxMemoBody(int n) {
            maxMemoBody = n;
            return this;
        }

        public Builder payloadHeadBytes(int n) {
            payloadHeadBytes = n;
            return this;
        }

        public Builder payloadTextChars(int n) {
            payloadTextChars = n;
            return this;
        }

        public Builder headerTexts(boolean keep) {
            headerTexts = keep;
            return this;
        }

        public Builder maxFragmentSets(int n) {
            maxFragmentSets = n;
            return this;
        }

        public Builder maxFragmentBytes(int n) {
            maxFragmentBytes = n;
            return this;
        }

        public Builder maxViews(int n) {
            maxViews = n;
            return this;
        }

        public Builder maxJGroupsEndpoints(int n) {
            maxJGroupsEndpoints = n;
            return this;
        }

        public Builder maxStreamHoldMillis(int n) {
            maxStreamHoldMillis = n;
            return this;
        }

        public Builder maxHeldBytes(int n) {
            maxHeldBytes = n;
            return this;
        }

        public Builder payloadStringChars(int n) {
            payloadStringChars = n;
            return this;
        }

        public Limits build() {
            return new Limits(
                    maxCaptureBlock,
                    maxPcapngInterfaces,
                    maxTextLine,
                    maxHexFields,
                    maxPendingBadLines,
                    maxOpenStreams,
                    maxStreamBuffer,
                    maxIpFragmentSets,
                    maxIpFragmentBytes,
                    maxFrameLength,
                    maxNesting,
                    maxCachedAddresses,
                    maxHeaderFieldItems,
                    maxMemoBody,
                    payloadHeadBytes,
                    payloadTextChars,
                    headerTexts,
                    maxFragmentSets,
                    maxFragmentBytes,
                    maxViews,
                    maxJGroupsEndpoints,
                    maxStreamHoldMillis,
                    maxHeldBytes,
                    payloadStringChars);
        }
    }
}
