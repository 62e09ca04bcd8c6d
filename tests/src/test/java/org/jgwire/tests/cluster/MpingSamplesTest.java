package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Captures of clusters that discover each other with MPING (samples/mping: the shipped {@code mping.xml} of 3.6 and
 * 4.2, {@code tcp-low-latency.xml} of 5.5, {@code tcp-minimal.xml} of 5.3 whose TCP connections start with the
 * acceptor's acknowledgement, Infinispan's TCP stack in samples/stacks): every UDP datagram of the
 * capture is an MPING discovery message (the runner's capture filter takes UDP on MPING's port only), decoded as one
 * from its sender with the sender's logical name and physical address as its manifest has them, and the capture
 * agrees with the manifest, every member named (the last to join is named by MPING alone). An MPING datagram carries
 * no version, and its record states none: after the first transport frame that frame's jar reads it; before, the
 * newest jar of the first wire variant that reads it cleanly (docs/wire-format.md).
 */
class MpingSamplesTest {
    @TempDir
    static Path work;

    static Stream<Path> captures() {
        Path s = Decoding.samples();
        return Stream.of(
                s.resolve("mping/3.6.20/mping-chat.pcapng"),
                s.resolve("mping/4.2.30/mping-chat.pcapng"),
                s.resolve("mping/5.5.7/tcp-low-latency-chat.pcapng"),
                s.resolve("mping/5.3.7/tcp-minimal-chat.pcapng"),
                s.resolve("stacks/5.5.7/infinispan-tcp-chat.pcapng"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyMpingDatagramIsADiscoveryMessageNamingItsSender(Path pcap) throws IOException {
        assertTrue(Files.isRegularFile(pcap), "sample missing: " + pcap);
        Manifest m =
                Manifest.read(pcap.resolveSibling(pcap.getFileName().toString().replace(".pcapng", ".json")));
        Map<String, Manifest.Member> byName = new HashMap<>();
        for (Manifest.Member member : m.members()) byName.put(member.name(), member);

        List<PcapPorts.Packet> packets = PcapPorts.read(pcap);
        TreeSet<Integer> udpFrames = new TreeSet<>();
        for (int i = 0; i < packets.size(); i++) if (packets.get(i).protocol() == 17) udpFrames.add(i + 1);
        assertTrue(udpFrames.size() >= m.members().size(), "MPING datagrams: " + udpFrames);

        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", pcap.toString());
        assertEquals(0, run.exit(), "exit code; stderr: " + run.err());
        assertEquals(List.of(), run.errors());
        boolean transportSeen = false;
        TreeSet<Integer> mpingFrames = new TreeSet<>();
        TreeSet<String> senders = new TreeSet<>();
        List<String> wrong = new ArrayList<>();
        for (JsonNode n : run.messages()) {
            if (!n.path("transport").asText().equals("mping")) {
                transportSeen = true;
                continue;
            }
            mpingFrames.add(n.path("frame").asInt());
            Manifest.Member sender = byName.get(n.path("src").asText());
            if (sender == null || !sender.uuid().equals(n.path("src_addr").asText())) {
                wrong.add("sender: " + n);
                continue;
            }
            senders.add(sender.name());
            if (!n.path("version").isNull()) wrong.add("a version, which the wire does not carry: " + n);
            String jar = m.jgroupsVersion() + ".Final";
            if (transportSeen && !n.path("decoded_with").asText().equals(jar))
                wrong.add("decoded with the transport's jar (" + jar + "): " + n);
            if (!n.path("headers").get(0).path("fields").path("type").asText().equals("GET_MBRS_REQ"))
                wrong.add("not a discovery request: " + n);
            boolean named = false;
            for (JsonNode name : n.path("names"))
                named |= name.path("addr").asText().equals(sender.uuid())
                        && name.path("name").asText().equals(sender.name())
                        && name.path("physical").asText().equals(sender.physical());
            if (!named) wrong.add("the sender's name and physical address: " + n);
        }
        assertEquals(List.of(), wrong);
        assertEquals(udpFrames, mpingFrames, "frames decoded as MPING datagrams");
        assertEquals(byName.keySet(), senders, "members that sent an MPING discovery request");

        Decoding.Run verify = Decoding.cli(work, "verify", pcap.toString());
        assertEquals(0, verify.exit(), verify.out() + verify.err());
    }
}
