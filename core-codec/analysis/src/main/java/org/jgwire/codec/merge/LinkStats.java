package org.jgwire.codec.merge;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jgwire.codec.analysis.stats.Samples;

/**
 * One direction between two captured hosts: the messages seen leaving {@code from}'s host for {@code to}'s (unicast
 * to it, or multicast while {@code to} was capturing), how many arrived, how long they took on the merged timeline,
 * which never arrived (the sender's packet numbers, the proof), and the copies that arrived twice.
 */
public final class LinkStats {
    /** Lost messages named, per link: enough to find them in the sender's capture. */
    static final int EXAMPLES = 10;

    private final String from;
    private final String to;
    private long sent;
    private long arrived;
    private long lost;
    private long duplicates;
    private final Samples delaysMicros = new Samples();
    private final List<Long> lostPackets = new ArrayList<>();

    LinkStats(String from, String to) {
        this.from = from;
        this.to = to;
    }

    void arrived(long delayNanos) {
        sent++;
        arrived++;
        delaysMicros.add(delayNanos / 1_000.0);
    }

    void lost(long senderPacket) {
        sent++;
        lost++;
        if (lostPackets.size() < EXAMPLES) lostPackets.add(senderPacket);
    }

    void duplicate() {
        duplicates++;
    }

    public String from() {
        return from;
    }

    public String to() {
        return to;
    }

    public long sent() {
        return sent;
    }

    public long arrived() {
        return arrived;
    }

    public long lost() {
        return lost;
    }

    public long duplicates() {
        return duplicates;
    }

    /** One-way delays in microseconds, on the merged timeline. */
    public Samples delaysMicros() {
        return delaysMicros;
    }

    /** The first lost messages' packet numbers in {@link #from}'s capture. */
    public List<Long> lostPackets() {
        return Collections.unmodifiableList(lostPackets);
    }
}
