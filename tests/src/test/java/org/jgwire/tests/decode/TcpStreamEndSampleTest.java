package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.StreamEndRecord.How;
import org.junit.jupiter.api.Test;

/**
 * On a real TCP capture, every direction of every connection ends with one stream-end record, at the packet tshark
 * shows as its FIN, or as the RST of its connection, after that direction's last message.
 */
class TcpStreamEndSampleTest {
    /** A FIN or RST packet as tshark dissects it. */
    private record Flagged(long frame, Endpoint src, Endpoint dst, boolean fin, boolean rst) {}

    @Test
    void eachDirectionEndsOnceAtItsFinOrResetPacket() throws Exception {
        Path capture = Decoding.sample("5.5.7", "tcp");
        List<Flagged> truth = tshark(capture);
        assertTrue(truth.stream().anyMatch(Flagged::fin) && truth.stream().anyMatch(Flagged::rst), truth::toString);
        List<Record> records = Decoding.decode(capture, InputHints.AUTO).records();
        List<StreamEndRecord> ends = new ArrayList<>();
        for (Record r : records) if (r instanceof StreamEndRecord e) ends.add(e);

        Set<List<Endpoint>> directions = new HashSet<>();
        for (StreamEndRecord e : ends)
            assertTrue(directions.add(List.of(e.frame().src(), e.frame().dst())), "ended twice: " + e);
        for (Flagged f : truth) {
            List<StreamEndRecord> at =
                    ends.stream().filter(e -> e.frame().packet() == f.frame()).toList();
            if (f.fin()) {
                assertEquals(1, at.size(), f + ": " + at);
                assertEquals(How.FIN, at.get(0).how());
                assertEquals(f.src(), at.get(0).frame().src());
                assertEquals(f.dst(), at.get(0).frame().dst());
            } else {
                assertFalse(at.isEmpty(), f + " ends no direction");
                for (StreamEndRecord e : at) {
                    assertEquals(How.RST, e.how());
                    assertEquals(
                            Set.of(f.src(), f.dst()),
                            Set.of(e.frame().src(), e.frame().dst()),
                            e::toString);
                }
            }
        }
        for (StreamEndRecord e : ends)
            assertTrue(truth.stream().anyMatch(f -> f.frame() == e.frame().packet()), "not at a FIN or RST: " + e);

        for (int i = 0; i < records.size(); i++) {
            if (!(records.get(i) instanceof StreamEndRecord e)) continue;
            for (Record later : records.subList(i + 1, records.size()))
                assertFalse(
                        later instanceof MessageRecord m
                                && m.frame().src().equals(e.frame().src())
                                && m.frame().dst().equals(e.frame().dst()),
                        () -> "a message after its direction ended: " + later);
        }
    }

    private static List<Flagged> tshark(Path capture) throws Exception {
        String out = new String(
                Decoding.tool(
                        "tshark",
                        "-r",
                        capture.toString(),
                        "-Y",
                        "tcp.flags.fin==1 || tcp.flags.reset==1",
                        "-T",
                        "fields",
                        "-e",
                        "frame.number",
                        "-e",
                        "ip.src",
                        "-e",
                        "tcp.srcport",
                        "-e",
                        "ip.dst",
                        "-e",
                        "tcp.dstport",
                        "-e",
                        "tcp.flags.fin",
                        "-e",
                        "tcp.flags.reset"),
                StandardCharsets.UTF_8);
        List<Flagged> rows = new ArrayList<>();
        for (String line : out.split("\n")) {
            if (line.isBlank()) continue;
            String[] f = line.split("\t");
            rows.add(new Flagged(
                    Long.parseLong(f[0]),
                    new Endpoint(f[1], Integer.parseInt(f[2])),
                    new Endpoint(f[3], Integer.parseInt(f[4])),
                    set(f[5]),
                    set(f[6])));
        }
        return rows;
    }

    /** tshark prints a flag as 1/0 or True/False, depending on its version. */
    private static boolean set(String flag) {
        return flag.equals("1") || flag.equalsIgnoreCase("true");
    }
}
