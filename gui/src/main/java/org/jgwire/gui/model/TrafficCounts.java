package org.jgwire.gui.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * Messages and bytes per sending member and per protocol, in total and per second of capture time, for the
 * statistics panel's tables and its messages-per-second chart. Counts the records as decoded (a message's bytes
 * in its frame). Bounded: at most {@link #MAX_SERIES} members and protocols (the rest count as "(other)"), and
 * {@link #MAX_SECONDS} one-second buckets per series. Fed on the FX thread, row by row.
 */
public final class TrafficCounts {
    static final int MAX_SERIES = 64, MAX_SECONDS = 7 * 86_400;

    /** Messages and bytes of one member or protocol, and its messages per second (epoch second → messages). */
    public static final class Series {
        private final String key;
        private org.jgwire.codec.model.NodeAddress member;
        private long messages, bytes;
        private final TreeMap<Long, Long> perSecond = new TreeMap<>();

        Series(String key) {
            this.key = key;
        }

        /** The protocol or message type; for a member, its address id. */
        public String key() {
            return key;
        }

        /** The member, for a member's series (show it by its logical name), else null. */
        public org.jgwire.codec.model.NodeAddress member() {
            return member;
        }

        public long messages() {
            return messages;
        }

        public long bytes() {
            return bytes;
        }

        /** Epoch second → messages in that second; seconds without messages are absent. */
        public Map<Long, Long> perSecond() {
            return perSecond;
        }
    }

    private final Map<String, Series> byMember = new LinkedHashMap<>();
    private final Map<String, Series> byProtocol = new LinkedHashMap<>();
    private final Map<String, Series> byType = new LinkedHashMap<>();
    private long messages, bytes, errors, firstSecond = -1;

    /** Counts one record. */
    public void add(Record r) {
        if (!(r instanceof MessageRecord m)) {
            if (r.kind().equals("error")) errors++;
            return;
        }
        long b = Math.max(0, m.length());
        long ts = m.frame().tsNanos();
        long second = ts < 0 ? -1 : ts / 1_000_000_000L;
        if (second >= 0 && firstSecond < 0) firstSecond = second;
        messages++;
        bytes += b;
        Series sender = count(byMember, m.src() == null ? "?" : m.src().id(), b, second);
        if (sender.member == null && m.src() != null && sender.key.equals(m.src().id())) sender.member = m.src();
        count(byType, m.type(), b, -1);
        if (!m.headers().isEmpty()) {
            HeaderRecord top = m.headers().get(0);
            count(byProtocol, top.protocol(), b, second);
        }
    }

    private Series count(Map<String, Series> map, String key, long b, long second) {
        Series s = map.get(key);
        if (s == null) s = map.computeIfAbsent(map.size() < MAX_SERIES ? key : "(other)", Series::new);
        s.messages++;
        s.bytes += b;
        if (second >= 0 && second - firstSecond < MAX_SECONDS) s.perSecond.merge(second, 1L, Long::sum);
        return s;
    }

    /** Per sending member, most messages first. */
    public List<Series> members() {
        return sorted(byMember);
    }

    /** Per protocol of the message's first header (the top of the stack), most messages first. */
    public List<Series> protocols() {
        return sorted(byProtocol);
    }

    /** Per message type, most messages first. */
    public List<Series> types() {
        return sorted(byType);
    }

    private static List<Series> sorted(Map<String, Series> map) {
        List<Series> out = new ArrayList<>(map.values());
        out.sort((a, b) -> Long.compare(b.messages, a.messages));
        return out;
    }

    public long messages() {
        return messages;
    }

    public long bytes() {
        return bytes;
    }

    public long errors() {
        return errors;
    }

    /** The first second with a message, -1 when the input had no times. */
    public long firstSecond() {
        return firstSecond;
    }
}
