package org.jgwire.codec.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.jgwire.codec.analysis.HeaderFields;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

/**
 * Checks a decoded capture against the {@link Manifest} its cluster run wrote: fed the decoder's records one at a
 * time as they are decoded (a {@code Consumer<Record>}), then asked for a {@link VerifyReport}. One check per
 * category, in the order of the report:
 *
 * <ul>
 *   <li>{@code message}, {@code load}: {@link MessageCheck};
 *   <li>{@code name}: {@link NameCheck};
 *   <li>{@code view}: {@link ViewCheck};
 *   <li>{@code rpc}, {@code large}, {@code merge}: {@link RpcCheck}, {@link LargeCheck}, {@link MergeCheck}, for the
 *       scenarios whose ground truth the manifest holds;
 *   <li>{@code decode}: every frame decoded (an error record is a mismatch).
 * </ul>
 *
 * On the {@code encrypt} stack application messages, views, RPCs and fragments travel encrypted: texts and views are
 * {@code UNSEEN}, a sent text found in clear is a mismatch, and the scenario checks are left out; names (discovery
 * sits below SYM_ENCRYPT) are checked as usual. On {@code relay2} a message counts when one copy has its sender as
 * src or as RELAY2's {@code original_sender}; the copies site masters forward are counted apart, and the site
 * masters' bridge channels ({@code _A}) with their view are not extra.
 *
 * <p>Memory grows with what the manifest lists and the distinct addresses and views on the wire, not with the
 * capture: nothing else of a record is kept once it has been looked at.
 */
public final class CaptureVerifier implements Consumer<Record> {
    /** Extra messages and decode errors listed one by one; beyond this they are only counted. */
    static final int MAX_LISTED = 50;

    private static final int MAX_CLUSTERS = 10;

    private final Manifest manifest;
    private final boolean encrypted;
    private final MessageCheck messages;
    private final NameCheck names;
    private final ViewCheck views;
    private final RpcCheck rpc;
    private final LargeCheck large;
    private final MergeCheck merge;
    private final List<VerifyItem> errors = new ArrayList<>();
    /** The cluster names on the wire, a few at most (relay2: the sites' and the bridge's). */
    private final Set<String> clusters = new TreeSet<>();

    private long errorCount, messageCount;

    public CaptureVerifier(Manifest manifest) {
        this(manifest, false);
    }

    /**
     * @param decrypted the capture is decoded with the key of its encrypting stack: its messages and views are
     *                  checked in clear, as on any other stack
     */
    public CaptureVerifier(Manifest manifest, boolean decrypted) {
        this.manifest = manifest;
        this.encrypted = StackRules.encrypted(manifest) && !decrypted;
        MemberIds ids = new MemberIds(manifest);
        messages = new MessageCheck(manifest, ids, encrypted);
        names = new NameCheck(manifest, ids);
        views = new ViewCheck(manifest, ids, encrypted);
        rpc = new RpcCheck(manifest, ids);
        large = new LargeCheck(manifest, ids);
        merge = new MergeCheck(manifest, ids);
    }

    @Override
    public void accept(Record r) {
        if (r instanceof ErrorRecord e) {
            if (errorCount++ < MAX_LISTED)
                errors.add(new VerifyItem(
                        "decode", "packet " + e.frame().packet(), Outcome.MISMATCH, e.problem() + ": " + e.message()));
        } else if (r instanceof GossipRecord g) {
            g.discovery().forEach(names::accept);
        } else if (r instanceof MessageRecord m) {
            messageCount++;
            if (m.cluster() != null && clusters.size() < MAX_CLUSTERS) clusters.add(m.cluster());
            m.discovery().forEach(names::accept);
            if (m.view() != null && isMergeResponse(m)) views.acceptMergeResponse(m.view());
            else if (m.view() != null) {
                views.accept(m.view());
                merge.accept(m.view());
            }
            rpc.accept(m);
            if (m.payload() != null && !large.accept(m)) messages.accept(m);
        }
    }

    /** GMS MERGE_RSP: its view is the responder's, cut to the members of the merge (no member installs it). */
    private static boolean isMergeResponse(MessageRecord m) {
        for (HeaderRecord h : m.headers())
            if (h.protocol().equals("GMS") && "MERGE_RSP".equals(HeaderFields.type(h))) return true;
        return false;
    }

    /**
     * The cluster names on the wire when none is the manifest's (the manifest of another run, whose every item would
     * be missing), else empty: a capture without cluster names, or a manifest without one, is never refused.
     */
    public Set<String> otherClusters() {
        if (manifest.cluster() == null || clusters.isEmpty() || clusters.contains(manifest.cluster())) return Set.of();
        return Set.copyOf(clusters);
    }

    /** Copies of the manifest's messages that JGroups retransmitted (NAKACK2 XMIT_RSP, repeated UNICAST3 DATA). */
    public int retransmissions() {
        return messages.retransmissions();
    }

    /**
     * Of {@link #retransmissions()}, those that stand in for a copy lost before it reached the wire (its first copy
     * is not in the capture).
     */
    public int retransmissionsOfLostCopies() {
        return messages.standIns();
    }

    /** The report on everything fed so far. */
    public VerifyReport report() {
        List<VerifyItem> items = new ArrayList<>();
        messages.report(items);
        names.report(items);
        views.report(items, names.bridgeAddresses());
        if (!encrypted) {
            rpc.report(items);
            large.report(items);
            merge.report(items);
        }
        items.addAll(errors);
        if (errorCount > errors.size())
            items.add(new VerifyItem(
                    "decode",
                    "more errors",
                    Outcome.MISMATCH,
                    (errorCount - errors.size()) + " more frames not decoded"));
        return new VerifyReport(
                manifest.jgroupsVersion(),
                manifest.stack(),
                manifest.scenario(),
                manifest.members().size(),
                messageCount,
                items);
    }
}
