package org.jgwire.gui.model;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;

/**
 * Which response answers which request, for the flow diagram's links. RequestCorrelator's header carries
 * {@code type} (REQ 0, RSP 1, EXC_RSP 2 in {@code RequestCorrelator.Header}) and {@code req_id}, numbered by the
 * requester; a response goes back to the requester with the same {@code req_id} ({@code req_id} 0 expects none).
 * The first copy of a request counts. Bounded: the oldest requests are forgotten beyond {@link #MAX_PENDING}.
 */
public final class RpcPairs {
    static final int MAX_PENDING = 100_000;

    private record Key(String requester, long reqId) {}

    private final LinkedHashMap<Key, Integer> requests = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Integer> eldest) {
            return size() > MAX_PENDING;
        }
    };
    private final Map<Integer, Integer> responseToRequest = new HashMap<>();

    /** Takes one row, in capture order. */
    public void add(Row row) {
        MessageRecord m = row.message();
        if (m == null || m.src() == null) return;
        HeaderRecord h = correlatorHeader(m);
        if (h == null || !(h.field("req_id") instanceof Number id) || id.longValue() <= 0) return;
        String type = String.valueOf(h.field("type"));
        if (type.equals("0") || type.equals("REQ")) {
            requests.putIfAbsent(new Key(m.src().id(), id.longValue()), row.number());
        } else if ((type.equals("1") || type.equals("2") || type.equals("RSP") || type.equals("EXC_RSP"))
                && m.dest() != null) {
            Integer request = requests.get(new Key(m.dest().id(), id.longValue()));
            if (request != null) responseToRequest.putIfAbsent(row.number(), request);
        }
    }

    /** RequestCorrelator's header: the one with {@code req_id} and {@code corrId} fields. */
    private static HeaderRecord correlatorHeader(MessageRecord m) {
        for (HeaderRecord h : m.headers()) if (h.field("req_id") != null && h.field("corrId") != null) return h;
        return null;
    }

    /** Response row number → request row number. */
    public Map<Integer, Integer> responseToRequest() {
        return responseToRequest;
    }
}
