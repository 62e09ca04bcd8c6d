package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.ManifestCheck;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;

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
     *                        machine: UNICAST3 resends an unacknowledged message with the same conn_id and seqno
     *                        on the same connection, NAKACK2 answers a gap with an XMIT_RSP copy); they are
     *                        proven to be retransmissions by their headers, then left out of the manifest check
     * @return every record decoded, retransmissions included
     */
    public static List<Record> assertDecodesToManifest(Path pcap, boolean retransmissions) throws IOException {
        Manifest m = Manifest.read(Manifest.pathFor(pcap));
        Decoding.Result r = Decoding.decode(pcap, InputHints.AUTO);
        assertAgreesWithManifest(
                m, retransmissions ? withoutRetransmissions(r.records()) : r.records(), pcap.toString());
        assertEquals(0, r.summary().errors(), "errors in the summary");
        assertTrue(
                r.summary().versions().contains(m.jgroupsVersion()),
                "versions " + r.summary().versions() + " should hold " + m.jgroupsVersion());
        return r.records();
    }

    /** The records without NAKACK2 XMIT_RSP copies and without repeats of a UNICAST3 message on its connection. */
    static List<Record> withoutRetransmissions(List<Record> records) {
        List<Record> out = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Record r : records) {
            if (r instanceof MessageRecord m) {
                org.jgwire.codec.model.HeaderRecord nak = m.header("NAKACK2");
                if (nak != null && "XMIT_RSP".equals(nak.field("type"))) continue;
                org.jgwire.codec.model.HeaderRecord uni = m.header("UNICAST3");
                if (uni != null && "DATA".equals(uni.field("type"))) {
                    String key = m.frame().src() + ">" + m.frame().dst() + " " + m.src() + ">" + m.dest() + " conn "
                            + uni.field("conn_id") + " seqno " + uni.field("seqno");
                    if (!seen.add(key)) continue;
                }
            }
            out.add(r);
        }
        return out;
    }

    /** No error record, ManifestCheck finds nothing, and no chat text that the manifest does not hold. */
    public static void assertAgreesWithManifest(Manifest m, List<Record> records, String what) {
        List<String> errors = new ArrayList<>();
        for (Record r : records) if (r instanceof ErrorRecord e) errors.add(e.toString());
        assertEquals(List.of(), errors, "error records decoding " + what);
        assertEquals(List.of(), ManifestCheck.check(m, records), "manifest check of " + what);
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
                    msg.version(),
                    "version of " + msg.payload().text());
        }
        int expected = m.sent().stream()
                .mapToInt(s -> ManifestCheck.expectedCopies(m, s))
                .sum();
        assertEquals(expected, chat, "chat messages in " + what);
    }
}
