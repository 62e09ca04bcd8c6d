package org.jgwire.codec.framing;

import org.jgwire.codec.model.MessageRecord;

/**
 * FD_SOCK's signals (3.x - 5.x): its connections carry no frames. The pinging member connects to its ping
 * destination's server socket and keeps the connection; either side writes the one byte
 * {@code NORMAL_TERMINATION} (9) before it closes on purpose ({@code FD_SOCK.sendPingSignal} when it stops pinging,
 * {@code ClientConnectionHandler.stopThread(true)} when the member leaves). A close without it is what FD_SOCK reads
 * as {@code ABNORMAL_TERMINATION} (end of stream: a crash). Who closes first tells them apart: a pinger that stops
 * (its ping destination changed, or it leaves) closes its own socket, and the server's handler closes after it; a
 * server socket closed first without the byte is a member gone ({@link FdSockServers}).
 */
final class FdSockSignal {
    /** {@code FD_SOCK.NORMAL_TERMINATION}. */
    static final int NORMAL_TERMINATION = 9;

    static final String NORMAL = "NORMAL_TERMINATION";
    /** {@code FD_SOCK.ABNORMAL_TERMINATION} (-1): what the pinger's read returns at the end of the stream. */
    static final String ABNORMAL = MessageRecord.ABNORMAL_TERMINATION;

    private FdSockSignal() {}

    /**
     * Whether a whole stream direction, captured from its first byte without gaps, is FD_SOCK's normal-termination
     * signal: exactly that one byte (no JGroups frame is one byte long).
     */
    static boolean isNormalTermination(byte[] b, int len, long seen, long missing) {
        return len == 1 && seen == 1 && missing == 0 && b[0] == NORMAL_TERMINATION;
    }
}
