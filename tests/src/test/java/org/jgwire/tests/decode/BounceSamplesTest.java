package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ICMP port unreachable errors of the crash samples (the survivors' datagrams to the killed member's closed
 * port), decoded as bounce lines: one per ICMP error Wireshark's own dissector finds, with the quoted datagram's
 * endpoints and the ICMP code it reads, in the documented schema (docs/json-lines.md); the quotes count as no
 * message, and nothing is an error.
 */
class BounceSamplesTest {
    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"3.6.20", "4.2.30", "5.5.7"})
    void eachIcmpErrorOfTheCaptureIsOneBounceLineOfItsQuotedDatagram(String version) throws Exception {
        Decoding.requireTool("tshark");
        Path sample = Decoding.sample(version, "udp", "crash");
        List<String> expected = new ArrayList<>();
        String fields = new String(
                Decoding.tool(
                        "tshark",
                        "-r",
                        sample.toString(),
                        "-Y",
                        "icmp.type == 3",
                        "-T",
                        "fields",
                        "-E",
                        "separator=|",
                        "-e",
                        "frame.number",
                        "-e",
                        "ip.src",
                        "-e",
                        "ip.dst",
                        "-e",
                        "udp.srcport",
                        "-e",
                        "udp.dstport",
                        "-e",
                        "icmp.code"),
                StandardCharsets.US_ASCII);
        for (String line : fields.strip().split("\n")) {
            // the outer IP header's addresses, then the quoted one's
            String[] f = line.split("\\|");
            String[] src = f[1].split(","), dst = f[2].split(",");
            expected.add(
                    f[0] + " " + src[1] + ":" + f[3] + ">" + dst[1] + ":" + f[4] + " by " + src[0] + " code " + f[5]);
        }
        assertFalse(expected.isEmpty(), "the crash sample holds ICMP errors: " + sample);

        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", sample.toString());
        assertEquals(0, run.exit(), run.err());
        List<String> bounces = new ArrayList<>();
        long messages = 0;
        for (JsonNode n : run.json()) {
            String kind = n.path("kind").asText();
            assertFalse(kind.equals("error"), "no error: " + n);
            if (kind.equals("message")) messages++;
            if (!kind.equals("bounce")) continue;
            assertEquals("udp", n.path("transport").asText(), n.toString());
            assertTrue(n.path("ts_ns").isIntegralNumber(), n.toString());
            assertEquals("port unreachable", n.path("icmp").asText(), n.toString());
            assertEquals(3, n.path("icmp_type").asInt(), n.toString());
            bounces.add(n.path("frame").asLong() + " " + n.path("src_ep").asText() + ">"
                    + n.path("dst_ep").asText() + " by " + n.path("reporter").asText() + " code "
                    + n.path("icmp_code").asInt());
        }
        assertEquals(expected, bounces);
        assertTrue(run.err().contains(", " + messages + " messages,"), "bounces count as no message: " + run.err());
    }
}
