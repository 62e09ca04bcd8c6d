package org.jgwire.codec.stack;

import org.jgwire.codec.model.HeaderRecord;

/** FORK ({@code ForkHeader}): names the fork stack and fork channel {@code FORK.up} delivers the message to. */
final class ForkStep implements ReceiveStep {
    @Override
    public Ascent up(Ascent up, HeaderRecord h) {
        return up.with(up.message()
                .transformedBy(
                        "FORK delivered to fork stack " + h.field("fork_stack_id") + ", fork channel "
                                + h.field("fork_channel_id"),
                        null));
    }
}
