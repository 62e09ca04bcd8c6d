package org.jgwire.codec.framing;

import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.StreamEndRecord;

/**
 * Receives whole frames from the framing layer, and the problems it found on the way: as every stage of the
 * pipeline reports them, one {@link ErrorRecord} each (kind, position, message).
 */
public interface FrameSink {
    /**
     * A complete frame: {@code buf[off, off+len)}; the buffer may be reused after the call returns.
     * {@code handshakeVersion} is the version short its connection's handshake announced, -1 when none was captured.
     */
    void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len);

    /**
     * A failure-detection signal that stands for a whole stream direction (FD_SOCK's one byte, see
     * {@link FdSockSignal}); {@code info} holds the sockets it went between.
     */
    void signal(FrameInfo info, String signal);

    /**
     * A direction that carried no byte was closed first by its own sender (its FIN, or a reset it sent), while the
     * other direction of its connection was open and held no FD_SOCK signal; called at the packet that closed it,
     * before its {@link #ended}. {@code info} (transport FD_SOCK) names the closing socket as its source: where that
     * is an FD_SOCK server socket, this is the close FD_SOCK's pinger reads as {@code ABNORMAL_TERMINATION}
     * ({@link FdSockSignal}). Nothing by default.
     */
    default void closedSilently(FrameInfo info) {}

    /** A problem; its offset is the stream offset for TCP, -1 if none. Decoding goes on. */
    void problem(ErrorRecord problem);

    /** {@link #problem(ErrorRecord)} of these parts. */
    default void problem(FrameInfo info, ProblemKind kind, long offset, String message) {
        problem(new ErrorRecord(info, kind, offset, message));
    }

    /** A TCP stream direction ended, after its last frame and the problems its end found. */
    void ended(StreamEndRecord end);

    /** A flow that ended without showing anything JGroups ({@link ConnectionTriage}). Nothing by default. */
    default void other(OtherFlow flow) {}
}
