package org.jgwire.tests.fuzz;

import static org.jgwire.tests.fuzz.Invariants.LIMITS;
import static org.jgwire.tests.fuzz.Invariants.seed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.HeldBytes;
import org.jgwire.codec.framing.FrameSink;
import org.jgwire.codec.framing.StreamFramer;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.network.TcpSegment;
import org.jgwire.codec.network.tcp.TcpReassembler;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;

/**
 * TCP reassembly and stream framing on any segments: every byte given to a framer is framed or skipped and nothing
 * stays held at the end; what is held on the way stays within the limits; every problem reads as text about the
 * bytes. Runs over its inputs in {@code mvn test}; fuzzes with {@code JAZZER_FUZZ=1} ({@code tests/fuzz.sh}).
 */
class StreamsFuzzTest {
    private static final Endpoint A = new Endpoint("127.0.0.1", 7800), B = new Endpoint("127.0.0.1", 45678);
    private static final Endpoint C = new Endpoint("127.0.0.1", 12001);

    /** Checks what a framer or reassembler hands on. */
    private static final class CheckingSink implements FrameSink {
        long frames, problems;

        @Override
        public void frame(FrameInfo info, FrameKind kind, int handshakeVersion, byte[] buf, int off, int len) {
            assertTrue(len >= 0 && len <= LIMITS.maxFrameLength(), "a frame of " + len + " bytes");
            assertTrue(off >= 0 && off + len <= buf.length, "a frame outside its buffer");
            frames++;
        }

        @Override
        public void signal(FrameInfo info, String signal) {
            frames++;
        }

        @Override
        public void problem(ErrorRecord problem) {
            Invariants.plain(problem.message());
            problems++;
        }

        @Override
        public void ended(StreamEndRecord end) {
            assertTrue(end.frame().transport() == Transport.TCP, "a stream end off TCP");
        }
    }

    /** The input as a stream's data calls and gaps: {@code op(u8) n(u16)}, then {@code n} bytes unless op is 0. */
    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void streamFramer(byte[] input) {
        Ops in = new Ops(input);
        CheckingSink sink = new CheckingSink();
        StreamFramer f = new StreamFramer(B, A, LIMITS, sink);
        long packet = 0;
        while (in.more()) {
            int op = in.u8(), n = in.u16();
            if (op == 0) f.gap(n + 1, ++packet, -1);
            else {
                byte[] data = in.bytes(n);
                f.data(data, 0, data.length, ++packet, -1);
            }
            assertTrue(f.bytesBuffered() <= 2L * LIMITS.maxFrameLength() + (1 << 16), "held: " + f.bytesBuffered());
            assertEquals(f.bytesSeen(), f.bytesFramed() + f.bytesSkipped() + f.bytesBuffered(), "bytes accounted");
        }
        f.end(++packet, -1);
        assertEquals(0, f.bytesBuffered(), "bytes left held");
        assertEquals(f.bytesSeen(), f.bytesFramed() + f.bytesSkipped(), "bytes framed + skipped");
    }

    /**
     * The input as segments between three endpoints: {@code direction(u8) how(u8)}, where {@code how} says whether
     * the sequence number is the stream's next (0), an offset from it ({@code i16}) or any ({@code u32}), then
     * {@code flags(u8) ack(u32, 0 = none) dt_ms(u8) n(u16)} and {@code n} bytes of payload.
     */
    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void tcpReassembly(byte[] input) {
        Ops in = new Ops(input);
        CheckingSink sink = new CheckingSink();
        HeldBytes held = new HeldBytes(LIMITS.maxHeldBytes());
        TcpReassembler tcp = new TcpReassembler(LIMITS, sink, held);
        Endpoint[][] pairs = {{A, B}, {B, A}, {C, A}, {A, C}};
        long[] next = new long[pairs.length];
        long packet = 0, ts = 0;
        while (in.more()) {
            int dir = in.u8() % pairs.length, how = in.u8() % 3;
            long seq = how == 0 ? next[dir] : how == 1 ? next[dir] + (short) in.u16() : in.u32();
            seq &= 0xFFFFFFFFL;
            int flags = in.u8() & 0x1F;
            long ack = in.u32();
            ts += in.u8() * 1_000_000L;
            byte[] payload = in.bytes(in.u16());
            tcp.segment(
                    new TcpSegment(
                            pairs[dir][0], pairs[dir][1], seq, flags, payload, 0, payload.length, ack == 0 ? -1 : ack),
                    ++packet,
                    ts);
            next[dir] = seq + payload.length & 0xFFFFFFFFL;
            if (held.total() > LIMITS.maxHeldBytes()) held.enforce(packet, ts);
            assertTrue(held.total() <= LIMITS.maxHeldBytes() + (1 << 16), "bytes held: " + held.total());
        }
        tcp.finish(packet + 1, ts);
        assertEquals(0, tcp.bufferedBytes(), "bytes left held");
    }

    /** The seeds: one direction of each sample's first TCP connection as the framer's data calls; all its segments. */
    @Test
    void sampleStreamsMeetTheInvariants() throws IOException {
        int runs = 0;
        for (Path sample : Decoding.representativeSamples()) {
            List<PcapFile.Packet> tcp = new ArrayList<>();
            for (PcapFile.Packet p : PcapFile.read(sample).packets) if (p.protocol() == 6) tcp.add(p);
            if (tcp.isEmpty()) continue;
            Ops.Writer framer = new Ops.Writer(), segments = new Ops.Writer();
            int port = tcp.get(0).srcPort();
            for (PcapFile.Packet p : tcp) {
                byte[] payload = PcapFile.payload(p);
                if (p.srcPort() == port && payload.length > 0)
                    framer.u8(1).u16(payload.length).bytes(payload);
                ByteBuffer h = ByteBuffer.wrap(p.data(), 14 + (p.data()[14] & 0xF) * 4, 20)
                        .slice(); // the TCP header
                segments.u8(p.srcPort() == port ? 0 : 1).u8(2).u32(h.getInt(4) & 0xFFFFFFFFL); // as captured
                segments.u8(h.get(13) & 0x1F)
                        .u32(h.getInt(8) & 0xFFFFFFFFL)
                        .u8(1)
                        .u16(payload.length);
                segments.bytes(payload);
            }
            streamFramer(seed(getClass(), "streamFramer", framer.toByteArray()));
            tcpReassembly(seed(getClass(), "tcpReassembly", segments.toByteArray()));
            runs += 2;
        }
        assertTrue(runs >= 2, "runs: " + runs);
    }
}
