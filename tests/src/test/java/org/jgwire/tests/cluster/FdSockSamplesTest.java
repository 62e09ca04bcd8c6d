package org.jgwire.tests.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.StreamEndRecord;
import org.jgwire.codec.model.Transport;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * FD_SOCK's termination signals in real captures (samples/stack, see its README): the runner pins each member's
 * FD_SOCK server socket at its port + 100 and captures it. A member that leaves writes NORMAL_TERMINATION to the
 * member pinging it; a crashed one writes nothing, and its server socket closing first is the decoder's
 * ABNORMAL_TERMINATION (learnt from the I_HAVE_SOCK headers; the port + 100 here is the test's own ground). Each
 * decodes without an error record and agrees with its manifest.
 */
class FdSockSamplesTest {
    /** The records of a sample, after the no-error and manifest checks. */
    private static List<Record> records(String name, Manifest[] manifest) throws Exception {
        Path json = Decoding.samples().resolve("stack").resolve(name + ".json");
        Manifest m = Manifest.read(json);
        manifest[0] = m;
        return ManifestCheck.decodeAndVerify(m, json.resolveSibling(m.capture()))
                .decoded()
                .records();
    }

    /** The signals among records: NORMAL_TERMINATION and ABNORMAL_TERMINATION. */
    private static List<MessageRecord> signals(List<Record> records) {
        return records.stream()
                .filter(r -> r instanceof MessageRecord msg && msg.frame().transport() == Transport.FD_SOCK)
                .map(r -> (MessageRecord) r)
                .toList();
    }

    /** The NORMAL_TERMINATION signals of a sample, after the no-error and manifest checks. */
    private static List<MessageRecord> signals(String name, Manifest[] manifest) throws Exception {
        return signals(records(name, manifest)).stream()
                .filter(s -> !s.isAbnormalTermination())
                .toList();
    }

    /** Each member's FD_SOCK server socket (pinned at its port + 100 by the runner); a reused port keeps its first. */
    private static Map<Integer, String> serverSockets(Manifest m) {
        Map<Integer, String> out = new HashMap<>();
        for (Manifest.Member mb : m.members()) {
            String p = mb.physical();
            out.putIfAbsent(Integer.parseInt(p.substring(p.lastIndexOf(':') + 1)) + 100, mb.name());
        }
        return out;
    }

    private static boolean sentFrom(MessageRecord s, int port) {
        Endpoint src = s.frame().src();
        return src != null && src.port() == port;
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.6.20", "5.0.4"})
    void aLeavingMemberSignalsNormalTerminationFromItsServerSocket(String version) throws Exception {
        Manifest[] m = new Manifest[1];
        List<MessageRecord> signals = signals(version + "/fdsock-leave-join", m);
        Map<Integer, String> servers = serverSockets(m[0]);
        Manifest.Step leave = m[0].steps().stream()
                .filter(s -> s.action().equals("leave"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("C"), leave.members());
        int cServer = servers.entrySet().stream()
                .filter(e -> e.getValue().equals("C"))
                .findFirst()
                .orElseThrow()
                .getKey();
        assertTrue(signals.stream().anyMatch(s -> sentFrom(s, cServer)), "C's server socket signals: " + signals);
        for (MessageRecord s : signals) {
            assertEquals("NORMAL_TERMINATION", s.type());
            assertTrue(
                    servers.containsKey(s.frame().src().port())
                            || servers.containsKey(s.frame().dst().port()),
                    "a signal on a member's FD_SOCK connection: " + s.frame());
        }
    }

    /**
     * A signal from a member's server socket names that member as its source (it leaves), one to a member's server
     * socket names it as its receiver (its pinger stops): the member pinned at that port, by the manifest's UUIDs.
     * Every sample's server sockets were announced before they signalled, so none stays unnamed.
     */
    @ParameterizedTest
    @ValueSource(strings = {"3.6.20/fdsock-leave-join", "5.0.4/fdsock-leave-join", "4.2.30/fdsock-crash"})
    void aSignalNamesTheMemberOfTheServerSocketAtEitherEnd(String sample) throws Exception {
        Manifest[] m = new Manifest[1];
        List<MessageRecord> signals = signals(sample, m);
        Map<Integer, Set<String>> owners = new HashMap<>(); // a reused port: every member pinned there
        for (Manifest.Member mb : m[0].members()) {
            String p = mb.physical();
            owners.computeIfAbsent(Integer.parseInt(p.substring(p.lastIndexOf(':') + 1)) + 100, k -> new HashSet<>())
                    .add(mb.uuid().toLowerCase());
        }
        int fromServer = 0, toServer = 0;
        for (MessageRecord s : signals) {
            Set<String> src = owners.get(s.frame().src().port()),
                    dst = owners.get(s.frame().dst().port());
            assertTrue(src != null || dst != null, "a signal on no member's FD_SOCK connection: " + s.frame());
            if (src != null) {
                fromServer++;
                assertTrue(s.src() != null && src.contains(s.src().id().toLowerCase()), s.frame() + ": " + s.src());
            } else assertEquals(null, s.src(), s.frame() + ": a pinger's socket names no one");
            if (dst != null) {
                toServer++;
                assertTrue(s.dest() != null && dst.contains(s.dest().id().toLowerCase()), s.frame() + ": " + s.dest());
            } else assertEquals(null, s.dest(), s.frame() + ": a pinger's socket names no one");
        }
        assertTrue(fromServer > 0 && toServer > 0, "signals both ways: " + signals);
    }

    @Test
    void aCrashedMemberSendsNoSignal() throws Exception {
        Manifest[] m = new Manifest[1];
        List<MessageRecord> signals = signals("4.2.30/fdsock-crash", m);
        Manifest.Step crash = m[0].steps().stream()
                .filter(s -> s.action().equals("crash"))
                .findFirst()
                .orElseThrow();
        Map<Integer, String> servers = serverSockets(m[0]);
        assertFalse(signals.isEmpty(), "the members that leave at the end signal");
        for (MessageRecord s : signals) {
            String sender = servers.get(s.frame().src().port());
            assertFalse(
                    sender != null && crash.members().contains(sender),
                    "a signal from the crashed member: " + s.frame());
        }
    }

    private static int serverPort(Map<Integer, String> servers, String member) {
        return servers.entrySet().stream()
                .filter(e -> e.getValue().equals(member))
                .findFirst()
                .orElseThrow()
                .getKey();
    }

    /**
     * The crashed member's server socket closes first without NORMAL_TERMINATION: each connection from it that its side
     * closed is an ABNORMAL_TERMINATION naming it, just before that direction's end; FD_SOCK's own SUSPECT of it
     * follows (the pinger read the end of the stream). The members that leave at the end give none.
     */
    @Test
    void theCrashedMembersServerSocketClosesWithoutASignalAndTheOthersDoNot() throws Exception {
        Manifest[] m = new Manifest[1];
        List<Record> records = records("4.2.30/fdsock-crash", m);
        Manifest.Step crash = m[0].steps().stream()
                .filter(s -> s.action().equals("crash"))
                .findFirst()
                .orElseThrow();
        assertEquals(1, crash.members().size());
        Manifest.Member victim = m[0].member(crash.members().get(0));
        int victimServer = serverPort(serverSockets(m[0]), victim.name());
        List<MessageRecord> abnormal = signals(records).stream()
                .filter(MessageRecord::isAbnormalTermination)
                .toList();
        assertFalse(abnormal.isEmpty(), "the crashed member's pinger's connection");
        for (MessageRecord a : abnormal) {
            assertEquals(victimServer, a.frame().src().port(), "from the crashed member's server socket: " + a);
            assertEquals(victim.uuid(), a.src().id(), "names the crashed member");
            assertEquals("ABNORMAL_TERMINATION", a.type());
            Record next = records.get(records.indexOf(a) + 1);
            assertTrue(
                    next instanceof StreamEndRecord end
                            && end.frame().packet() == a.frame().packet()
                            && end.frame().src().equals(a.frame().src())
                            && end.frame().dst().equals(a.frame().dst())
                            && (end.how() == StreamEndRecord.How.FIN || end.how() == StreamEndRecord.How.RST),
                    "just before its direction's end by FIN or RST: " + next);
            assertTrue(
                    records.subList(records.indexOf(a), records.size()).stream()
                            .anyMatch(r -> suspects(r, victim.uuid())),
                    "FD_SOCK's SUSPECT of " + victim.name() + " after " + a.frame());
        }
        for (Record r : records)
            if (r instanceof StreamEndRecord end
                    && end.frame().src().port() == victimServer
                    && end.how() != StreamEndRecord.How.CAPTURE_END)
                assertTrue(
                        records.get(records.indexOf(r) - 1) instanceof MessageRecord a && a.isAbnormalTermination(),
                        "every direction from the crashed server socket ends abnormally: " + end);
    }

    /** Whether r is an FD_SOCK SUSPECT naming {@code uuid} among its suspects. */
    private static boolean suspects(Record r, String uuid) {
        if (!(r instanceof MessageRecord msg)) return false;
        HeaderRecord h = msg.header("FD_SOCK");
        return h != null
                && "SUSPECT".equals(h.field("type"))
                && h.field("mbrs") instanceof List<?> mbrs
                && mbrs.stream().anyMatch(a -> a instanceof NodeAddress n && n.id().equals(uuid));
    }

    /**
     * Members that leave write NORMAL_TERMINATION and pingers that move on close first: no ABNORMAL_TERMINATION. In
     * 3.6.20 a server's handler twice closes before the pinger's FIN, having read the NORMAL_TERMINATION that pinger
     * wrote as it stopped: no crash either.
     */
    @ParameterizedTest
    @ValueSource(strings = {"3.6.20", "5.0.4"})
    void leavingAndJoiningGivesNoAbnormalTermination(String version) throws Exception {
        List<MessageRecord> abnormal = signals(records(version + "/fdsock-leave-join", new Manifest[1])).stream()
                .filter(MessageRecord::isAbnormalTermination)
                .toList();
        assertEquals(List.of(), abnormal);
    }

    /** A FD_SOCK2 message as a comparable line: when it was captured, on which connection, what it says. */
    private static Set<String> fdSock2Messages(Path pcap) throws Exception {
        Set<String> out = new HashSet<>();
        for (var r : Decoding.decode(pcap, InputHints.AUTO).records()) {
            assertFalse(r instanceof ErrorRecord, pcap + ": " + r);
            if (r instanceof MessageRecord m && m.frame().transport() == Transport.FD_SOCK2)
                out.add(m.frame().tsNanos() + " " + m.frame().src() + ">"
                        + m.frame().dst() + " " + m.length() + " "
                        + m.headers().stream()
                                .map(h -> h.protocol() + ":" + h.field("type"))
                                .toList());
        }
        return out;
    }

    /**
     * A capture that starts after FD_SOCK2's connections were opened (the sample cut by {@code editcap -r ... 14-200}
     * before the second CONNECT on the connection A opened to B, whose handshake it drops) picks those connections up
     * at their next frame: every FD_SOCK2 message the whole capture shows in the packets kept, no error record.
     */
    @Test
    void fdSock2ConnectionsOpenedBeforeTheCaptureArePickedUpAtTheNextFrame() throws Exception {
        Path dir = Decoding.samples().resolve("stack").resolve("5.5.7");
        Manifest m = Manifest.read(dir.resolve("fdsock2-chat.json"));
        ManifestCheck.decodeAndVerify(m, dir.resolve(m.capture()));
        Set<String> whole = fdSock2Messages(dir.resolve("fdsock2-chat.pcapng"));
        Set<String> late = fdSock2Messages(dir.resolve("fdsock2-late-chat.pcapng"));
        long cut = whole.stream()
                .mapToLong(l -> Long.parseLong(l.substring(0, l.indexOf(' '))))
                .sorted()
                .skip(2)
                .findFirst()
                .orElseThrow(); // the first two (CONNECT, CONNECT_RSP of A to B) lie before packet 14
        Set<String> kept = new HashSet<>();
        for (String l : whole) if (Long.parseLong(l.substring(0, l.indexOf(' '))) >= cut) kept.add(l);
        assertEquals(whole.size() - 2, kept.size());
        assertEquals(kept, late);
    }
}
