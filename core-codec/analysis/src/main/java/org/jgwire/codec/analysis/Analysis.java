package org.jgwire.codec.analysis;

import org.jgwire.codec.model.Record;

/**
 * A stateful reader of one capture's records that ends in a result: a membership timeline, traffic figures,
 * retransmissions, RPC latencies, and the findings to come. Every analysis is registered in one list
 * ({@code registry.Analyses}), which {@code views}, {@code stats}, {@code diagnose} and the viewer feed.
 *
 * <p>Records come in capture order, on one thread, after the names stage and the filter. An analysis keeps
 * addresses, never names: whoever shows its result resolves them with the names stage's table.
 *
 * @param <R> what it found
 */
public interface Analysis<R> {
    /** Which messages an analysis reads. */
    enum Input {
        /** Whole messages: fragments reassembled into the message they carried (RPC pairing, membership). */
        MESSAGES,
        /**
         * The messages as the wire carried them: each FRAG2/FRAG3/FRAG4 fragment, counted once, and no reassembled
         * message (traffic, sequence numbers).
         */
        WIRE
    }

    Input input();

    /** Takes the next record of the stream it reads ({@link #input}). */
    void accept(Record r);

    /** Ends the stream: what only the end shows is settled here. Called once, before the last {@link #result}. */
    default void finish() {}

    /** What it found so far (all of it after {@link #finish}). */
    R result();
}
