package org.jgwire.gui.model;

import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * One line of the message table: a decoded record and where its frame's bytes are kept.
 *
 * @param number     1-based position in the capture's record stream (the table's "No." column)
 * @param frameIndex the frame's index in the {@link FrameStore}, or -1 when the record has no frame bytes
 * @param record     the record as the decoder emitted it
 */
public record Row(int number, int frameIndex, Record record) {
    /** The message, or null for an error or gossip record. */
    public MessageRecord message() {
        return record instanceof MessageRecord m ? m : null;
    }
}
