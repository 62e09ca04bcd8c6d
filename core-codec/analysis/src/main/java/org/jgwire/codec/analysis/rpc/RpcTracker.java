package org.jgwire.codec.analysis.rpc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.jgwire.codec.analysis.Analysis;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;

/**
 * Pairs RequestCorrelator requests with their responses ({@code RequestCorrelator.Header}: {@code type} REQ, RSP,
 * EXC_RSP; {@code req_id} numbered by the requester, so a request is known by requester and req_id and its
 * responses come back to the requester with the same req_id; {@code req_id} 0 expects no response,
 * {@code Header.rspExpected}). Copies of one request (a multicast over TCP goes once per member, TUNNEL shows each
 * message twice) count once; each responder's first response gives the latency.
 *
 * <p>The method is read from the request's payload head without deserializing: the first length-prefixed
 * identifier in it ({@code MethodCall.writeTo} writes the name with {@code writeUTF}), else the payload's class.
 * Feed it whole messages (reassembled). Bounded: at most {@link #MAX_PENDING} requests are remembered; older ones
 * are evicted (counted, unanswered ones listed as evicted). Not thread-safe.
 *
 * <p>{@link #onPair} hands each response over with its request as it is paired (for a flow diagram's links);
 * records are known there by their index in the stream fed to {@link #accept}, so the tracker keeps no record.
 */
public final class RpcTracker implements Analysis<RpcTracker.RpcStats> {
    public static final int MAX_PENDING = 100_000;
    public static final int MAX_LISTED = 1000;
    private static final String[] TYPES = {"REQ", "RSP", "EXC_RSP"};

    private record Key(String requester, long reqId) {}

    private static final class Request {
        final long index, packet, ts;
        final NodeAddress requester, dest;
        final String method;
        final Set<String> responders = new HashSet<>(2);
        int exceptions;

        Request(long index, MessageRecord m, String method) {
            this.index = index;
            packet = m.frame().packet();
            ts = m.frame().tsNanos();
            requester = m.src();
            dest = m.dest();
            this.method = method;
        }
    }

    private final LinkedHashMap<Key, Request> requests = new LinkedHashMap<>();
    private final Map<String, MethodStats> methods = new TreeMap<>();
    private final List<Unanswered> evictedUnanswered = new ArrayList<>();
    private final List<Consumer<Pair>> pairListeners = new ArrayList<>(2);
    private long fed = -1;
    private long requestCount, oneWay, copies, responses, exceptions, orphans, evicted;

    private static final class MethodStats {
        long requests, answered, exceptions;
        final Samples latency = new Samples();
    }

    /**
     * Hands every response paired from now on to {@code listener} (as well as to those given before), on the thread
     * calling {@link #accept}.
     */
    public void onPair(Consumer<Pair> listener) {
        pairListeners.add(listener);
    }

    @Override
    public Input input() {
        return Input.MESSAGES;
    }

    /** Takes one record; messages with a RequestCorrelator header are used. */
    @Override
    public void accept(Record r) {
        fed++;
        if (!(r instanceof MessageRecord m) || m.src() == null) return;
        HeaderRecord h = header(m);
        if (h == null) return;
        String type = HeaderFields.type(h, TYPES);
        long reqId = HeaderFields.number(h, "req_id", -1);
        if ("REQ".equals(type)) request(m, reqId);
        else if (("RSP".equals(type) || "EXC_RSP".equals(type)) && m.dest() != null)
            response(m, reqId, type.equals("EXC_RSP"));
    }

    /** RequestCorrelator's header: the one with {@code req_id} and {@code corrId} fields. */
    static HeaderRecord header(MessageRecord m) {
        List<HeaderRecord> headers = m.headers();
        for (int i = 0; i < headers.size(); i++) {
            HeaderRecord h = headers.get(i);
            // the class first: a field lookup by name on every header of every message costs
            if (h.headerClass() != HeaderClass.RPC && h.headerClass() != HeaderClass.RPC_MULTI) continue;
            if (h.field("req_id") != null && h.field("corrId") != null) return h;
        }
        return null;
    }

    private void request(MessageRecord m, long reqId) {
        if (reqId <= 0) {
            oneWay++;
            return;
        }
        Key k = new Key(m.src().id(), reqId);
        if (requests.containsKey(k)) {
            copies++;
            return;
        }
        requestCount++;
        String method = MethodNames.of(m.payload());
        methods.computeIfAbsent(method, x -> new MethodStats()).requests++;
        requests.put(k, new Request(fed, m, method));
        if (requests.size() > MAX_PENDING) {
            Iterator<Request> it = requests.values().iterator();
            Request old = it.next();
            it.remove();
            evicted++;
            if (old.responders.isEmpty() && evictedUnanswered.size() < MAX_LISTED)
                evictedUnanswered.add(unanswered(old, true));
        }
    }

    private void response(MessageRecord m, long reqId, boolean exception) {
        Request req = requests.get(new Key(m.dest().id(), reqId));
        if (req == null) {
            orphans++;
            return;
        }
        if (!req.responders.add(m.src().id())) return; // a copy of a response already seen
        responses++;
        MethodStats ms = methods.get(req.method);
        if (req.responders.size() == 1) ms.answered++;
        if (exception) {
            exceptions++;
            req.exceptions++;
            ms.exceptions++;
        }
        double latency = req.ts >= 0 && m.frame().tsNanos() >= 0 ? (m.frame().tsNanos() - req.ts) / 1e6 : Double.NaN;
        if (!Double.isNaN(latency)) ms.latency.add(latency);
        Pair pair = new Pair(req.index, req.packet, fed, m, req.method, latency, exception);
        for (int i = 0; i < pairListeners.size(); i++) pairListeners.get(i).accept(pair);
    }

    private static Unanswered unanswered(Request r, boolean evicted) {
        return new Unanswered(r.packet, r.ts, r.requester, r.dest, r.method, evicted);
    }

    @Override
    public RpcStats result() {
        return snapshot();
    }

    /** The figures so far. */
    public RpcStats snapshot() {
        List<MethodSummary> ms = new ArrayList<>();
        for (Map.Entry<String, MethodStats> e : methods.entrySet()) {
            MethodStats s = e.getValue();
            ms.add(new MethodSummary(e.getKey(), s.requests, s.answered, s.exceptions, s.latency.summary()));
        }
        List<Unanswered> open = new ArrayList<>(evictedUnanswered);
        long unanswered = evictedUnanswered.size();
        for (Request r : requests.values()) {
            if (!r.responders.isEmpty()) continue;
            unanswered++;
            if (open.size() < MAX_LISTED) open.add(unanswered(r, false));
        }
        return new RpcStats(
                requestCount, oneWay, copies, responses, exceptions, orphans, evicted, unanswered, ms, open);
    }

    /**
     * @param requests   distinct requests expecting a response
     * @param oneWay     requests expecting none ({@code req_id} 0)
     * @param copies     further copies of requests already counted
     * @param responses  distinct responses (one per responder and request)
     * @param orphans    responses to requests the capture did not show
     * @param evicted    requests forgotten at {@link #MAX_PENDING}
     * @param unanswered requests without any response (at most {@link #MAX_LISTED} listed)
     */
    public record RpcStats(
            long requests,
            long oneWay,
            long copies,
            long responses,
            long exceptions,
            long orphans,
            long evicted,
            long unanswered,
            List<MethodSummary> methods,
            List<Unanswered> unansweredList) {}

    /** Per method: requests, requests with at least one response, exception responses, latency in ms. */
    public record MethodSummary(
            String method, long requests, long answered, long exceptions, Samples.Summary latency) {}

    /**
     * A response and the request it answers (each responder's first response to a request).
     *
     * @param requestIndex  the request's 0-based index among the records fed to {@link #accept} (its first copy)
     * @param requestPacket the request's packet number
     * @param responseIndex the response's index among the records fed
     * @param latencyMs     capture time from request to response, NaN without times
     * @param exception     an EXC_RSP
     */
    public record Pair(
            long requestIndex,
            long requestPacket,
            long responseIndex,
            MessageRecord response,
            String method,
            double latencyMs,
            boolean exception) {}

    /** A request no response was seen for. */
    public record Unanswered(
            long packet, long tsNanos, NodeAddress requester, NodeAddress dest, String method, boolean evicted) {}
}
