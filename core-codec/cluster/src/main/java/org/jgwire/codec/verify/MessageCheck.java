package org.jgwire.codec.verify;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;

/**
 * Categories {@code message} and {@code load}: every application message the manifest lists is on the wire as many
 * times as the stack puts it there ({@link StackRules#expectedCopies}), each copy with the sender's UUID as src and
 * the addressee's as dest (none for a multicast). A copy JGroups retransmitted is told by its headers (NAKACK2
 * XMIT_RSP, addressed to the member that asked for it; a UNICAST3 DATA repeated with the same conn_id and seqno
 * between the same members, on any connection): it is never extra, and it counts as the copy the capture lacks when
 * that one was lost before reaching the wire ({@link CopyTally}). A text message no one sent, above no protocol but
 * NAKACK2/UNICAST3, is extra. Load multicasts are counted the same way, told apart by their number
 * ({@code load A#17/1000}), and their lengths and first bytes checked ({@link LoadPayloadCheck}).
 */
final class MessageCheck {
    private final Manifest manifest;
    private final MemberIds ids;
    /** The stack encrypts and the capture is not decrypted: texts and views are not on the wire in clear. */
    private final boolean encrypted;

    private final Map<String, Expected> expected = new LinkedHashMap<>();
    private final Map<String, CopyTally> loadCopies = new LinkedHashMap<>();
    private final LoadPayloadCheck loadPayloads;
    /** UNICAST3 DATA copies of listed messages, to tell one sent again; the rest of the traffic is not kept. */
    private final Set<String> unicastSeen = new HashSet<>();

    private final List<VerifyItem> extras = new ArrayList<>();
    private long extraCount;

    /** What one sent message (sender, destination, text) should leave on the wire, and what did. */
    private static final class Expected {
        final Manifest.SentMessage sent;
        final CopyTally tally = new CopyTally();
        int copies, found, forwarded; // found: relay2 only (copies from the sender itself)
        final List<String> wrong = new ArrayList<>();

        Expected(Manifest.SentMessage sent) {
            this.sent = sent;
        }
    }

    MessageCheck(Manifest manifest, MemberIds ids, boolean encrypted) {
        this.manifest = manifest;
        this.ids = ids;
        this.encrypted = encrypted;
        for (Manifest.SentMessage s : manifest.sent())
            expected.computeIfAbsent(s.text(), t -> new Expected(s)).copies += StackRules.expectedCopies(manifest, s);
        for (Manifest.LoadSent l : manifest.loadSent()) loadCopies.put(l.sender(), new CopyTally());
        this.loadPayloads = new LoadPayloadCheck(manifest.scenario());
    }

    void accept(MessageRecord m) {
        String text = m.payload().text();
        Expected e = text == null ? null : expected.get(text);
        if (e != null) {
            copy(m, e);
        } else if (isLoad(m)) {
            String sender = loadSender(m);
            CopyTally t = loadCopies.get(sender);
            if (t == null) return;
            String slot = slot(m, StackRules.expectedCopies(manifest, true));
            if (retransmission(m, false)) t.resent(slot, loadIndex(m)); // multicasts: NAKACK2 alone resends them
            else t.first(slot, loadIndex(m));
            loadPayloads.accept(m, sender);
        } else if (text != null && isApplication(m) && !retransmission(m, extras.size() < CaptureVerifier.MAX_LISTED)) {
            extraCount++;
            if (extras.size() < CaptureVerifier.MAX_LISTED)
                extras.add(new VerifyItem(
                        "message",
                        "'" + text + "' " + ids.name(m.src()) + " -> "
                                + (m.dest() == null ? "all" : ids.name(m.dest())),
                        Outcome.EXTRA,
                        "packet " + m.frame().packet() + ": a message no member sent"));
        }
    }

    private void copy(MessageRecord m, Expected e) {
        Manifest.Member sender = manifest.member(e.sent.sender());
        if (StackRules.relayed(manifest)) {
            // site masters forward it across the bridge and into the other site under their own addresses
            if (sender != null && (MemberIds.sameId(m.src(), sender.uuid()) || originalSender(m, sender))) e.found++;
            else e.forwarded++;
            return;
        }
        if (StackRules.forwardedToSequencer(m)) { // not the copy the members deliver
            e.forwarded++;
            return;
        }
        Manifest.Member dest = e.sent.multicast() ? null : manifest.member(e.sent.destination());
        boolean resent = retransmission(m, true);
        String slot = slot(m, StackRules.expectedCopies(manifest, e.sent));
        if (sender == null || !MemberIds.sameId(m.src(), sender.uuid())) {
            e.wrong.add("packet " + m.frame().packet() + " has src " + m.src());
        } else if (resent) { // an XMIT_RSP of a multicast goes to the member that asked for it
            e.tally.resent(slot, 0);
        } else if (e.sent.multicast() ? m.dest() != null : dest == null || !MemberIds.sameId(m.dest(), dest.uuid())) {
            e.wrong.add("packet " + m.frame().packet() + " has dest " + (m.dest() == null ? "none" : m.dest()));
        } else {
            e.tally.first(slot, 0);
        }
    }

    /**
     * Which of a send's copies this is: where the stack puts several on the wire, the receiving endpoint tells them
     * apart (a resent copy goes where the lost one went).
     */
    private static String slot(MessageRecord m, int copiesPerSend) {
        return copiesPerSend > 1 ? String.valueOf(m.frame().dst()) : "";
    }

    /** RELAY2's header names the member that sent a relayed message ({@code original_sender}). */
    private static boolean originalSender(MessageRecord m, Manifest.Member sender) {
        HeaderRecord relay = m.header("RELAY2");
        Object o = relay == null ? null : relay.field("original_sender");
        if (o instanceof NodeAddress a) return MemberIds.sameId(a, sender.uuid());
        return o != null
                && (o.toString().equals(sender.name())
                        || o.toString()
                                .toLowerCase(Locale.ROOT)
                                .contains(sender.uuid().toLowerCase(Locale.ROOT)));
    }

    /**
     * Whether JGroups sent this copy again: a NAKACK2 XMIT_RSP, or a UNICAST3 DATA already seen with the same conn_id
     * and seqno between the same members (UNICAST3 resends unacknowledged messages unchanged), in the same copy's
     * slot where the stack puts several on the wire. Not between the same transport endpoints: when two members
     * connect to each other at once, TCP_NIO2 keeps one connection and closes the other, and a message written to
     * the closed one is on the wire there and resent on the kept one, from other ports. Only the copies remembered
     * here are known when seen again.
     */
    private boolean retransmission(MessageRecord m, boolean remember) {
        HeaderRecord nak = header(m, "NAKACK");
        if (nak != null && "XMIT_RSP".equals(nak.field("type"))) return true;
        HeaderRecord uni = header(m, "UNICAST");
        if (uni == null || !"DATA".equals(uni.field("type"))) return false;
        String key = slot(m, StackRules.expectedCopies(manifest, m.dest() == null)) + " " + m.src() + ">" + m.dest()
                + " conn " + uni.field("conn_id") + " seqno " + uni.field("seqno");
        return remember ? !unicastSeen.add(key) : unicastSeen.contains(key);
    }

    /** The first header of a protocol whose name starts with this (NAKACK2/NAKACK4, UNICAST3/UNICAST4). */
    private static HeaderRecord header(MessageRecord m, String protocolPrefix) {
        for (HeaderRecord h : m.headers()) if (h.protocol().startsWith(protocolPrefix)) return h;
        return null;
    }

    /** Sent by the application: no protocol above the reliable layer put a header on it. */
    private static boolean isApplication(MessageRecord m) {
        if (m.headers().isEmpty()) return false;
        String first = m.headers().get(0).protocol();
        return first.startsWith("NAKACK") || first.startsWith("UNICAST");
    }

    private static final byte[] LOAD = "load ".getBytes(StandardCharsets.US_ASCII);

    private static boolean isLoad(MessageRecord m) {
        byte[] h = m.payload().head();
        if (h == null || h.length < LOAD.length + 2) return false;
        for (int i = 0; i < LOAD.length; i++) if (h[i] != LOAD[i]) return false;
        return true;
    }

    /** {@code load A#17/1000 ...}: 17, or -1 when the number is not there. */
    private static int loadIndex(MessageRecord m) {
        byte[] h = m.payload().head();
        int i = LOAD.length;
        while (i < h.length && h[i] != '#') i++;
        long n = 0;
        int digits = 0;
        for (i++; i < h.length && h[i] >= '0' && h[i] <= '9' && digits < 9; i++, digits++) n = n * 10 + (h[i] - '0');
        return digits > 0 && (i == h.length || h[i] == '/') ? (int) n : -1;
    }

    /** {@code load A#17/1000 ...}: the name before '#'. */
    private static String loadSender(MessageRecord m) {
        byte[] h = m.payload().head();
        int end = LOAD.length;
        while (end < h.length && h[end] != '#') end++;
        return new String(h, LOAD.length, end - LOAD.length, StandardCharsets.US_ASCII);
    }

    /** Copies of the manifest's messages that JGroups retransmitted. */
    int retransmissions() {
        int n = 0;
        for (Expected e : expected.values()) n += (int) e.tally.resentCopies();
        return n;
    }

    /** Retransmitted copies of the manifest's messages that stand in for a copy lost before the wire. */
    int standIns() {
        int n = 0;
        for (Expected e : expected.values()) n += (int) e.tally.standIns();
        return n;
    }

    void report(List<VerifyItem> items) {
        for (Expected e : expected.values()) {
            String what = "'" + e.sent.text() + "' " + e.sent.sender() + " -> "
                    + (e.sent.multicast() ? "all" : e.sent.destination());
            long onWire = e.tally.copies();
            String counts = onWire + " of " + e.copies + (e.copies == 1 ? " copy" : " copies") + " ("
                    + manifest.stack() + ")" + retransmitted(e.tally)
                    + (e.forwarded > 0 ? ", " + e.forwarded + " forwarded to the sequencer" : "");
            Outcome o = onWire == e.copies ? Outcome.OK : onWire < e.copies ? Outcome.MISSING : Outcome.EXTRA;
            if (StackRules.relayed(manifest)) {
                o = e.found > 0 ? Outcome.OK : Outcome.MISSING;
                counts = e.found + (e.found == 1 ? " copy" : " copies") + " from its sender, " + e.forwarded
                        + " forwarded by site masters (relay2)";
            }
            if (encrypted) {
                o = onWire + e.tally.resentCopies() + e.wrong.size() == 0 ? Outcome.UNSEEN : Outcome.MISMATCH;
                counts = o == Outcome.UNSEEN
                        ? StackRules.ENCRYPTED
                        : "in clear on the wire, though the stack encrypts it";
            }
            items.add(new VerifyItem("message", what, o, counts));
            for (String w : e.wrong) items.add(new VerifyItem("message", what, Outcome.MISMATCH, w));
        }
        items.addAll(extras);
        if (extraCount > extras.size())
            items.add(new VerifyItem(
                    "message",
                    "more messages",
                    Outcome.EXTRA,
                    (extraCount - extras.size()) + " more messages no member sent"));
        for (Manifest.LoadSent l : manifest.loadSent()) {
            long want = l.messages() * StackRules.expectedCopies(manifest, true);
            CopyTally t = loadCopies.get(l.sender());
            long got = t.copies();
            Outcome o = got == want ? Outcome.OK : got < want ? Outcome.MISSING : Outcome.EXTRA;
            items.add(new VerifyItem(
                    "load",
                    l.messages() + " load messages from " + l.sender(),
                    o,
                    got + " of " + want + " copies on the wire" + retransmitted(t)));
        }
        loadPayloads.report(items);
    }

    private static String retransmitted(CopyTally t) {
        return t.resentCopies() > 0 ? ", " + t.resentCopies() + " retransmitted" : "";
    }
}
