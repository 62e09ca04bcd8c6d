package org.jgwire.gui.model;

/**
 * Where a JGroups frame lies in the captured packet it came in, for the hex pane to show the whole packet with the
 * JGroups part marked: packet bytes {@code [from, to)} are the frame's bytes at offsets {@code [from - base, to -
 * base)}. A datagram is whole in its packet; a TCP frame that took several segments has only its end (or its start)
 * in the packet that completed it.
 *
 * @param base the packet position of the frame's offset 0 (negative when the frame began in an earlier packet)
 */
public record FrameInPacket(int base, int from, int to) {
    /** Fewest bytes of a frame's end or start that place it in a packet: fewer could match by chance. */
    static final int MIN_MATCH = 8;

    /**
     * The frame's place in the packet, by its bytes: the whole frame, else the longer of its end and its start; null
     * if none.
     */
    public static FrameInPacket locate(byte[] packet, byte[] frame) {
        if (packet == null || frame == null || frame.length == 0) return null;
        // a datagram: the payload ends the packet (or comes before padding)
        for (int at = packet.length - frame.length; at >= 0; at--)
            if (same(packet, at, frame, 0, frame.length)) return new FrameInPacket(at, at, at + frame.length);
        // the end of a frame that began in earlier segments: the longest match of its last bytes
        int bestEnd = -1, best = 0;
        for (int end = packet.length; end > 0; end--) {
            int k = 0;
            while (k < end && k < frame.length && packet[end - 1 - k] == frame[frame.length - 1 - k]) k++;
            if (k > best) {
                best = k;
                bestEnd = end;
            }
        }
        // the start of a frame that later segments continue: it runs to the packet's end
        int head = -1;
        for (int at = 0; at <= packet.length - MIN_MATCH && head < 0; at++) {
            int n = packet.length - at;
            if (n < frame.length && same(packet, at, frame, 0, n)) head = at;
        }
        int headLength = head < 0 ? 0 : packet.length - head;
        // the longer match places it (a short one may be bytes that repeat)
        if (Math.max(best, headLength) < MIN_MATCH) return null;
        if (best >= headLength) return new FrameInPacket(bestEnd - frame.length, bestEnd - best, bestEnd);
        return new FrameInPacket(head, head, packet.length);
    }

    private static boolean same(byte[] a, int aFrom, byte[] b, int bFrom, int n) {
        for (int i = 0; i < n; i++) if (a[aFrom + i] != b[bFrom + i]) return false;
        return true;
    }
}
