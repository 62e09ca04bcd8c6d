package org.jgwire.codec.framing;

import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.ProblemKind;

/** Receives whole frames from the framing layer, and the problems it found on the way. */
public interface FrameSink {
    /**
     * A complete frame: {@code buf[off, off+len)}; the buffer may be reused after the call returns.
     * {@code handshakeVersion} is the version short its connection's handshake announced, -1 when none was captured.
     */
    void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len);

    /** A problem at {@code offset} (stream offset for TCP, -1 if none); decoding goes on. */
    void problem(FrameInfo info, ProblemKind kind, long offset, String message);
}
