package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real TCP capture whose one length prefix is wrong but in range, decoded through {@code jgwire decode}: the
 * damaged frame is one error record, and every later frame of its connection is decoded, none swallowed by the
 * wrong length or by a resynchronisation that believed a length alone, each with the packet its bytes arrived in and
 * that packet's time (a 16 MB length holds them until the end of the stream shows it wrong).
 */
class WrongLengthPrefixTest {
    @TempDir
    Path work;

    @Test
    void aWrongInRangeLengthCostsOneErrorRecordAndEveryLaterFrameIsDecoded() throws IOException {
        Path tcp = Decoding.sample("5.5.7", "tcp");
        PcapFile file = PcapFile.read(tcp);
        Decoding.Run full = jsonl(tcp);
        assertEquals(0, full.exit(), full.err());
        int index = damagedPacket(file);
        PcapFile.Packet p = file.packets.get(index);
        int length = PcapFile.payload(p).length - 4;
        for (int wrong : new int[] {length + 1000, 5 << 20, 16 << 20}) {
            byte[] bytes = file.bytes.clone();
            ByteBuffer.wrap(bytes).putInt(p.dataOffset() + p.l4Payload(), wrong);
            Path damaged = work.resolve("wrong-length.pcap");
            Files.write(damaged, bytes);
            Decoding.Run run = jsonl(damaged);
            String what = "length " + length + " written as " + wrong + " in packet " + (index + 1);
            assertEquals(1, run.exit(), what + ": exit code; " + run.err());
            assertEquals(1, run.errors().size(), what + ": " + run.errors());
            JsonNode e = run.errors().get(0);
            assertEquals("malformed", e.path("problem").asText(), what + ": " + e);
            assertTrue(e.path("message").asText().contains("the frame length (" + wrong + ")"), what + ": " + e);
            assertEquals(messagesNotFrom(full, index + 1), messagesNotFrom(run, index + 1), what);
        }
    }

    /** A packet that carries exactly one length-prefixed frame, with at least three more such in its direction. */
    private static int damagedPacket(PcapFile file) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 10; i < file.packets.size(); i++) {
            PcapFile.Packet p = file.packets.get(i);
            if (p.protocol() != 6 || p.payloadLength() <= 8) continue;
            byte[] payload = PcapFile.payload(p);
            if (ByteBuffer.wrap(payload).getInt() != payload.length - 4) continue;
            int later = 0;
            for (int j = i + 1; j < file.packets.size(); j++) {
                PcapFile.Packet q = file.packets.get(j);
                if (q.protocol() == 6
                        && q.payloadLength() > 0
                        && q.srcPort() == p.srcPort()
                        && q.dstPort() == p.dstPort()) later++;
            }
            if (later >= 3) candidates.add(i);
        }
        assertFalse(candidates.isEmpty(), "no packet to damage");
        return candidates.get(candidates.size() / 2);
    }

    private Decoding.Run jsonl(Path input) throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", input.toString());
        assertFalse(run.err().contains("\tat "), "stack trace: " + run.err());
        return run;
    }

    /**
     * The messages of every packet but {@code packet}, sorted (frames held behind a wrong length are decoded once it is
     * found out, after others), each with the packet and time its bytes arrived in.
     */
    private static List<String> messagesNotFrom(Decoding.Run run, long packet) {
        return run.messages().stream()
                .filter(n -> n.path("frame").asLong() != packet)
                .map(n -> n.path("frame") + " " + n.path("ts_ns") + " " + n.path("src_ep") + ">" + n.path("dst_ep")
                        + " " + n.path("type") + " " + n.path("payload"))
                .sorted()
                .toList();
    }
}
