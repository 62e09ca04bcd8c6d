package org.jgwire.tests.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jgwire.cli.samples.SampleLibrary;
import org.jgwire.codec.cluster.LoopbackCapture;
import org.jgwire.codec.cluster.LoopbackStack;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.tests.decode.PcapFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real jgroups-raft cluster (three members of {@code core-codec/cluster/nodes/raft} on the {@code raft.xml} that the
 * jgroups-raft jar ships, with only what every sample changes: 127.0.0.1, diagnostics off, ports and a multicast
 * group of the run's own) captured live on lo as the runner captures its clusters: a leader is elected, commands are
 * replicated through it (some submitted on followers, which REDIRECT carries to the leader), the leader is stopped,
 * the two others elect a new leader with a higher term and replicate more commands. The members' own word (leaders
 * and terms, commands applied) is the expectation; the capture, read with the tests' own pcap reader (jgwire's
 * decoder does not read jgroups-raft's headers yet), must hold each command in the leader's traffic of its term.
 *
 * <p>With {@code -Djgwire.regenerate=true} the capture and its manifest become the sample
 * {@code samples/5.5.7/raft-election.pcapng} (and {@code .json}).
 */
class RaftClusterCaptureTest {
    static final String SAMPLE = "5.5.7/raft-election";
    private static final List<String> NAMES = List.of("A", "B", "C");
    /** A port band of this test's own: below the runner's (20000 on) and above Infinispan's test (10000-15000). */
    private static final int LOW = 15_000, HIGH = 19_700;

    private static final SecureRandom RANDOM = new SecureRandom();

    @TempDir
    Path work;

    @Test
    void electsReplicatesThroughTheLeaderAndElectsAgainWhenTheLeaderStops() throws Exception {
        int base = freeBase();
        int mcastPort = base + NAMES.size();
        String group = "239." + (1 + RANDOM.nextInt(254)) + "." + RANDOM.nextInt(256) + "." + (1 + RANDOM.nextInt(254));
        String cluster = "jgwire-raft-" + Long.toHexString(RANDOM.nextLong() >>> 16);
        LoopbackStack stack = LoopbackStack.shipped(
                RaftMember.raftJar(), "raft.xml", JGroupsVersion.parse("5.5.7"), group, mcastPort);
        String filter = "portrange " + base + "-" + mcastPort + " or portrange "
                + (base + LoopbackStack.SIDE_PORT_OFFSET) + "-" + (base + LoopbackStack.SIDE_PORT_OFFSET + 2)
                + " or portrange " + (base + LoopbackStack.CLIENT_PORT_OFFSET) + "-"
                + (base + LoopbackStack.CLIENT_PORT_OFFSET + 2);
        Path pcap = work.resolve("raft-election.pcapng");

        Map<String, RaftMember> members = new LinkedHashMap<>();
        Map<String, String[]> ready = new LinkedHashMap<>(); // name -> uuid, version
        List<Command> commands = new ArrayList<>();
        long started = System.nanoTime();
        Instant startedAt = Instant.now();
        long joined, leaderStopped, scenarioDone;
        Leader first, second;
        long[] counts;
        LoopbackCapture capture = LoopbackCapture.toFile(pcap, filter);
        try {
            for (int i = 0; i < NAMES.size(); i++) {
                Path xml = work.resolve(NAMES.get(i) + ".xml");
                Files.writeString(xml, stack.member(base + i));
                members.put(NAMES.get(i), RaftMember.start(NAMES.get(i), cluster, xml, String.join(",", NAMES), work));
            }
            for (RaftMember m : members.values()) {
                String[] r = m.answer("ready").split(" ");
                assertEquals(m.name, r[1]);
                ready.put(m.name, new String[] {r[0], r[2]});
            }
            joined = millisSince(started);
            first = awaitLeader(members.values(), null);
            // through the leader, then through each follower (REDIRECT), alternating
            for (int i = 1; i <= 6; i++) {
                String on = i <= 2 ? first.name : followers(members, first.name).get(i % 2);
                commands.add(put(members.get(on), "k" + i, "v" + i, first));
            }
            RaftMember old = members.remove(first.name);
            old.stop();
            leaderStopped = millisSince(started);
            second = awaitLeader(members.values(), first);
            for (int i = 7; i <= 9; i++) {
                String on = i == 7 ? followers(members, second.name).get(0) : second.name;
                commands.add(put(members.get(on), "k" + i, "v" + i, second));
            }
            String all = String.join(
                    ",", commands.stream().map(c -> c.key + "=" + c.value).toList());
            for (RaftMember m : members.values()) assertState(m, all);
            scenarioDone = millisSince(started);
            for (String name : followers(members, second.name))
                members.get(name).stop();
            members.get(second.name).stop();
            members.put(old.name, old);
            Thread.sleep(1000); // past libpcap's read timeout: the kernel hands the last packets over
        } finally {
            members.values().forEach(RaftMember::close);
            counts = capture.stop();
        }

        assertTrue(second.term > first.term, "a higher term after the leader stopped: " + first + " then " + second);
        for (RaftMember m : members.values()) {
            List<String> applied = m.events("applied ");
            int expected = m.name.equals(first.name) ? 6 : 9; // the old leader left after the sixth
            assertEquals(
                    commands.subList(0, expected).stream().map(Command::text).toList(),
                    applied,
                    m.name + " applied, in order");
        }
        assertCaptureHoldsTheCluster(pcap, base, commands);

        Manifest manifest = manifest(
                cluster,
                ready,
                base,
                mcastPort,
                filter,
                counts,
                first,
                startedAt,
                joined,
                leaderStopped,
                scenarioDone,
                members);
        Path json = work.resolve("raft-election.json");
        manifest.write(json);
        Path facts = work.resolve("raft-election.raft");
        writeRaftFacts(facts, first, second, commands);
        if (Boolean.getBoolean("jgwire.regenerate")) {
            // the sample library keeps it when it regenerates its own
            assertTrue(SampleLibrary.MADE_BY_TESTS.contains(SAMPLE), "SampleLibrary.MADE_BY_TESTS names " + SAMPLE);
            Path samples = Decoding.samples();
            Files.copy(pcap, samples.resolve(SAMPLE + ".pcapng"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(json, samples.resolve(SAMPLE + ".json"), StandardCopyOption.REPLACE_EXISTING);
            Files.copy(facts, samples.resolve(SAMPLE + ".raft"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** A leader and its term, as every member still running printed it. */
    record Leader(String name, long term) {}

    /** A command as submitted: on which member, and the leader of the term it was committed in. */
    record Command(String submittedOn, String leader, String key, String value) {
        String text() {
            return "put " + key + "=" + value;
        }
    }

    private static Command put(RaftMember on, String key, String value, Leader leader) throws Exception {
        on.command("put " + key + " " + value);
        assertEquals(key + "=" + value, on.answer("put"), "committed through " + on.name);
        return new Command(on.name, leader.name, key, value);
    }

    /**
     * Waits until the member's state machine holds {@code expected}: a follower applies an entry once the leader's
     * next AppendEntries (or heartbeat) tells it the entry is committed.
     */
    private static void assertState(RaftMember m, String expected) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String state;
        do {
            m.command("state");
            state = m.answer("state");
            if (state.equals(expected)) return;
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        assertEquals(expected, state, m.name + "'s state machine");
    }

    private static List<String> followers(Map<String, RaftMember> members, String leader) {
        return members.keySet().stream().filter(n -> !n.equals(leader)).toList();
    }

    /** Waits until every member's last {@code leader} event names the same leader, in a term after {@code before}. */
    private static Leader awaitLeader(Iterable<RaftMember> members, Leader before) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RaftMember.PATIENCE_SECONDS);
        while (System.nanoTime() < deadline) {
            Leader agreed = null;
            boolean all = true;
            for (RaftMember m : members) {
                List<String> seen = m.events("leader ");
                if (seen.isEmpty()) {
                    all = false;
                    break;
                }
                String[] w = seen.get(seen.size() - 1).split(" "); // NAME term N
                Leader l = new Leader(w[0], Long.parseLong(w[2]));
                if (agreed != null && !agreed.equals(l)) all = false;
                agreed = l;
            }
            if (all && agreed != null && (before == null || agreed.term > before.term)) {
                if (before != null) assertNotEquals(before.name, agreed.name, "the stopped leader is not elected");
                return agreed;
            }
            Thread.sleep(50);
        }
        StringBuilder b = new StringBuilder("no leader all members agree on after " + before + ":");
        for (RaftMember m : members) b.append('\n').append(m.name).append(": ").append(m.transcript);
        throw new AssertionError(b.toString());
    }

    /**
     * The capture holds UDP traffic of each member and FD_SOCK's TCP connections, and each command in a datagram
     * from the leader of its term (AppendEntries); a command submitted on a follower also in a datagram from that
     * follower to the leader (REDIRECT).
     */
    private static void assertCaptureHoldsTheCluster(Path pcap, int base, List<Command> commands) throws IOException {
        PcapFile file = PcapFile.read(pcap);
        for (int i = 0; i < NAMES.size(); i++) {
            int port = base + i;
            assertTrue(
                    file.packets.stream().anyMatch(p -> p.protocol() == 17 && p.srcPort() == port),
                    NAMES.get(i) + " sent datagrams from " + port);
            int side = base + LoopbackStack.SIDE_PORT_OFFSET + i;
            assertTrue(
                    file.packets.stream()
                            .anyMatch(p -> p.protocol() == 6 && (p.srcPort() == side || p.dstPort() == side)),
                    "FD_SOCK's connection to " + NAMES.get(i) + " on " + side);
        }
        for (Command c : commands) {
            byte[] text = c.text().getBytes(StandardCharsets.UTF_8);
            int leaderPort = base + NAMES.indexOf(c.leader);
            assertTrue(
                    file.packets.stream()
                            .anyMatch(p -> p.protocol() == 17
                                    && p.srcPort() == leaderPort
                                    && PcapFile.indexOf(PcapFile.payload(p), text) >= 0),
                    "'" + c.text() + "' sent by the leader " + c.leader);
            if (c.submittedOn.equals(c.leader)) continue;
            int followerPort = base + NAMES.indexOf(c.submittedOn);
            assertTrue(
                    file.packets.stream()
                            .anyMatch(p -> p.protocol() == 17
                                    && p.srcPort() == followerPort
                                    && p.dstPort() == leaderPort
                                    && PcapFile.indexOf(PcapFile.payload(p), text) >= 0),
                    "'" + c.text() + "' redirected from " + c.submittedOn + " to " + c.leader);
        }
    }

    private static Manifest manifest(
            String cluster,
            Map<String, String[]> ready,
            int base,
            int mcastPort,
            String filter,
            long[] counts,
            Leader first,
            Instant startedAt,
            long joined,
            long leaderStopped,
            long scenarioDone,
            Map<String, RaftMember> members)
            throws IOException {
        List<Manifest.Member> ms = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        List<Manifest.InstalledView> views = new ArrayList<>();
        for (int i = 0; i < NAMES.size(); i++) {
            String name = NAMES.get(i);
            ms.add(new Manifest.Member(name, ready.get(name)[0], "127.0.0.1:" + (base + i)));
            ports.add(base + i);
            for (String v : members.get(name).events("view ")) { // CREATOR|ID M1,M2
                String[] w = v.split(" ");
                String[] id = w[0].split("\\|");
                views.add(new Manifest.InstalledView(name, id[0], Long.parseLong(id[1]), List.of(w[1].split(","))));
            }
        }
        ports.add(mcastPort);
        long total = counts[0] < 0 ? -1 : scenarioDone;
        return new Manifest(
                ready.get(NAMES.get(0))[1],
                "jgroups-raft:raft.xml",
                "election",
                cluster,
                "raft-election.pcapng",
                filter,
                ports,
                counts[0],
                counts[1],
                ms,
                List.of(),
                List.of(),
                views,
                new Manifest.Timings(startedAt.toString(), joined, scenarioDone - joined, -1, total),
                List.of(),
                List.of(),
                LoopbackStack.shipped(RaftMember.raftJar(), "raft.xml", JGroupsVersion.parse("5.5.7"), "239.0.0.1", 1)
                        .protocols(),
                List.of(new Manifest.Step(leaderStopped, "leave", List.of(first.name), List.of())),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of());
    }

    /**
     * What RAFT did, in a file of its own beside the manifest (whose schema is the sample library's): the leaders with
     * their terms, and every command.
     */
    private static void writeRaftFacts(Path file, Leader first, Leader second, List<Command> commands)
            throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode raft = mapper.createObjectNode();
        ArrayNode leaders = raft.putArray("leaders");
        for (Leader l : List.of(first, second))
            leaders.addObject().put("leader", l.name).put("term", l.term);
        ArrayNode cs = raft.putArray("commands");
        for (Command c : commands)
            cs.addObject()
                    .put("submittedOn", c.submittedOn)
                    .put("leader", c.leader)
                    .put("text", c.text());
        mapper.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), raft);
    }

    private static long millisSince(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - nanos);
    }

    /**
     * A base port whose members' ports, the multicast port after them, and FD_SOCK's and CLIENT's ports above them
     * are all free on 127.0.0.1.
     */
    private static int freeBase() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = LOW + RANDOM.nextInt(HIGH - LOW);
            if (free(base, base + NAMES.size())
                    && free(base + LoopbackStack.SIDE_PORT_OFFSET, base + LoopbackStack.SIDE_PORT_OFFSET + 2)
                    && free(base + LoopbackStack.CLIENT_PORT_OFFSET, base + LoopbackStack.CLIENT_PORT_OFFSET + 2))
                return base;
        }
        throw new IOException("no free ports in " + LOW + "-" + HIGH + " on 127.0.0.1");
    }

    private static boolean free(int from, int to) {
        InetAddress lo = InetAddress.getLoopbackAddress();
        for (int p = from; p <= to; p++) {
            try (ServerSocket tcp = new ServerSocket();
                    DatagramSocket udp = new DatagramSocket(new InetSocketAddress(lo, p))) {
                tcp.bind(new InetSocketAddress(lo, p));
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
