package org.jgwire.tests.cluster;

import static org.jgwire.tests.cluster.HandBuiltPcap.tcp;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live 4.2.30 tcp chat run on a loaded machine: C's unicast to A went out in one segment, A's ACK came 17 ms
 * later, and the kernel had already sent the segment again (same sequence number, same 98 bytes, a new IP id and
 * TCP timestamp). The text is twice in the file, once in the stream: jgwire decodes one message.
 */
class RetransmittedSegmentDecodeTest {
    /** TcpConnection's connection header from C's client socket (frame 41 of the run). */
    private static final String HANDSHAKE = ""
            + "62656c61" // cookie "bela"
            + "209e" // version 4.2.30: 4 << 11 | 2 << 6 | 30
            + "0007" // size of the address that follows
            + "04" + "7f000001" + "929f"; // IpAddress: 4 address bytes, 127.0.0.1, port 37535

    /** The message, frames 101 and 102 of the run. */
    private static final String MESSAGE = ""
            + "0000005e" // frame length 94
            + "209e" + "00" // version 4.2.30, TP flags: one message, not multicast
            + "07" + "0000" // leading byte: dest, src and payload set; message flags none
            // dest A and src C, UUIDs as the run's manifest has them, least significant half first
            + "02" + "aaee5908382c4e9b7f87dbe4eb59409e" // 7f87dbe4-eb59-409e-aaee-5908382c4e9b
            + "02" + "abd3585e77225a66eae497af232a4a37" // eae497af-232a-4a37-abd3-585e77225a66
            + "0002" // two headers
            + "0030" + "0052" + "00" + "0103" + "0000" + "00" // UNICAST3 DATA, seqno 3, conn_id 0, not first
            + "0039" + "003c" + "0013" + "6a67776972652d7463702d3436643231396265" // TP, cluster jgwire-tcp-46d219be
            + "0000000d" + "636861742043233320746f2041"; // payload: 13 bytes, "chat C#3 to A"

    @TempDir
    Path dir;

    @Test
    void decodesASegmentTheKernelSentAgainAsOneMessage() throws IOException {
        HexFormat hex = HexFormat.of();
        long syn = 0xa87b2a87L; // any: the stream starts one after it
        Path pcap = HandBuiltPcap.write(
                dir.resolve("retransmitted.pcap"),
                tcp(37877, 43729, syn, 0x02, new byte[0]),
                tcp(37877, 43729, syn + 1, 0x18, hex.parseHex(HANDSHAKE)),
                tcp(37877, 43729, syn + 16, 0x18, hex.parseHex(MESSAGE)),
                tcp(37877, 43729, syn + 16, 0x18, hex.parseHex(MESSAGE))); // the tail loss probe
        assertEquals(2, PcapPorts.occurrences(pcap, "chat C#3 to A"), "twice in the file's bytes");
        assertEquals(1, PcapPorts.copies(pcap, "chat C#3 to A"), "once in the stream");

        List<Record> records = Decoding.decode(pcap, InputHints.AUTO).records();
        assertEquals(
                List.of(),
                records.stream().filter(r -> r instanceof ErrorRecord).toList(),
                "error records");
        List<MessageRecord> chat = records.stream()
                .filter(r -> r instanceof MessageRecord m
                        && m.payload() != null
                        && "chat C#3 to A".equals(m.payload().text()))
                .map(r -> (MessageRecord) r)
                .toList();
        assertEquals(1, chat.size(), "messages with the text: " + records);
        MessageRecord m = chat.get(0);
        assertEquals("4.2.30", String.valueOf(m.version()));
        assertEquals("eae497af-232a-4a37-abd3-585e77225a66", m.src().id().toLowerCase());
        assertEquals("7f87dbe4-eb59-409e-aaee-5908382c4e9b", m.dest().id().toLowerCase());
        assertEquals("DATA", m.header("UNICAST3").field("type"));
        assertEquals(3L, ((Number) m.header("UNICAST3").field("seqno")).longValue());
    }
}
