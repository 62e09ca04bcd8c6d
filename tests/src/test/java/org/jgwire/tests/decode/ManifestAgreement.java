package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.codec.verify.StackRules;

/** A capture decodes to exactly what its cluster's manifest says: used for the samples and for live captures. */
public final class ManifestAgreement {
    private ManifestAgreement() {}

    /** The decoder's records against the manifest (a committed sample: no retransmission in it). */
    public static void assertDecodesToManifest(Path pcap) throws IOException {
        assertDecodesToManifest(pcap, false);
    }

    /**
     * The decoder's records against the manifest.
     *
     * @param retransmissions whether copies that JGroups retransmitted are allowed (a live capture on a loaded
     *                        machine: UNICAST3 resends an unacknowledged message with the same conn_id and seqno,
     *                        on any connection between the two members; NAKACK2 answers a gap with an XMIT_RSP
     *                        copy); the verifier proves them retransmissions by their headers and counts them apart
     * @return every record decoded, retransmissions included
     */
    public static List<Record> assertDecodesToManifest(Path pcap, boolean retransmissions) throws IOException {
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Result r = Decoding.decode(pcap, InputHints.AUTO);
        int retransmitted = assertAgreesWithManifest(m, r.records(), pcap.toString());
        if (!retransmissions) assertEquals(0, retransmitted, "retransmitted copies in " + pcap);
        assertEquals(0, r.summary().errors(), "errors in the summary");
        assertTrue(
                r.summary().versions().contains(m.jgroupsVersion()),
                "versions " + r.summary().versions() + " should hold " + m.jgroupsVersion());
        return r.records();
    }

    /**
     * No error record, {@code jgwire verify}'s checks find nothing, and no chat text that the manifest does not hold.
     *
     * @return the copies of the manifest's messages that JGroups retransmitted
     */
    public static int assertAgreesWithManifest(Manifest m, List<Record> records, String what) {
        List<String> errors = new ArrayList<>();
        for (Record r : records) if (r instanceof ErrorRecord e) errors.add(e.toString());
        assertEquals(List.of(), errors, "error records decoding " + what);
        CaptureVerifier verifier = new CaptureVerifier(m);
        records.forEach(verifier);
        assertEquals(List.of(), verifier.report().problems(), "verify " + what);
        List<String> sentTexts =
                m.sent().stream().map(Manifest.SentMessage::text).toList();
        int chat = 0;
        for (Record r : records) {
            if (!(r instanceof MessageRecord msg)
                    || msg.payload() == null
                    || msg.payload().text() == null) continue;
            if (!msg.payload().text().startsWith("chat ")) continue;
            chat++;
            assertTrue(sentTexts.contains(msg.payload().text()), "a chat text nobody sent: " + msg);
            assertEquals(
                    m.jgroupsVersion(),
                    String.valueOf(msg.version()),
                    "version of " + msg.payload().text());
        }
        int expected =
                m.sent().stream().mapToInt(s -> StackRules.expectedCopies(m, s)).sum();
        assertEquals( // a copy resent in place of a lost one counts; one resent besides its first copy does not
                expected,
                chat - verifier.retransmissions() + verifier.retransmissionsOfLostCopies(),
                "chat messages (not retransmitted) in " + what);
        return verifier.retransmissions();
    }
}
