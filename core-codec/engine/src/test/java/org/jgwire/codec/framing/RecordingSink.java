package org.jgwire.codec.framing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.StreamEndRecord;

/** Keeps what a framer emits, copying each frame (the framer may reuse its buffer). */
public final class RecordingSink implements FrameSink {
    public record Frame(FrameInfo info, FrameKind kind, byte[] bytes, byte[] buffer, int handshakeVersion) {}

    public record Problem(FrameInfo info, ProblemKind kind, long offset, String message) {}

    public final List<Frame> frames = new ArrayList<>();
    public final List<Problem> problems = new ArrayList<>();
    public final List<StreamEndRecord> ends = new ArrayList<>();
    public final List<String> signals = new ArrayList<>();
    public final List<FrameInfo> signalInfos = new ArrayList<>();

    @Override
    public void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len) {
        frames.add(new Frame(info, kind, Arrays.copyOfRange(buf, off, off + len), buf, handshakeVersion));
    }

    @Override
    public void signal(FrameInfo info, String signal) {
        signals.add(signal);
        signalInfos.add(info);
    }

    @Override
    public void problem(ErrorRecord e) {
        problems.add(new Problem(e.frame(), e.problem(), e.offset(), e.message()));
    }

    @Override
    public void ended(StreamEndRecord end) {
        ends.add(end);
    }

    public List<byte[]> bytes() {
        List<byte[]> out = new ArrayList<>();
        for (Frame f : frames) out.add(f.bytes());
        return out;
    }

    public long framedBytes() {
        long n = 0;
        for (Frame f : frames) n += 4 + f.bytes().length;
        return n;
    }
}
