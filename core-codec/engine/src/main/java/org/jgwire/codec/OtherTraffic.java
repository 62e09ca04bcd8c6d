package org.jgwire.codec;

import java.util.List;
import org.jgwire.codec.model.OtherFlow;

/**
 * What a capture held besides JGroups: TCP connections and UDP datagrams that never showed anything JGroups, and
 * the first {@link #MAX_LISTED} of their flows in the order they ended (UDP flows at the end of the capture).
 */
public record OtherTraffic(long connections, long datagrams, List<OtherFlow> flows) {
    /** Flows listed one by one at most: memory must not grow with the capture. */
    public static final int MAX_LISTED = 10_000;

    public static final OtherTraffic NONE = new OtherTraffic(0, 0, List.of());

    public boolean isEmpty() {
        return connections == 0 && datagrams == 0;
    }
}
