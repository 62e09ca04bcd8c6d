package org.jgwire.codec.compare;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;

/**
 * The messages of one kind in a capture. A message's kind is its first header's protocol and, when that header
 * has one, its type: JGroups puts headers on the way down the stack, so the first is the protocol that made the
 * message ({@code GMS VIEW}, {@code NAKACK2 MSG} for an application multicast, {@code FD_ALL3}, ...).
 */
public final class KindProfile {
    long count, measured, messageBytes, payloadBytes;
    final Set<String> types = new TreeSet<>();
    final Set<String> flags = new TreeSet<>();
    /** The protocols of each message's headers in wire order, to how many messages had that list. */
    final Map<String, Long> stacks = new TreeMap<>();

    final Map<String, HeaderShape> headers = new LinkedHashMap<>();
    /**
     * The distinct sets of protocols with a header, for messages alone in their frame ({@code single}) and in
     * message lists ({@code list}) apart: before 5.3.8 a message in a list carries no TpHeader (the list names the
     * cluster once). Sets, not one union, because one kind can take several paths in one run (a VIEW multicast
     * under NAKACK2 and, when an ack is late, resent under UNICAST3).
     */
    final Map<String, Set<Set<String>>> protocols = new TreeMap<>();

    /** The kind of a message, e.g. {@code GMS VIEW}, {@code UNICAST3 ACK}, {@code TP}, {@code (no headers)}. */
    public static String kindOf(MessageRecord m) {
        if (m.headers().isEmpty()) return "(no headers)";
        HeaderRecord first = m.headers().get(0);
        Object type = first.field("type");
        return type == null ? first.protocol() : first.protocol() + " " + type;
    }

    void add(MessageRecord m) {
        count++;
        if (m.length() >= 0) {
            measured++;
            messageBytes += m.length();
        }
        payloadBytes += m.payload() == null ? 0 : m.payload().length();
        types.add(m.type());
        flags.addAll(m.flagNames());
        StringBuilder stack = new StringBuilder();
        Set<String> present = new TreeSet<>();
        for (HeaderRecord h : m.headers()) {
            present.add(h.protocol());
            if (stack.length() > 0) stack.append(' ');
            stack.append(h.protocol());
            headers.computeIfAbsent(h.protocol(), k -> new HeaderShape()).add(h);
        }
        stacks.merge(stack.toString(), 1L, Long::sum);
        protocols
                .computeIfAbsent(m.batchSize() > 0 ? "list" : "single", k -> new HashSet<>())
                .add(present);
    }

    public long count() {
        return count;
    }

    /** Mean bytes per message (the message as written in its frame, headers included). */
    public double meanBytes() {
        return measured == 0 ? 0 : (double) messageBytes / measured;
    }

    public Set<String> types() {
        return types;
    }

    public Map<String, HeaderShape> headers() {
        return headers;
    }
}
