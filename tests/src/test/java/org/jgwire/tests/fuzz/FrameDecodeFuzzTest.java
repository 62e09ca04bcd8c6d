package org.jgwire.tests.fuzz;

import static org.jgwire.tests.fuzz.Invariants.LIMITS;
import static org.jgwire.tests.fuzz.Invariants.channel;
import static org.jgwire.tests.fuzz.Invariants.seed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.capture.CaptureFormatException;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.Captured;
import org.jgwire.codec.capture.PayloadChunk;
import org.jgwire.codec.capture.PcapReader;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;

/**
 * The real JGroups code on any bytes, through the bundled distribution and the {@link Decoder}: a frame as a
 * datagram (decoded by the adapter its version short selects) and as a TCP stream's bytes, and a whole capture.
 * Whatever the bytes, records come back and errors among them read as text about the bytes. Runs over its inputs in
 * {@code mvn test}; fuzzes with {@code JAZZER_FUZZ=1} ({@code tests/fuzz.sh}).
 */
class FrameDecodeFuzzTest {
    /** One decoder for all inputs: its jars stay loaded; what it keeps between inputs is bounded by the limits. */
    private static Decoder decoder;

    private static long errorsSoFar;

    private static synchronized Decoder decoder() {
        if (decoder == null) decoder = new Decoder(new DecodeOptions(LIMITS, Decoding.home(), null, null, Set.of()));
        return decoder;
    }

    /** Hands out the given units, then ends. */
    private record Units(Iterator<Captured> units) implements CaptureSource {
        @Override
        public Captured next() {
            return units.hasNext() ? units.next() : null;
        }

        @Override
        public void close() {}
    }

    /** Decodes the source; every record checked, errors counted as the summary counts them. */
    private static synchronized void decode(CaptureSource source) throws IOException {
        long[] errors = {0};
        DecodeSummary s;
        try {
            s = decoder().decode(source, r -> {
                Invariants.plain(r);
                if (r instanceof ErrorRecord) errors[0]++;
            });
        } catch (IOException | RuntimeException | AssertionError e) {
            decoder.close(); // a failed input leaves the next one a fresh decoder
            decoder = null;
            errorsSoFar = 0;
            throw e;
        }
        assertEquals(errors[0], s.errors() - errorsSoFar, "errors counted");
        errorsSoFar = s.errors();
    }

    /** A frame as a datagram (the adapter its version short picks), and as a TCP stream's bytes (the framing first). */
    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void frame(byte[] frame) throws IOException {
        decode(new Units(List.<Captured>of(new PayloadChunk(1, 0, -1, frame)).iterator()));
        decode(new Units(List.<Captured>of(new PayloadChunk(2, 0, 0, frame)).iterator()));
    }

    /** A whole capture, pcapng or classic pcap by its magic, through the pipeline with small limits. */
    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void capture(byte[] data) throws IOException {
        CaptureSource source;
        try {
            source = PcapngReader.isPcapngMagic(data, 0)
                    ? new PcapngReader(channel(data), LIMITS)
                    : new PcapReader(channel(data), LIMITS);
        } catch (CaptureFormatException e) {
            Invariants.plain(e.getMessage());
            return;
        }
        try (source) {
            decode(source);
        }
    }

    /** The seeds: every datagram and TCP segment payload of the samples, and the samples whole and cut. */
    @Test
    void samplesMeetTheInvariants() throws IOException {
        int frames = 0;
        for (Path sample : Decoding.representativeSamples()) {
            for (PcapFile.Packet p : PcapFile.read(sample).packets)
                if (p.l4Payload() >= 0 && p.payloadLength() > 0) {
                    byte[] payload = PcapFile.payload(p);
                    frame(seed(getClass(), "frame", payload));
                    if (p.protocol() == 6 && payload.length > 4)
                        frame(seed(getClass(), "frame", Arrays.copyOfRange(payload, 4, payload.length)));
                    frames++;
                }
            byte[] pcapng = Files.readAllBytes(sample);
            capture(seed(getClass(), "capture", pcapng));
            capture(Arrays.copyOf(pcapng, pcapng.length / 2));
            capture(seed(getClass(), "capture", Files.readAllBytes(Decoding.classicPcap(sample))));
        }
        assertTrue(frames > 100, "frames: " + frames);
    }
}
