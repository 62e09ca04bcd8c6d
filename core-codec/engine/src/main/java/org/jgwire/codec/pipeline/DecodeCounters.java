package org.jgwire.codec.pipeline;

import java.util.TreeSet;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/** What a decode counts for its summary: packets read, frames decoded, records emitted, versions seen. */
final class DecodeCounters {
    /** Written by the decoding thread only; volatile so a progress display may read it. */
    private volatile long packets;

    private long frames, messages, errors;
    private final TreeSet<String> versions = new TreeSet<>();
    private JGroupsVersion lastVersion;

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

    /** A decode stopped during unit {@code unit}, with packets read ahead of it: those are not counted. */
    void stoppedAt(long unit) {
        packets = unit;
    }

    DecodeSummary summary() {
        return new DecodeSummary(packets, frames, messages, errors, new TreeSet<>(versions));
    }
}
