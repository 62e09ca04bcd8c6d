package org.jgwire.codec.compare;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * Compares the structure of two captures ({@link CaptureProfile}s): what changed in how JGroups writes its
 * messages, as opposed to what differs between two runs of the same traffic.
 *
 * <p>Structural: frame versions; per protocol its protocol id, magic id, header class, the fields of its header and
 * the types of their values; per message kind seen in both captures the headers added or removed, the message
 * types, and each header's length where it is constant in both captures once strings are left out (a variable
 * length, as of compressed seqnos and timestamps, is not an encoding change). Headers added or removed count only
 * when no set of headers of that kind is seen in both captures. Not structural (they differ between two runs of one
 * version): kinds seen in one capture only, header sets of a kind seen in one capture only while another set is
 * shared, message counts, flags, bytes per message.
 */
public final class CaptureDiff {
    private CaptureDiff() {}

    /**
     * One difference.
     *
     * @param structural whether it is a change in the wire format (see the class comment)
     * @param section    {@code frame}, {@code header}, {@code kind} or {@code size}
     * @param subject    what changed, e.g. {@code TP TpHeader} or {@code GMS VIEW}
     * @param change     how, e.g. {@code fields added: flag (Byte), index (Integer)}
     */
    public record Difference(boolean structural, String section, String subject, String change) {}

    public static List<Difference> compare(CaptureProfile a, CaptureProfile b) {
        List<Difference> out = new ArrayList<>();
        frames(a, b, out);
        headers(a, b, out);
        kinds(a, b, out);
        sizes(a, b, out);
        List<Difference> sorted = new ArrayList<>();
        for (Difference d : out) if (d.structural()) sorted.add(d);
        for (Difference d : out) if (!d.structural()) sorted.add(d);
        return sorted;
    }

    private static void frames(CaptureProfile a, CaptureProfile b, List<Difference> out) {
        if (!a.versions.keySet().equals(b.versions.keySet()))
            out.add(new Difference(true, "frame", "version", versions(a) + " -> " + versions(b)));
        if (!a.transports.keySet().equals(b.transports.keySet()))
            out.add(new Difference(
                    false, "frame", "transport", a.transports.keySet() + " -> " + b.transports.keySet()));
        boolean listA = a.frames.containsKey("list"), listB = b.frames.containsKey("list");
        if (listA != listB)
            out.add(new Difference(
                    false,
                    "frame",
                    "message lists",
                    (listA ? "used" : "not used") + " -> " + (listB ? "used" : "not used")
                            + " (frames of several messages, the LIST flag)"));
    }

    private static String versions(CaptureProfile p) {
        List<String> v = new ArrayList<>();
        for (JGroupsVersion s : p.versions.keySet()) v.add(s + " (" + String.format("0x%04x", s.toShort()) + ")");
        return v.isEmpty() ? "none" : String.join(", ", v);
    }

    private static void headers(CaptureProfile a, CaptureProfile b, List<Difference> out) {
        for (String protocol : union(a.headers.keySet(), b.headers.keySet())) {
            HeaderShape x = a.headers.get(protocol), y = b.headers.get(protocol);
            if (x == null || y == null) continue; // reported per kind
            String subject = protocol + " " + String.join("/", y.classes);
            if (!x.classes.equals(y.classes))
                out.add(new Difference(true, "header", protocol, "class " + x.classes + " -> " + y.classes));
            if (!x.protocolIds.equals(y.protocolIds))
                out.add(new Difference(
                        true, "header", subject, "protocol id " + x.protocolIds + " -> " + y.protocolIds));
            if (!x.magicIds.equals(y.magicIds))
                out.add(new Difference(true, "header", subject, "magic id " + x.magicIds + " -> " + y.magicIds));
            List<String> added = new ArrayList<>(), removed = new ArrayList<>(), retyped = new ArrayList<>();
            for (String f : union(x.fields.keySet(), y.fields.keySet())) {
                Set<String> tx = x.fields.get(f), ty = y.fields.get(f);
                if (tx == null) added.add(f + typeList(ty));
                else if (ty == null) removed.add(f + typeList(tx));
                else if (!tx.isEmpty() && !ty.isEmpty() && !tx.equals(ty)) retyped.add(f + " " + tx + " -> " + ty);
            }
            if (!added.isEmpty())
                out.add(new Difference(true, "header", subject, "fields added: " + String.join(", ", added)));
            if (!removed.isEmpty())
                out.add(new Difference(true, "header", subject, "fields removed: " + String.join(", ", removed)));
            if (!retyped.isEmpty())
                out.add(new Difference(true, "header", subject, "field types changed: " + String.join(", ", retyped)));
            lengths(protocol, subject, a, b, out);
        }
    }

    /** Constant header lengths that differ, grouped over the kinds where the same change shows. */
    private static void lengths(
            String protocol, String subject, CaptureProfile a, CaptureProfile b, List<Difference> out) {
        Map<String, List<String>> changes = new LinkedHashMap<>();
        for (String kind : a.kinds.keySet()) {
            KindProfile kb = b.kinds.get(kind);
            HeaderShape x = a.kinds.get(kind).headers.get(protocol), y = kb == null ? null : kb.headers.get(protocol);
            if (x == null || y == null || !x.fixedLength() || !y.fixedLength() || x.minFixed == y.minFixed) continue;
            String change = "length " + x.lengths() + " -> " + y.lengths() + " bytes (" + x.minFixed + " -> "
                    + y.minFixed + " without strings, " + signed(y.minFixed - x.minFixed) + ")";
            changes.computeIfAbsent(change, k -> new ArrayList<>()).add(kind);
        }
        int shared = 0;
        for (String kind : a.kinds.keySet())
            if (b.kinds.containsKey(kind)
                    && a.kinds.get(kind).headers.containsKey(protocol)
                    && b.kinds.get(kind).headers.containsKey(protocol)) shared++;
        for (Map.Entry<String, List<String>> e : changes.entrySet()) {
            List<String> kinds = e.getValue();
            String where = kinds.size() == shared && shared > 1
                    ? "in every kind (" + shared + ")"
                    : "in " + String.join(", ", kinds);
            out.add(new Difference(true, "header", subject, e.getKey() + " " + where));
        }
    }

    private static void kinds(CaptureProfile a, CaptureProfile b, List<Difference> out) {
        for (String kind : union(a.kinds.keySet(), b.kinds.keySet())) {
            KindProfile x = a.kinds.get(kind), y = b.kinds.get(kind);
            if (x == null || y == null) {
                KindProfile only = x != null ? x : y;
                out.add(new Difference(
                        false,
                        "kind",
                        kind,
                        "only in " + (x != null ? "A" : "B") + " (" + only.count
                                + (only.count == 1 ? " message)" : " messages)")));
                continue;
            }
            boolean changed = false;
            for (String framing : List.of("single", "list")) {
                Set<Set<String>> sx = x.protocols.get(framing), sy = y.protocols.get(framing);
                if (sx == null || sy == null) continue; // bundling is timing: compare like with like
                String where = framing.equals("list") ? " (messages in lists)" : " (messages alone in a frame)";
                if (!Collections.disjoint(sx, sy)) {
                    // a header set both captures share: the others are paths taken in one run only, not a format change
                    changed |= !sx.equals(sy);
                    for (Set<String> s : sx)
                        if (!sy.contains(s))
                            out.add(new Difference(false, "kind", kind, "headers " + s + " only in A" + where));
                    for (Set<String> s : sy)
                        if (!sx.contains(s))
                            out.add(new Difference(false, "kind", kind, "headers " + s + " only in B" + where));
                    continue;
                }
                Set<String> px = unionOf(sx), py = unionOf(sy);
                List<String> added = new ArrayList<>(), removed = new ArrayList<>();
                for (String p : py) if (!px.contains(p)) added.add(p);
                for (String p : px) if (!py.contains(p)) removed.add(p);
                if (!added.isEmpty())
                    out.add(new Difference(true, "kind", kind, "headers added: " + String.join(", ", added) + where));
                if (!removed.isEmpty())
                    out.add(new Difference(
                            true, "kind", kind, "headers removed: " + String.join(", ", removed) + where));
                changed |= !added.isEmpty() || !removed.isEmpty();
            }
            if (!changed && !x.stacks.keySet().equals(y.stacks.keySet()))
                out.add(new Difference(
                        false, "kind", kind, "header order " + x.stacks.keySet() + " -> " + y.stacks.keySet()));
            if (!x.types.equals(y.types))
                out.add(new Difference(true, "kind", kind, "message type " + x.types + " -> " + y.types));
            if (!x.flags.equals(y.flags))
                out.add(new Difference(false, "kind", kind, "flags " + x.flags + " -> " + y.flags));
        }
    }

    private static void sizes(CaptureProfile a, CaptureProfile b, List<Difference> out) {
        if (a.messages != b.messages)
            out.add(new Difference(false, "size", "messages", a.messages + " -> " + b.messages));
        if (Math.abs(a.meanBytes() - b.meanBytes()) >= 0.05)
            out.add(new Difference(
                    false,
                    "size",
                    "bytes per message",
                    String.format(
                            Locale.ROOT,
                            "%.1f -> %.1f (%s)",
                            a.meanBytes(),
                            b.meanBytes(),
                            signed(b.meanBytes() - a.meanBytes()))));
        for (String kind : a.kinds.keySet()) {
            KindProfile x = a.kinds.get(kind), y = b.kinds.get(kind);
            if (y == null) continue;
            if (x.count != y.count)
                out.add(new Difference(false, "size", kind, "messages " + x.count + " -> " + y.count));
        }
    }

    static String signed(double d) {
        return String.format(Locale.ROOT, d == Math.rint(d) ? "%+.0f" : "%+.1f", d);
    }

    private static String typeList(Set<String> types) {
        return types == null || types.isEmpty() ? "" : " (" + String.join("|", types) + ")";
    }

    private static Set<String> unionOf(Set<Set<String>> sets) {
        Set<String> u = new TreeSet<>();
        for (Set<String> s : sets) u.addAll(s);
        return u;
    }

    private static Set<String> union(Set<String> x, Set<String> y) {
        Set<String> u = new TreeSet<>(x);
        u.addAll(Objects.requireNonNull(y));
        return u;
    }
}
