package org.jgwire.codec.model;

/** Everything the decoder emits, in capture order: messages, errors and the other kinds below. */
public sealed interface Record permits MessageRecord, ErrorRecord, GossipRecord, StreamEndRecord {
    /** Where the record came from. */
    FrameInfo frame();

    /** The {@code "kind"} written in JSON Lines. */
    String kind();
}
