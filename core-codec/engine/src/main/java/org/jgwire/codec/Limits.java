package org.jgwire.codec;

/**
 * Every bound the decoder enforces, and how much of each message a record keeps, in one place. A capture is untrusted: nothing is allocated from a length
 * the data claims without checking it against one of these first.
 *
 * @param maxFrameLength     largest TCP/tunnel frame accepted (bytes); a larger length prefix is an error and
 *                           the stream resynchronises ({@code --max-frame})
 * @param maxOpenStreams     TCP directions tracked at once; the least recently used is evicted beyond it
 * @param maxStreamBuffer    out-of-order bytes held per TCP direction before the hole is declared a gap
 * @param maxIpFragmentSets  IP datagrams being reassembled at once; the oldest is dropped beyond it
 * @param maxIpFragmentBytes largest IP datagram reassembled
 * @param payloadHeadBytes   payload bytes kept in a record as hex
 * @param payloadTextChars   longest payload shown as text
 * @param maxFragmentSets    JGroups messages (FRAG2/FRAG3/FRAG4) being reassembled at once; the oldest set is
 *                           dropped beyond it ({@code --max-fragment-sets})
 * @param maxFragmentBytes   fragment bytes held for all open sets together; also the largest message reassembled
 *                           ({@code --max-fragment-bytes})
 * @param headerTexts        whether header records keep the header's own {@code toString()}; when off their text
 *                           is null: formatting it costs the decoding thread more than reading the header, and only
 *                           some outputs show it (ParseMessages' format, the viewer's detail tree)
 */
public record Limits(
        int maxFrameLength,
        int maxOpenStreams,
        int maxStreamBuffer,
        int maxIpFragmentSets,
        int maxIpFragmentBytes,
        int payloadHeadBytes,
        int payloadTextChars,
        int maxFragmentSets,
        int maxFragmentBytes,
        boolean headerTexts) {

    public static final Limits DEFAULTS = new Limits(64 << 20, 4096, 8 << 20, 1024, 65535 + 64, 64, 256);

    /** Limits with the default fragment reassembly bounds, keeping header texts. */
    public Limits(
            int maxFrameLength,
            int maxOpenStreams,
            int maxStreamBuffer,
            int maxIpFragmentSets,
            int maxIpFragmentBytes,
            int payloadHeadBytes,
            int payloadTextChars) {
        this(
                maxFrameLength,
                maxOpenStreams,
                maxStreamBuffer,
                maxIpFragmentSets,
                maxIpFragmentBytes,
                payloadHeadBytes,
                payloadTextChars,
                1024,
                256 << 20,
                true);
    }

    public Limits withFragmentBounds(int sets, int bytes) {
        return new Limits(
                maxFrameLength,
                maxOpenStreams,
                maxStreamBuffer,
                maxIpFragmentSets,
                maxIpFragmentBytes,
                payloadHeadBytes,
                payloadTextChars,
                sets,
                bytes,
                headerTexts);
    }

    public Limits withMaxFrameLength(int n) {
        return new Limits(
                n,
                maxOpenStreams,
                maxStreamBuffer,
                maxIpFragmentSets,
                maxIpFragmentBytes,
                payloadHeadBytes,
                payloadTextChars,
                maxFragmentSets,
                maxFragmentBytes,
                headerTexts);
    }

    public Limits withPayloadHeadBytes(int n) {
        return new Limits(
                maxFrameLength,
                maxOpenStreams,
                maxStreamBuffer,
                maxIpFragmentSets,
                maxIpFragmentBytes,
                n,
                payloadTextChars,
                maxFragmentSets,
                maxFragmentBytes,
                headerTexts);
    }

    public Limits withHeaderTexts(boolean keep) {
        return new Limits(
                maxFrameLength,
                maxOpenStreams,
                maxStreamBuffer,
                maxIpFragmentSets,
                maxIpFragmentBytes,
                payloadHeadBytes,
                payloadTextChars,
                maxFragmentSets,
                maxFragmentBytes,
                keep);
    }
}
