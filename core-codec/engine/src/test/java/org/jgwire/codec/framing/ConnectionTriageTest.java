package org.jgwire.codec.framing;

import static org.jgwire.codec.framing.WireFixtures.*;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgroups.stack.IpAddress;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.StreamEndRecord.How;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** A connection is JGroups once either direction shows it; one that never does is other traffic, not damage. */
class ConnectionTriageTest {
    private static final byte[] REQUEST =
            "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RESPONSE =
            ("HTTP/1.1 200 OK\r\nContent-Length: 600\r\n\r\n" + "x".repeat(600)).getBytes(StandardCharsets.US_ASCII);

    private final Sink sink = new Sink();
    private final ConnectionTriage triage = new ConnectionTriage(sink);
    private final StreamFramer out = framer(CLIENT, SERVER), back = framer(SERVER, CLIENT);

    private StreamFramer framer(org.jgwire.codec.model.Endpoint src, org.jgwire.codec.model.Endpoint dst) {
        StreamFramer f = new StreamFramer(src, dst, Limits.DEFAULTS, triage);
        triage.add(f);
        return f;
    }

    {
        out.peer(back);
    }

    @Test
    void httpExchangeIsOtherTrafficWithoutProblemsOrEnds() {
        out.data(REQUEST, 0, REQUEST.length, 4, 40);
        back.data(RESPONSE, 0, 300, 6, 60);
        back.data(RESPONSE, 300, RESPONSE.length - 300, 7, 70);
        end(out, 9);
        end(back, 10);

        assertTrue(sink.problems.isEmpty(), () -> sink.problems.toString());
        assertTrue(sink.ends.isEmpty());
        assertEquals(
                List.of(new OtherFlow(
                        Transport.TCP, CLIENT, SERVER, 3, REQUEST.length + RESPONSE.length, 4, 40, 7, 70)),
                sink.others);
    }

    @Test
    void problemsHeldBeforeTheFirstFrameAreReportedInOrderOnceTheStreamShowsJGroups() throws Exception {
        byte[] s = prefixed(single(100, 1), single(50, 2));
        int skip = 30; // joined mid-way: the first frame is cut, the second is found by resynchronisation
        out.gap(skip, 1, 10);
        out.data(s, skip, s.length - skip, 2, 20);
        end(out, 3);
        end(back, 4);

        assertEquals(1, sink.frames);
        assertEquals(2, sink.problems.size(), () -> sink.problems.toString());
        assertTrue(
                sink.problems.get(0).message().contains("missing"),
                sink.problems.get(0).message());
        assertEquals(2, sink.ends.size());
        assertTrue(sink.others.isEmpty());
    }

    @Test
    void aJGroupsConnectionThatBreaksStillReportsItsDamage() throws Exception {
        byte[] frames = prefixed(single(80, 1));
        out.data(frames, 0, frames.length, 1, 10);
        out.data(REQUEST, 0, REQUEST.length, 2, 20); // garbage after a good frame
        end(out, 3);
        back.data(RESPONSE, 0, RESPONSE.length, 4, 40); // the peer direction never shows a frame itself
        end(back, 5);

        assertEquals(1, sink.frames);
        assertFalse(sink.problems.isEmpty());
        assertTrue(sink.problems.stream().anyMatch(p -> p.frame().src().equals(SERVER)), "the peer's damage too");
        assertEquals(2, sink.ends.size());
        assertTrue(sink.others.isEmpty());
    }

    @Test
    void heldProblemsAreBoundedAndTheRestCountedOnceTheConnectionShowsJGroups() throws Exception {
        int gaps = ConnectionTriage.MAX_HELD + 10;
        for (int i = 0; i < gaps; i++) {
            out.data(REQUEST, 0, REQUEST.length, 2L * i + 1, 10);
            out.gap(100, 2L * i + 2, 20);
        }
        byte[] frames = prefixed(single(80, 1), single(40, 2));
        out.data(frames, 0, frames.length, 1000, 30);

        // one problem per gap: the first held, the rest as one count; the frames start right after the last gap
        assertEquals(ConnectionTriage.MAX_HELD + 1, sink.problems.size());
        String count = sink.problems.get(ConnectionTriage.MAX_HELD).message();
        assertTrue(count.startsWith("10 more problems before the connection showed JGroups"), count);
        assertTrue(sink.frames > 0);
    }

    @Test
    void aHandshakeAloneMakesAConnectionJGroups() throws Exception {
        byte[] hs = handshake(new IpAddress("127.0.0.1", 7800));
        out.data(hs, 0, hs.length, 1, 10);
        end(out, 2);
        end(back, 3);

        assertTrue(sink.problems.isEmpty());
        assertEquals(2, sink.ends.size());
        assertTrue(sink.others.isEmpty());
    }

    @Test
    void aConnectionWithoutABytePassesItsEndsAsBefore() {
        end(out, 2);
        end(back, 3);
        assertEquals(2, sink.ends.size());
        assertTrue(sink.others.isEmpty());
    }

    private void end(StreamFramer f, long packet) {
        f.end(packet, packet * 10, "FIN in packet " + packet, true);
        triage.ended(new StreamEndRecord(new FrameInfo(packet, packet * 10, f.src(), f.dst(), Transport.TCP), How.FIN));
    }

    private static final class Sink implements FrameSink {
        int frames;
        final List<org.jgwire.codec.model.ErrorRecord> problems = new ArrayList<>();
        final List<StreamEndRecord> ends = new ArrayList<>();
        final List<OtherFlow> others = new ArrayList<>();

        @Override
        public void frame(FrameInfo info, org.jgwire.codec.model.FrameKind kind, int hv, byte[] buf, int off, int len) {
            frames++;
        }

        @Override
        public void signal(FrameInfo info, String signal) {}

        @Override
        public void problem(org.jgwire.codec.model.ErrorRecord problem) {
            problems.add(problem);
        }

        @Override
        public void ended(StreamEndRecord end) {
            ends.add(end);
        }

        @Override
        public void other(OtherFlow flow) {
            others.add(flow);
        }
    }
}
