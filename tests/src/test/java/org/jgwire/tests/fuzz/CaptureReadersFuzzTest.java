package org.jgwire.tests.fuzz;

import static org.jgwire.tests.fuzz.Invariants.LIMITS;
import static org.jgwire.tests.fuzz.Invariants.channel;
import static org.jgwire.tests.fuzz.Invariants.drain;
import static org.jgwire.tests.fuzz.Invariants.seed;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.FollowTcpSource;
import org.jgwire.codec.capture.HexLineSource;
import org.jgwire.codec.capture.PcapReader;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;

/**
 * The capture readers on any bytes: pcap, pcapng, hex lines (UDP and {@code --tcp}) and tshark's follow output. A
 * bad capture ends with a capture format error naming what is wrong, never another exception; every packet read
 * lies within the input. Runs over its inputs in {@code mvn test}; fuzzes with {@code JAZZER_FUZZ=1}
 * ({@code tests/fuzz.sh}).
 */
class CaptureReadersFuzzTest {
    private interface Opener {
        CaptureSource open() throws IOException;
    }

    private static void read(Opener opener, int length) throws IOException {
        CaptureSource source;
        try {
            source = opener.open();
        } catch (CaptureFormatException e) {
            Invariants.plain(e.getMessage());
            return;
        }
        try (source) {
            drain(source, length);
        }
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void pcapReader(byte[] data) throws IOException {
        read(() -> new PcapReader(channel(data), LIMITS), data.length);
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void pcapngReader(byte[] data) throws IOException {
        read(() -> new PcapngReader(channel(data), LIMITS), data.length);
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void hexLines(byte[] data) throws IOException {
        read(() -> new HexLineSource(channel(data), false, LIMITS), data.length);
        read(() -> new HexLineSource(channel(data), true, LIMITS), data.length);
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void followTcp(byte[] data) throws IOException {
        read(() -> new FollowTcpSource(channel(data), LIMITS), data.length);
    }

    /** The seeds: real captures, whole and cut, in each format a reader takes. */
    @Test
    void samplesWholeAndCutMeetTheInvariants() throws IOException {
        int runs = 0;
        for (Path sample : Decoding.representativeSamples()) {
            byte[] pcapng = Files.readAllBytes(sample);
            byte[] pcap = Files.readAllBytes(Decoding.classicPcap(sample));
            StringBuilder hex = new StringBuilder(), follow = new StringBuilder("Follow: tcp,raw\n");
            for (PcapFile.Packet p : PcapFile.read(sample).packets) {
                if (p.l4Payload() < 0 || p.payloadLength() == 0) continue;
                String h = HexFormat.of().formatHex(PcapFile.payload(p));
                hex.append(h).append('\n');
                follow.append(p.srcPort() < p.dstPort() ? "\t" : "").append(h).append('\n');
            }
            byte[] hexBytes = hex.toString().getBytes(StandardCharsets.US_ASCII);
            byte[] followBytes = follow.toString().getBytes(StandardCharsets.US_ASCII);
            for (int cut : new int[] {1, 3, 2, 7}) { // whole, then cut to a third, a half, a seventh
                pcapReader(seed(getClass(), "pcapReader", Arrays.copyOf(pcap, pcap.length / cut)));
                pcapngReader(seed(getClass(), "pcapngReader", Arrays.copyOf(pcapng, pcapng.length / cut)));
                hexLines(seed(getClass(), "hexLines", Arrays.copyOf(hexBytes, hexBytes.length / cut)));
                followTcp(seed(getClass(), "followTcp", Arrays.copyOf(followBytes, followBytes.length / cut)));
                runs += 4;
            }
        }
        assertTrue(runs >= 16, "runs: " + runs);
    }
}
