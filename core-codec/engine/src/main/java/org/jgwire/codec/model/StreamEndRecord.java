package org.jgwire.codec.model;

/**
 * One direction of a TCP connection ended. The frame is the packet that ended it (the FIN or RST, the new SYN, the
 * packet whose stream pushed it out) or, when the capture ended with it open, the last packet of the capture.
 *
 * @param how what ended it
 */
public record StreamEndRecord(FrameInfo frame, How how) implements Record {
    /** What ended a stream; {@link #text()} is written in both output forms. */
    public enum How {
        FIN("FIN"),
        RST("RST"),
        /** More streams were open than the limit allows; this was the least recently used. */
        EVICTED("evicted"),
        /** A SYN of a new connection on the same addresses. */
        NEW_SYN("new SYN"),
        CAPTURE_END("capture end");

        private final String text;

        How(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    @Override
    public String kind() {
        return "stream-end";
    }
}
