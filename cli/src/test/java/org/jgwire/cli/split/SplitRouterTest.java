package org.jgwire.cli.split;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.capture.CaptureInterface;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.capture.RawPacket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Fragments held for their first fragment: where they go, in what order, and the bound on what waits. */
class SplitRouterTest {
    private static final CaptureInterface ETHERNET = CaptureInterface.nanos(RawPacket.LINKTYPE_ETHERNET, 65535);

    @TempDir
    Path dir;

    private long number;

    /** An Ethernet frame with an IPv4 header: UDP ports when {@code offset} is 0, payload bytes after. */
    private RawPacket udp(String src, int sport, int id, boolean more, int offset) {
        ByteBuffer b = ByteBuffer.allocate(14 + 20 + 16);
        b.position(12);
        b.putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) 0).putShort((short) 36).putShort((short) id);
        b.putShort((short) ((more ? 0x2000 : 0) | offset / 8))
                .put((byte) 64)
                .put((byte) 17)
                .putShort((short) 0);
        for (String part : src.split("\\.")) b.put((byte) Integer.parseInt(part));
        b.put(new byte[] {10, 0, 0, 99});
        if (offset == 0) b.putShort((short) sport).putShort((short) 7800).putShort((short) 16);
        number++;
        return new RawPacket(number, number * 1000, RawPacket.LINKTYPE_ETHERNET, b.array(), b.capacity());
    }

    /** An Ethernet frame with IPv4 and a TCP header of these flags (0x02 SYN, 0x12 SYN-ACK, 0x10 ACK). */
    private RawPacket tcp(String src, int sport, String dst, int dport, int flags) {
        ByteBuffer b = ByteBuffer.allocate(14 + 20 + 20);
        b.position(12);
        b.putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) 0).putShort((short) 40).putShort((short) 0);
        b.putShort((short) 0x4000).put((byte) 64).put((byte) 6).putShort((short) 0);
        for (String part : (src + "." + dst).split("\\.")) b.put((byte) Integer.parseInt(part));
        b.putShort((short) sport).putShort((short) dport).putInt(1).putInt(0);
        b.put((byte) 0x50).put((byte) flags).putShort((short) 65535).putInt(0);
        number++;
        return new RawPacket(number, number * 1000, RawPacket.LINKTYPE_ETHERNET, b.array(), b.capacity());
    }

    private List<List<Long>> parts(int n) throws IOException {
        List<List<Long>> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            List<Long> times = new ArrayList<>();
            Path p = dir.resolve("part-" + i + ".pcapng");
            try (CaptureSource in = new PcapngReader(FileChannel.open(p, StandardOpenOption.READ))) {
                for (RawPacket r; (r = (RawPacket) in.next()) != null; ) times.add(r.tsNanos() / 1000);
            }
            out.add(times);
        }
        return out;
    }

    @Test
    void aFragmentBeforeItsFirstWaitsAndThePartKeepsCaptureOrder() throws IOException {
        SplitRouter router;
        try (PartFiles files = new PartFiles(dir, 2, null)) {
            router = new SplitRouter(SplitMode.flow, files);
            router.accept(udp("10.0.0.1", 5000, 1, false, 8), ETHERNET); // 1: last fragment, first
            router.accept(udp("10.0.0.2", 6000, 0, false, 0), ETHERNET); // 2: another sender
            router.accept(udp("10.0.0.1", 5000, 1, true, 0), ETHERNET); // 3: the first fragment
            router.accept(udp("10.0.0.1", 5000, 0, false, 0), ETHERNET); // 4
            router.finish();
        }
        // .2's sender appears first (packet 2) and takes part 1; .1's appears with its first fragment (3)
        assertEquals(List.of(List.of(2L), List.of(1L, 3L, 4L)), parts(2));
        assertEquals(0, router.orphanFragments());
    }

    @Test
    void aFragmentWhoseFirstNeverComesGoesToItsHostOnceTooMuchWaits() throws IOException {
        SplitRouter router;
        try (PartFiles files = new PartFiles(dir, 2, null)) {
            router = new SplitRouter(SplitMode.flow, files);
            router.accept(udp("10.0.0.1", 5000, 0, false, 0), ETHERNET); // 1: host .1's sender, part 1
            router.accept(udp("10.0.0.1", 5000, 7, false, 8), ETHERNET); // 2: an orphan
            for (int i = 0; i < SplitRouter.MAX_HELD_PACKETS + 10; i++)
                router.accept(udp("10.0.0.2", 6000, 0, false, 0), ETHERNET);
            router.finish();
        }
        assertEquals(1, router.orphanFragments());
        List<List<Long>> parts = parts(2);
        assertEquals(List.of(1L, 2L), parts.get(0), "the orphan in its host's part, in its place");
        assertEquals(SplitRouter.MAX_HELD_PACKETS + 10, parts.get(1).size());
    }

    @Test
    void byHostAConnectionGoesWithTheHostThatOpenedIt() throws IOException {
        try (PartFiles files = new PartFiles(dir, 2, null)) {
            SplitRouter router = new SplitRouter(SplitMode.host, files);
            router.accept(udp("10.0.0.1", 5000, 0, false, 0), ETHERNET); // 1: host .1, part 1
            router.accept(udp("10.0.0.2", 5000, 0, false, 0), ETHERNET); // 2: host .2, part 2
            router.accept(tcp("10.0.0.2", 40000, "10.0.0.1", 7800, 0x02), ETHERNET); // 3: .2 opens
            router.accept(tcp("10.0.0.1", 7800, "10.0.0.2", 40000, 0x12), ETHERNET); // 4: with .2
            for (int i = 0; i < 4; i++) router.accept(udp("10.0.0.1", 5001, 0, false, 0), ETHERNET); // 5-8
            // part 1 is the heavier now: a new host would go to part 2, the connection goes with its lower end
            router.accept(tcp("10.0.0.3", 7800, "10.0.0.1", 50000, 0x10), ETHERNET); // 9: no handshake: .1
            router.accept(tcp("10.0.0.1", 50000, "10.0.0.3", 7800, 0x10), ETHERNET); // 10
            router.finish();
        }
        assertEquals(List.of(List.of(1L, 5L, 6L, 7L, 8L, 9L, 10L), List.of(2L, 3L, 4L)), parts(2));
    }
}
