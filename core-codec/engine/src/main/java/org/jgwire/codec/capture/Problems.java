package org.jgwire.codec.capture;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Transport;

/**
 * Bad lines found since the caller last asked, bounded: beyond {@link Limits#maxPendingBadLines()} only a count is
 * kept, and the next drain ends with one record saying how many were left out.
 */
final class Problems {
    private final int maxPending;
    private List<ErrorRecord> pending = new ArrayList<>();
    private long dropped;
    private long total;

    Problems(int maxPending) {
        this.maxPending = maxPending;
    }

    void add(long line, ProblemKind kind, long offset, String message) {
        total++;
        if (pending.size() < maxPending) {
            pending.add(new ErrorRecord(new FrameInfo(line, -1, null, null, Transport.NONE), kind, offset, message));
        } else {
            dropped++;
        }
    }

    List<ErrorRecord> drain() {
        if (pending.isEmpty() && dropped == 0) return List.of();
        List<ErrorRecord> out = pending;
        if (dropped > 0) {
            out.add(new ErrorRecord(
                    new FrameInfo(-1, -1, null, null, Transport.NONE),
                    ProblemKind.LIMIT,
                    -1,
                    dropped + " more bad lines not reported one by one (" + maxPending
                            + " are kept between two reads of the input)"));
            dropped = 0;
        }
        pending = new ArrayList<>();
        return out;
    }

    long total() {
        return total;
    }
}
