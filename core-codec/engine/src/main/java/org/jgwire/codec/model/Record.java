package org.jgwire.codec.model;

import java.util.List;

/** Everything the decoder emits, in capture order: messages, errors and the other kinds below. */
public sealed interface Record permits MessageRecord, ErrorRecord, GossipRecord, StreamEndRecord, BounceRecord {
    /** Where the record came from. */
    FrameInfo frame();

    /** The {@code "kind"} written in JSON Lines. */
    String kind();

    /**
     * Whether a frame's records say it was read whole: no error, and no message with a header no class could read
     * (after the first of its kind such a message comes without an error of its own). What tries jars or tells
     * JGroups from other traffic by a decode asks this.
     */
    static boolean clean(List<Record> records) {
        for (Record r : records)
            if (r instanceof ErrorRecord || r instanceof MessageRecord m && m.hasUnreadHeader()) return false;
        return true;
    }
}
