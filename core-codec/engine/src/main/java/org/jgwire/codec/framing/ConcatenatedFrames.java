package org.jgwire.codec.framing;

import java.util.List;
import org.jgwire.codec.capture.RawBinarySource;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;

/**
 * Datagrams written back to back with nothing between them, as ParseMessages reads a binary input in UDP mode (the
 * only input of 3.6's ParseMessages). A transport frame has no length, so where one ends is known only by decoding
 * it: the frame at the head of the bytes is decoded once over them, and ends where its last message does. A datagram
 * is at most {@link RawBinarySource#MAX_DATAGRAM} bytes, so that many are buffered ahead of the frame being read, and
 * memory stays bounded whatever the input's length. Frames are numbered from 1 as ParseMessages counts them. When a
 * frame's end cannot be found, the rest of the input is counted, not read, and reported at its end, as ParseMessages
 * stops there too.
 */
public final class ConcatenatedFrames {
    private static final int WINDOW = RawBinarySource.MAX_DATAGRAM;

    /** Decodes the frames and takes them with their records. */
    public interface FrameReader {
        /** Decodes the frame at {@code buf[off]}, over the {@code avail} bytes of it and what follows it. */
        List<Record> decode(FrameInfo info, byte[] buf, int off, int avail);

        /** The frame {@code buf[off, off + len)} and its records; the buffer may be reused after the call. */
        void frame(FrameInfo info, byte[] buf, int off, int len, List<Record> records);
    }

    private final FrameReader reader;
    private final FrameSink problems;
    private final byte[] buf = new byte[4 * WINDOW];
    private int start, limit;
    /** Input offset of {@code buf[start]}. */
    private long position;

    private long frames;
    /** Where no frame end could be found, or -1; the bytes from there on are only counted. */
    private long stoppedAt = -1;

    private long notRead;

    public ConcatenatedFrames(FrameReader reader, FrameSink problems) {
        this.reader = reader;
        this.problems = problems;
    }

    /** The next bytes of the input. */
    public void data(byte[] b, int off, int len) {
        while (len > 0 && stoppedAt < 0) {
            if (limit == buf.length) compact();
            int n = Math.min(len, buf.length - limit);
            System.arraycopy(b, off, buf, limit, n);
            limit += n;
            off += n;
            len -= n;
            while (stoppedAt < 0 && limit - start >= WINDOW) next();
        }
        notRead += len;
    }

    /** The input ended: the frames still buffered are read, and where reading stopped is reported. */
    public void end() {
        while (stoppedAt < 0 && limit > start) next();
        if (stoppedAt >= 0)
            problems.problem(
                    info(),
                    ProblemKind.MALFORMED,
                    stoppedAt,
                    "no JGroups frame whose end can be found at byte " + stoppedAt + " of the raw input: the remaining "
                            + notRead + " bytes are not decoded");
    }

    private void next() {
        int avail = limit - start;
        FrameInfo info = info();
        List<Record> records = FrameDetector.isPlausibleTransportFrame(buf, start, avail)
                ? reader.decode(info, buf, start, avail)
                : List.of();
        int len = extent(records);
        if (len <= 0) {
            stoppedAt = position;
            notRead = avail;
            start = limit = 0;
            return;
        }
        frames++;
        reader.frame(info, buf, start, len, ownRecords(records, len));
        start += len;
        position += len;
    }

    private FrameInfo info() {
        return new FrameInfo(frames + 1, -1, null, null, Transport.NONE);
    }

    /** Bytes from the frame's start to the end of its last message, or -1 when a message's extent is unknown. */
    private static int extent(List<Record> records) {
        int end = -1;
        for (Record r : records) {
            if (!(r instanceof MessageRecord m)) continue;
            if (m.length() < 0) return -1;
            end = Math.max(end, m.offset() + m.length());
        }
        return end;
    }

    /**
     * The records without a report of bytes after the frame's last message (5.x adapters check that a frame has none):
     * here those bytes are the next frames.
     */
    private static List<Record> ownRecords(List<Record> records, int len) {
        int last = records.size() - 1;
        return records.get(last) instanceof ErrorRecord e && e.problem() == ProblemKind.MALFORMED && e.offset() == len
                ? records.subList(0, last)
                : records;
    }

    private void compact() {
        System.arraycopy(buf, start, buf, 0, limit - start);
        limit -= start;
        start = 0;
    }
}
