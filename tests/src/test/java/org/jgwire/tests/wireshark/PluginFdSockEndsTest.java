package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.PcapngWriter;
import org.jgwire.codec.capture.RawPacket;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * FD_SOCK's connection ends in every order the decoder tells apart ({@code FdSockAbnormalTerminationTest} in the
 * engine): the committed {@code fdsock-crash} sample up to member C's {@code I_HAVE_SOCK} (its server socket
 * 127.0.0.1:31874), then one connection per order from a pinger port of its own to that socket. The plugin must show
 * exactly the decoder's signals ({@link PluginMatchesDecoderTest#compare}); that the decoder finds the ones the
 * orders call for is checked too, so the comparison is never one of two empty lists.
 */
class PluginFdSockEndsTest {
    private static final byte[] LO = {127, 0, 0, 1};
    private static final int SERVER = 31874;
    private static final byte NORMAL = 9;
    private static final int SYN = 2, FIN = 1, RST = 4, ACK = 16, PSH = 8;

    @BeforeAll
    static void plugin() throws Exception {
        GeneratedPlugin.path();
    }

    @Test
    void everyOrderOfFinAndResetGivesTheDecodersSignals() throws Exception {
        Capture c = Capture.untilTheAnnouncement();
        c.connect(41001); // the server socket closes first, without the byte: ABNORMAL_TERMINATION
        c.fromServer(41001, FIN | ACK, 0);
        c.toServer(41001, FIN | ACK, 0);
        c.connect(41002); // the pinger closes first: none
        c.toServer(41002, FIN | ACK, 0);
        c.fromServer(41002, FIN | ACK, 0);
        c.connect(41003); // C leaves: the byte, then its FIN
        c.fromServer(41003, PSH | ACK, 0, NORMAL);
        c.fromServer(41003, FIN | ACK, 1);
        c.toServer(41003, FIN | ACK, 0);
        c.connect(41004); // the pinger stops; the server closes before the pinger's FIN comes
        c.toServer(41004, PSH | ACK, 0, NORMAL);
        c.fromServer(41004, FIN | ACK, 0);
        c.toServer(41004, FIN | ACK, 1);
        c.connect(41005); // the server socket resets the connection: ABNORMAL_TERMINATION
        c.fromServer(41005, RST | ACK, 0);
        c.connect(41006); // the pinger resets it: none
        c.toServer(41006, RST | ACK, 0);
        c.connect(41007); // the byte, then the pinger resets the connection: the signal at the reset
        c.fromServer(41007, PSH | ACK, 0, NORMAL);
        c.toServer(41007, RST | ACK, 0);
        c.connect(41008); // the byte in the FIN segment itself
        c.fromServer(41008, PSH | FIN | ACK, 0, NORMAL);
        c.toServer(41008, FIN | ACK, 0);
        c.toServer(41009, FIN | ACK, 0); // opened before the capture: the pinger's FIN first, none
        c.fromServer(41009, FIN | ACK, 0);
        c.fromServer(41010, FIN | ACK, 0); // opened before the capture: the server's FIN first
        c.toServer(41010, FIN | ACK, 0);
        Path capture = c.write();

        Map<String, Integer> signals = decodersSignals(capture);
        assertEquals(Map.of("ABNORMAL_TERMINATION", 3, "NORMAL_TERMINATION", 4), signals, "the decoder's signals");
        PluginMatchesDecoderTest.compare(capture);
    }

    /**
     * The byte still held when the capture ends: the decoder reports it at the capture's last packet; the plugin can
     * only in a second pass (tshark -2, Wireshark's GUI), once the last frame is known.
     */
    @Test
    void aSignalStillOpenAtTheEndOfTheCaptureIsShownInTheSecondPass() throws Exception {
        Capture c = Capture.untilTheAnnouncement();
        c.connect(41011);
        c.fromServer(41011, PSH | ACK, 0, NORMAL);
        c.toServer(41011, ACK, 0);
        Path capture = c.write();

        assertEquals(Map.of("NORMAL_TERMINATION", 1), decodersSignals(capture), "the decoder's signals");
        PluginMatchesDecoderTest.compare(capture, "-2");
    }

    private static Map<String, Integer> decodersSignals(Path capture) throws Exception {
        Map<String, Integer> out = new TreeMap<>();
        for (JsonNode r : Decoding.cli(
                        Files.createTempDirectory("jgwire-fd"),
                        "decode",
                        "--format",
                        "jsonl",
                        "--filter",
                        "transport == fd_sock",
                        capture.toString())
                .json()) out.merge(r.path("type").asText(), 1, Integer::sum);
        return out;
    }

    /** Ethernet frames over 127.0.0.1: the sample's first packets, then TCP segments built here. */
    private static final class Capture {
        private final List<byte[]> frames = new ArrayList<>();
        private final List<Long> times = new ArrayList<>();

        /** The committed sample's packets up to C's I_HAVE_SOCK (packet 31), announcing 127.0.0.1:31874. */
        static Capture untilTheAnnouncement() throws IOException {
            Capture c = new Capture();
            Path sample = Decoding.samples().resolve("stack/4.2.30/fdsock-crash.pcapng");
            try (PcapngReader in = new PcapngReader(FileChannel.open(sample))) {
                for (RawPacket p = in.next(); p != null && c.frames.size() < 31; p = in.next()) {
                    c.frames.add(p.data());
                    c.times.add(p.tsNanos());
                }
            }
            return c;
        }

        void connect(int pinger) {
            toServer(pinger, SYN, -1);
            fromServer(pinger, SYN | ACK, -1);
            toServer(pinger, ACK, 0);
        }

        void toServer(int pinger, int flags, int offset, byte... data) {
            segment(pinger, SERVER, pinger * 2L, pinger * 2L + 1, flags, offset, data);
        }

        void fromServer(int pinger, int flags, int offset, byte... data) {
            segment(SERVER, pinger, pinger * 2L + 1, pinger * 2L, flags, offset, data);
        }

        /**
         * A segment at {@code offset} bytes into its direction's stream (-1: the SYN itself); a direction's initial
         * sequence number is made of its pinger port, times 2 towards the server and + 1 from it.
         */
        private void segment(int src, int dst, long dir, long rev, int flags, int offset, byte[] data) {
            long seq = 1_000_000L * dir + 1 + offset, ack = 1_000_000L * rev + 1;
            ByteBuffer b = ByteBuffer.allocate(14 + 20 + 20 + data.length);
            b.put(new byte[12]).putShort((short) 0x0800); // Ethernet, loopback's zero addresses
            b.put((byte) 0x45)
                    .put((byte) 0)
                    .putShort((short) (40 + data.length))
                    .putInt(0);
            b.put((byte) 64).put((byte) 6).putShort((short) 0).put(LO).put(LO);
            b.putShort((short) src).putShort((short) dst).putInt((int) seq).putInt((flags & ACK) != 0 ? (int) ack : 0);
            b.put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0);
            b.put(data);
            frames.add(b.array());
            times.add(times.get(times.size() - 1) + 1_000_000L);
        }

        Path write() throws IOException {
            Path p = Files.createTempFile("jgwire-fdsock-ends", ".pcapng");
            p.toFile().deleteOnExit();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (OutputStream out = bytes;
                    PcapngWriter w = new PcapngWriter(out, RawPacket.LINKTYPE_ETHERNET, 262144, null, false)) {
                for (int i = 0; i < frames.size(); i++) w.write(times.get(i), frames.get(i), frames.get(i).length);
            }
            Files.write(p, bytes.toByteArray());
            return p;
        }
    }
}
