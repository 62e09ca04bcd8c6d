package org.jgwire.cli.parsemessages;

import java.util.List;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.framing.FrameDetector;
import org.jgwire.codec.framing.FrameKind;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.codec.stack.DeltaViews;

/**
 * Raw bytes holding several datagrams back to back, as ParseMessages reads a binary file in UDP mode (the only input
 * of 3.6's ParseMessages): a transport frame has no length, so where one ends is known only by decoding it. Each
 * frame is decoded once over the rest of the input to find its end (the end of its last message), then again over
 * exactly its own bytes. When a frame's end cannot be found, the rest of the input is reported and not read,
 * as ParseMessages stops there too.
 */
public final class ConcatenatedFrames {
    private ConcatenatedFrames() {}

    /** Decodes {@code data} into {@code sink}; frame numbers count from 1. */
    public static DecodeSummary decode(byte[] data, DecodeOptions options, Consumer<Record> sink) {
        long frames = 0, messages = 0, errors = 0;
        TreeSet<String> versions = new TreeSet<>();
        DeltaViews deltaViews = new DeltaViews();
        try (VersionRuntime runtime = new VersionRuntime(
                options.jgwireHome(), options.forcedVersion(), options.userJar(), options.limits())) {
            int pos = 0;
            while (pos < data.length) {
                FrameInfo info = new FrameInfo(frames + 1, -1, null, null, Transport.NONE);
                int end = pos < data.length && FrameDetector.isPlausibleTransportFrame(data, pos, data.length - pos)
                        ? end(runtime.decode(FrameKind.TRANSPORT, data, pos, data.length - pos, info))
                        : -1;
                if (end <= 0) {
                    sink.accept(new ErrorRecord(
                            info,
                            ProblemKind.MALFORMED,
                            pos,
                            "no JGroups frame whose end can be "
                                    + "found at byte " + pos + " of the raw input: the remaining " + (data.length - pos)
                                    + " bytes are not decoded"));
                    errors++;
                    break;
                }
                frames++;
                for (Record r : runtime.decode(FrameKind.TRANSPORT, data, pos, end, info)) {
                    if (r instanceof MessageRecord m) {
                        messages++;
                        versions.add(m.version());
                    } else if (r instanceof ErrorRecord) errors++;
                    sink.accept(deltaViews.expand(r));
                }
                pos += end;
            }
        }
        return new DecodeSummary(frames, frames, messages, errors, versions);
    }

    /** Bytes from the frame's start to the end of its last message, or -1 when a message's extent is unknown. */
    private static int end(List<Record> records) {
        int end = -1;
        for (Record r : records) {
            if (!(r instanceof MessageRecord m)) continue;
            if (m.length() < 0) return -1;
            end = Math.max(end, m.offset() + m.length());
        }
        return end;
    }
}
