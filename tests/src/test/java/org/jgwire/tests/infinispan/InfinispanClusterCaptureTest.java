package org.jgwire.tests.infinispan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jgwire.tests.cli.JgwireProcess;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real embedded Infinispan cluster (three members of {@code core-codec/cluster/nodes/ispn}, on Infinispan's own
 * default stack files from its jar, unchanged: their properties bind everything to 127.0.0.1 with multicast TTL 0
 * and diagnostics off) is captured live on lo by {@code jgwire decode -i lo -w}, then the capture is decoded. The
 * members' own word (each prints its JGroups UUID and name) and the values the test put into a replicated and a
 * distributed cache are the expectations: every record from or to a member names it, a view holds all three, and
 * every value put is in a decoded payload while a value never put is in none.
 */
class InfinispanClusterCaptureTest {
    private static final List<String> NAMES = List.of("ispn-node-1", "ispn-node-2", "ispn-node-3");
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    /** Ports a member may take above the stack's bind_port (the stack files' default port_range). */
    private static final int PORT_RANGE = 10;
    /** FD_SOCK2's server socket sits this far above the member's port (the stack files' default offset). */
    private static final int FD_SOCK2_OFFSET = 50000;

    private static final SecureRandom RANDOM = new SecureRandom();

    @TempDir
    Path work;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tcp", "udp"})
    void decodeNamesTheMembersAndFindsEveryValuePut(String stack) throws Exception {
        int port = freeBasePort();
        String group = "239." + (1 + RANDOM.nextInt(254)) + "." + RANDOM.nextInt(256) + "." + (1 + RANDOM.nextInt(254));
        int mcastPort = 46000 + RANDOM.nextInt(3000);
        String cluster = "jgwire-ispn-" + token();
        List<String> jgroups = List.of(
                "-Djgroups.bind.address=127.0.0.1",
                "-Djgroups.bind_addr=127.0.0.1", // FD_SOCK2's server socket, which the stack file does not bind
                "-Djgroups.bind.port=" + port,
                "-Djgroups.mcast_addr=" + group,
                "-Djgroups.mcast_port=" + mcastPort,
                "-Djgroups.udp.ip_ttl=0", // MPING (tcp stack)
                "-Djgroups.ip_ttl=0", // UDP (udp stack)
                "-Djgroups.diag.enabled=false");
        String filter = "portrange " + port + "-" + (port + PORT_RANGE) + " or portrange " + (port + FD_SOCK2_OFFSET)
                + "-" + (port + FD_SOCK2_OFFSET + PORT_RANGE) + " or udp port " + mcastPort;
        Path pcap = work.resolve("infinispan-" + stack + ".pcapng");

        Map<String, String> uuids = new HashMap<>(); // member UUID -> name, as each member says
        Map<String, String> values = new LinkedHashMap<>(); // key -> value put
        List<InfinispanMember> members = new ArrayList<>();
        JgwireProcess capture = JgwireProcess.start(
                work, "decode", "-i", "lo", "--capture-filter", filter, "-w", pcap.toString(), "-o", "live.txt");
        try {
            try {
                awaitCaptureSocket(capture.process);
            } catch (IOException e) {
                throw new IOException(e.getMessage() + ": " + capture.stderr(), e);
            }
            String stackFile = "default-configs/default-jgroups-" + stack + ".xml";
            for (String name : NAMES)
                members.add(InfinispanMember.start(name, cluster, stackFile, NAMES.size(), jgroups, work));
            for (InfinispanMember m : members) {
                String[] ready = m.answer("ready").split(" ");
                assertEquals(m.name, ready[1]);
                uuids.put(ready[0], ready[1]);
            }
            for (int i = 0; i < 6; i++) {
                String cache = i < 3 ? "repl" : "dist";
                String key = "ispn-key-" + i + "-" + token();
                String value = "ispn-value-" + i + "-" + token();
                InfinispanMember writer = members.get(i % members.size());
                writer.command("put " + cache + " " + key + " " + value);
                assertEquals(key, writer.answer("put"));
                values.put(key, value);
                // read back on another member: the cluster did carry it
                InfinispanMember reader = members.get((i + 1) % members.size());
                reader.command("get " + cache + " " + key);
                assertEquals(key + " " + value, reader.answer("got"));
            }
            for (int i = members.size() - 1; i >= 0; i--) members.get(i).stop();
            Thread.sleep(1000); // past libpcap's read timeout: the kernel hands the last packets over
        } finally {
            members.forEach(InfinispanMember::close);
            capture.process.destroy(); // SIGTERM: the capture ends its file with whole packets
            capture.exitWithin(JgwireProcess.PATIENCE_SECONDS);
            capture.close();
        }
        assertTrue(Files.size(pcap) > 0, "capture written: " + capture.stderr());
        Decoding.Run run = Decoding.cli(work, "decode", "-f", "jsonl", pcap.toString());
        assertEquals(List.of(), run.errors(), "error records");
        List<JsonNode> messages = run.messages();
        assertMembersNamed(messages, uuids);
        assertAViewOfAllMembers(messages);
        assertValuesInPayloads(messages, values.values(), pcap);
        assertEveryMessageStatesTheMembersVersion(messages, InfinispanMember.jgroupsVersion());
    }

    /**
     * The members' JGroups (Infinispan's own, not a bundled jar) is the version of every message, FD_SOCK2's too,
     * which carry none; MPING datagrams, which carry none either, state none.
     */
    private static void assertEveryMessageStatesTheMembersVersion(List<JsonNode> messages, String version) {
        int checked = 0;
        for (JsonNode r : messages) {
            if (r.path("transport").asText().equals("mping")) {
                assertTrue(r.path("version").isNull(), "an MPING datagram states no version: " + r);
                continue;
            }
            assertEquals(version, r.path("version").asText(), "version of " + r);
            checked++;
        }
        assertTrue(checked > 100, "messages checked: " + checked);
    }

    /**
     * Every record from or to a member names it (never its bare UUID, nor any other UUID), and each member sent
     * something.
     */
    private static void assertMembersNamed(List<JsonNode> messages, Map<String, String> uuids) {
        Set<String> senders = new HashSet<>();
        for (JsonNode r : messages) {
            for (String end : new String[] {"src", "dest"}) {
                // the capture filter let in only the members' traffic: no address of it stays a bare UUID
                assertFalse(UUID_TEXT.matcher(r.path(end).asText("")).matches(), end + " of " + r);
                String addr = r.path(end + "_addr").asText(null);
                if (addr == null || !uuids.containsKey(addr)) continue;
                assertEquals(uuids.get(addr), r.path(end).asText(), end + " of " + r);
                if (end.equals("src")) senders.add(r.path(end).asText());
            }
        }
        assertEquals(new HashSet<>(NAMES), senders, "members seen sending, by name");
    }

    /** The views name their members (no UUIDs), and the biggest one holds all three. */
    private static void assertAViewOfAllMembers(List<JsonNode> messages) {
        Set<String> biggest = Set.of();
        for (JsonNode r : messages) {
            if (!r.has("view")) continue;
            Set<String> members = new HashSet<>();
            r.path("view").path("members").forEach(m -> members.add(m.asText()));
            assertTrue(NAMES.containsAll(members), "view members are the members' names: " + r.path("view"));
            if (members.size() > biggest.size()) biggest = members;
        }
        assertEquals(new HashSet<>(NAMES), biggest, "the biggest view");
    }

    /**
     * Each value put is in the printable runs of some decoded payload and matched by the {@code payload contains}
     * filter; a value never put is in neither, so these checks can fail.
     */
    private void assertValuesInPayloads(List<JsonNode> messages, Iterable<String> values, Path pcap)
            throws IOException {
        String never = "ispn-value-never-" + token();
        for (String value : values) {
            assertTrue(messages.stream().anyMatch(r -> payloadText(r).contains(value)), value + " in a payload");
            assertFalse(matching(pcap, value).isEmpty(), "payload contains " + value);
        }
        assertFalse(messages.stream().anyMatch(r -> payloadText(r).contains(never)), never);
        assertEquals(List.of(), matching(pcap, never), "payload contains " + never);
    }

    private List<JsonNode> matching(Path pcap, String value) throws IOException {
        return Decoding.cli(
                        work,
                        "decode",
                        "-f",
                        "jsonl",
                        "--filter",
                        "payload contains \"" + value + "\"",
                        pcap.toString())
                .messages();
    }

    private static String payloadText(JsonNode r) {
        JsonNode p = r.path("payload");
        StringBuilder b = new StringBuilder(p.path("text").asText(""));
        p.path("strings").forEach(s -> b.append('\n').append(s.asText()));
        return b.toString();
    }

    /**
     * Waits until the capturing process holds a packet socket (libpcap's on lo; Linux lists them in
     * {@code /proc/net/packet}): from then on the kernel keeps every packet for it, so the members' first discovery
     * messages, which carry their names, are in the capture however slowly the JVM started.
     */
    private static void awaitCaptureSocket(Process capture) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(JgwireProcess.PATIENCE_SECONDS);
        while (System.nanoTime() < deadline && capture.isAlive()) {
            Set<String> packetSockets = new HashSet<>();
            for (String line : Files.readAllLines(Path.of("/proc/net/packet"))) {
                String[] fields = line.trim().split("\\s+"); // the inode last; some kernels end the line with a space
                packetSockets.add("socket:[" + fields[fields.length - 1] + "]");
            }
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(capture.pid()), "fd"))) {
                if (fds.anyMatch(fd -> packetSockets.contains(linkOf(fd)))) return;
            } catch (IOException e) {
                // the process is going away: isAlive says so
            }
            Thread.sleep(100);
        }
        throw new IOException(capture.isAlive() ? "the capture holds no packet socket on lo" : "the capture exited");
    }

    private static String linkOf(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return ""; // closed meanwhile
        }
    }

    private static String token() {
        return Long.toHexString(RANDOM.nextLong() >>> 16);
    }

    /**
     * A base port below 15000 (FD_SOCK2 adds 50000) whose member ports and FD_SOCK2 ports are free on 127.0.0.1.
     */
    private static int freeBasePort() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = 10000 + RANDOM.nextInt(5000 - PORT_RANGE);
            if (free(base) && free(base + FD_SOCK2_OFFSET)) return base;
        }
        throw new IOException("no free port range below 15000 on 127.0.0.1");
    }

    private static boolean free(int from) {
        InetAddress lo = InetAddress.getLoopbackAddress();
        for (int p = from; p <= from + PORT_RANGE; p++) {
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
