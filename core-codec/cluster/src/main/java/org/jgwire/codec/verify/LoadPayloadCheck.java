package org.jgwire.codec.verify;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.cluster.node.LoadShape;
import org.jgwire.codec.model.MessageRecord;

/**
 * Category {@code load}: each load message on the wire has the length and first bytes its sender drew for it
 * ({@link LoadShape}: sizes and contents follow from sender and sequence number, so the manifest lists none).
 */
final class LoadPayloadCheck {
    private final LoadShape shape;
    private long checked, wrong;
    private String firstWrong;

    /** For the manifest's scenario; checks nothing when it is not a load scenario. */
    LoadPayloadCheck(String scenario) {
        LoadShape s;
        try {
            s = LoadShape.ofScenario(scenario);
        } catch (IllegalArgumentException e) {
            s = null; // a manifest with a shape this build does not know: only counted, as before
        }
        this.shape = s;
    }

    /** Checks a message whose payload starts {@code load }: {@code load A#17/1000 } names what it should be. */
    void accept(MessageRecord m, String sender) {
        if (shape == null) return;
        byte[] head = m.payload().head();
        long[] seqAndTotal = seqAndTotal(head);
        if (seqAndTotal == null) return; // not one of the scenario's (the message check counts it)
        checked++;
        byte[] want = shape.payload(sender, seqAndTotal[0], seqAndTotal[1]);
        int n = Math.min(head.length, want.length);
        if (m.payload().length() == want.length && Arrays.equals(head, 0, n, want, 0, n)) return;
        if (wrong++ == 0)
            firstWrong = "packet " + m.frame().packet() + ": "
                    + (m.payload().length() != want.length
                            ? m.payload().length() + " bytes, " + want.length + " expected"
                            : "other first bytes than " + sender + " drew");
    }

    void report(List<VerifyItem> items) {
        if (shape == null || checked == 0) return;
        String what = "load payloads (" + shape.spec() + " bytes" + ")";
        if (wrong == 0) items.add(new VerifyItem("load", what, Outcome.OK, checked + " checked: lengths and heads"));
        else
            items.add(new VerifyItem(
                    "load", what, Outcome.MISMATCH, wrong + " of " + checked + " differ; first at " + firstWrong));
    }

    /** The {@code 17} and {@code 1000} of {@code load A#17/1000 }, or null. */
    private static long[] seqAndTotal(byte[] h) {
        String s = new String(h, StandardCharsets.ISO_8859_1);
        int hash = s.indexOf('#'), slash = s.indexOf('/', hash + 1), space = s.indexOf(' ', slash + 1);
        if (hash < 0 || slash < 0 || space < 0) return null;
        try {
            return new long[] {
                Long.parseLong(s.substring(hash + 1, slash)), Long.parseLong(s.substring(slash + 1, space))
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
