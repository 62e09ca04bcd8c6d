package org.jgwire.codec.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.OtherTraffic;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;

/** What a decode counts for its summary: packets read, frames decoded, records emitted, versions seen. */
final class DecodeCounters {
    /** Written by the decoding thread only; volatile so a progress display may read it. */
    private volatile long packets;

    private long frames, messages, errors;
    private final TreeSet<String> versions = new TreeSet<>();
    private JGroupsVersion lastVersion;
    private long otherConnections, otherDatagrams;
    /** The flows of other traffic, the first {@link OtherTraffic#MAX_LISTED}. */
    private final List<OtherFlow> otherFlows = new ArrayList<>();

    /** One more packet read; its number, the unit what it holds is delivered in. */
    long packet() {
        return ++packets;
    }

    long packets() {
        return packets;
    }

    void frame() {
        frames++;
    }

    /** A record on its way to the sink. */
    void emitted(Record r) {
        if (r instanceof MessageRecord m) {
            messages++;
            // adapters share one version string per jar: usually no set work
            if (m.version() != lastVersion && m.version() != null) {
                lastVersion = m.version();
                versions.add(lastVersion.toString());
            }
        } else if (r instanceof ErrorRecord) {
            errors++;
        }
    }

    /** A flow that showed nothing JGroups. */
    void other(OtherFlow flow) {
        if (flow.transport() == Transport.TCP) otherConnections++;
        else otherDatagrams += flow.packets();
        if (!flow.isRest() && otherFlows.size() < OtherTraffic.MAX_LISTED) otherFlows.add(flow);
    }

    /** A decode stopped during unit {@code unit}, with packets read ahead of it: those are not counted. */
    void stoppedAt(long unit) {
        packets = unit;
    }

    DecodeSummary summary() {
        return new DecodeSummary(
                packets,
                frames,
                messages,
                errors,
                new TreeSet<>(versions),
                new OtherTraffic(otherConnections, otherDatagrams, List.copyOf(otherFlows)));
    }
}
