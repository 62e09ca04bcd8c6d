package org.jgwire.codec.compare;

import java.util.Comparator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * The structure of one capture, built from the decoder's records (fed in as a {@code Consumer<Record>}): versions,
 * transports, frame shapes, message kinds ({@link KindProfile}) and header shapes ({@link HeaderShape}). Memory
 * grows with the kinds and header classes seen, not with the capture.
 */
public final class CaptureProfile implements Consumer<Record> {
    /** In the order of their text ({@code 4.2.30} before {@code 4.2.4}), as the comparison has always listed them. */
    final Map<JGroupsVersion, Long> versions = new TreeMap<>(Comparator.comparing(JGroupsVersion::toString));

    final Map<String, Long> transports = new TreeMap<>();
    /** {@code single}/{@code list} (a frame of several messages) and {@code multicast}/{@code unicast}, per frame. */
    final Map<String, Long> frames = new TreeMap<>();

    final Map<String, KindProfile> kinds = new TreeMap<>();
    /** Per protocol over every kind. */
    final Map<String, HeaderShape> headers = new TreeMap<>();

    final Map<String, Long> gossip = new TreeMap<>();
    long messages, errors, measured, messageBytes;

    @Override
    public void accept(Record r) {
        if (r instanceof ErrorRecord) {
            errors++;
        } else if (r instanceof GossipRecord g) {
            gossip.merge(g.type(), 1L, Long::sum);
        } else if (r instanceof MessageRecord m) {
            messages++;
            if (m.length() >= 0) {
                measured++;
                messageBytes += m.length();
            }
            if (m.batchIndex() <= 0) {
                if (m.version() != null) versions.merge(m.version(), 1L, Long::sum); // null: FD_SOCK signal, MPING
                transports.merge(m.frame().transport().toString().toLowerCase(Locale.ROOT), 1L, Long::sum);
                frames.merge(m.batchSize() > 0 ? "list" : "single", 1L, Long::sum);
                frames.merge(m.multicast() ? "multicast" : "unicast", 1L, Long::sum);
            }
            kinds.computeIfAbsent(KindProfile.kindOf(m), k -> new KindProfile()).add(m);
            for (HeaderRecord h : m.headers())
                headers.computeIfAbsent(h.protocol(), k -> new HeaderShape()).add(h);
        }
    }

    public long messages() {
        return messages;
    }

    public long errors() {
        return errors;
    }

    public Map<JGroupsVersion, Long> versions() {
        return versions;
    }

    public Map<String, KindProfile> kinds() {
        return kinds;
    }

    public Map<String, Long> transports() {
        return transports;
    }

    /** Mean bytes per message over the capture. */
    public double meanBytes() {
        return measured == 0 ? 0 : (double) messageBytes / measured;
    }
}
