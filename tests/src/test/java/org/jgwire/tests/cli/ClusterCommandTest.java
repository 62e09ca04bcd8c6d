package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jgwire cluster}: help, refusals with exit code 2 before anything starts, a real
 * {@code cluster --capture - | decode -} pipe between two processes, and Ctrl-C leaving no child JVM behind.
 */
class ClusterCommandTest {
    private static final Path HOME = Decoding.home().toAbsolutePath();

    @Test
    void helpNamesEveryScenarioAndStackWithExamples(@TempDir Path dir) throws Exception {
        Decoding.Run r = Decoding.cli(dir, "cluster", "--help");
        assertEquals(0, r.exit(), r.err());
        for (String word : List.of(
                "chat",
                "rpc",
                "large",
                "crash",
                "partition-merge",
                "firewall-partition",
                "--netns-per-member",
                "--capture-per-member",
                "--link-loss",
                "leave-join",
                "load",
                "udp",
                "tcp",
                "tunnel",
                "--capture",
                "--decode",
                "--manifest",
                "Examples:",
                "Exit codes")) assertTrue(r.out().contains(word), "help lacks " + word + ":\n" + r.out());
    }

    @Test
    void refusesBadRequestsWithUsageExitCodeAndSaysWhatToUse(@TempDir Path dir) throws Exception {
        Decoding.Run version = Decoding.cli(dir, "cluster", "--jgroups-version", "5.1.0");
        assertEquals(2, version.exit());
        assertTrue(
                version.err().contains("5.1.0")
                        && version.err().contains("5.5.7")
                        && version.err().contains("3.6.20"),
                version.err());
        Decoding.Run stack = Decoding.cli(dir, "cluster", "--stack", "carrier-pigeon");
        assertEquals(2, stack.exit());
        assertTrue(stack.err().contains("udp, tcp, tunnel"), stack.err());
        Decoding.Run scenario = Decoding.cli(dir, "cluster", "--scenario", "dance", "--stack", "tcp");
        assertEquals(2, scenario.exit());
        assertTrue(scenario.err().contains("partition-merge"), scenario.err());
        Decoding.Run firewall = Decoding.cli(dir, "cluster", "--scenario", "firewall-partition");
        assertEquals(2, firewall.exit(), firewall.err());
        assertTrue(firewall.err().contains("add --netns-per-member"), firewall.err());
        Decoding.Run router = Decoding.cli(dir, "cluster", "--stack", "tunnel", "--netns-per-member");
        assertEquals(2, router.exit(), router.err());
        assertTrue(router.err().contains("udp, tcp, tcp-nio, encrypt"), router.err());
        Decoding.Run hosts = Decoding.cli(dir, "cluster", "--capture-per-member", dir.toString());
        assertEquals(2, hosts.exit(), hosts.err());
        assertTrue(hosts.err().contains("--capture-per-member") && hosts.err().contains("add --netns-per-member"));
        Decoding.Run loss = Decoding.cli(dir, "cluster", "--link-loss", "A-C:30");
        assertEquals(2, loss.exit(), loss.err());
        assertTrue(loss.err().contains("--link-loss drops") && loss.err().contains("add --netns-per-member"));
        Decoding.Run link = Decoding.cli(dir, "cluster", "--netns-per-member", "--link-loss", "A:30");
        assertEquals(2, link.exit(), link.err());
        assertTrue(link.err().contains("expected FROM-TO:PERCENT"), link.err());
        Decoding.Run stranger = Decoding.cli(dir, "cluster", "--netns-per-member", "--link-loss", "A-E:30");
        assertEquals(2, stranger.exit(), stranger.err());
        assertTrue(stranger.err().contains("no member E among 3"), stranger.err());
        Decoding.Run both = Decoding.cli(dir, "cluster", "--capture", "-", "--decode");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("stdout"), both.err());
        Decoding.Run crash = Decoding.cli(dir, "cluster", "--scenario", "crash", "--nodes", "1", "--stack", "tcp");
        assertEquals(2, crash.exit());
        assertTrue(crash.err().contains("at least 2"), crash.err());
        Decoding.Run frag = Decoding.cli(dir, "cluster", "--scenario", "large:frag4", "--jgroups-version", "4.2.30");
        assertEquals(2, frag.exit());
        assertTrue(frag.err().contains("FRAG4"), frag.err());
        // a file whose directory is missing is refused before the run, not found out after it
        Path nowhere = dir.resolve("no-such-dir").resolve("out.pcapng");
        Decoding.Run capture = Decoding.cli(dir, "cluster", "--capture", nowhere.toString());
        assertEquals(2, capture.exit());
        assertTrue(capture.err().contains("no such directory " + nowhere.getParent()), capture.err());
        assertFalse(capture.err().contains("started"), "no member started: " + capture.err());
        Decoding.Run manifest = Decoding.cli(
                dir, "cluster", "--manifest", nowhere.resolveSibling("m.json").toString());
        assertEquals(2, manifest.exit());
        assertTrue(manifest.err().contains("--manifest"), manifest.err());
    }

    private static List<String> jgwire(String... args) {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djgwire.home=" + HOME,
                "-cp",
                HOME.resolve("lib") + File.separator + "*",
                "org.jgwire.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static String shell(List<String> cmd) {
        StringBuilder b = new StringBuilder();
        for (String c : cmd) b.append('\'').append(c.replace("'", "'\\''")).append("' ");
        return b.toString();
    }

    @Test
    void capturePipedIntoDecodeShowsEveryChatMessageLive(@TempDir Path dir) throws Exception {
        Path manifest = dir.resolve("m.json");
        Path decoded = dir.resolve("decoded.txt");
        Path err = dir.resolve("err.txt");
        String pipe = shell(jgwire(
                        "cluster",
                        "--jgroups-version",
                        "5.5.7",
                        "--stack",
                        "tcp",
                        "--nodes",
                        "2",
                        "--scenario",
                        "chat",
                        "--capture",
                        "-",
                        "--manifest",
                        manifest.toString()))
                + "| "
                + shell(jgwire("decode", "-")) + "> " + decoded + "; echo \"exit ${PIPESTATUS:-?}\" >&2";
        Process p = new ProcessBuilder("bash", "-c", "set -o pipefail; " + pipe)
                .redirectError(err.toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the pipe did not end");
        String stderr = Files.readString(err);
        assertEquals(0, p.exitValue(), stderr);
        Manifest m = Manifest.read(manifest);
        assertEquals("-", m.capture(), "the manifest names stdout as the capture");
        String text = Files.readString(decoded);
        assertEquals(6, m.sent().size(), "2 members, 3 messages each");
        for (Manifest.SentMessage s : m.sent())
            assertTrue(text.contains(s.text()), "'" + s.text() + "' not decoded:\n" + text);
        assertTrue(stderr.contains("member A started") && stderr.contains("packets captured"), stderr);
        assertFalse(text.contains("jgwire:"), "progress lines leaked into the capture stream");
    }

    @Test
    void decodeOptionPrintsRecordsWhileTheFileIsWritten(@TempDir Path dir) throws Exception {
        Path pcap = dir.resolve("live.pcapng");
        Process p = new ProcessBuilder(jgwire(
                        "cluster",
                        "--jgroups-version",
                        "4.2.30",
                        "--stack",
                        "udp",
                        "--nodes",
                        "2",
                        "--scenario",
                        "rpc",
                        "--capture",
                        pcap.toString(),
                        "--decode"))
                .redirectError(dir.resolve("err.txt").toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jgwire cluster did not end");
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err.txt")));
        List<String> live = Files.readAllLines(dir.resolve("out.txt"));
        Decoding.Result file = Decoding.decode(pcap, InputHints.AUTO);
        assertEquals(file.records().size(), live.size(), "records printed live vs records decoded from the file");
        // the summary line names RequestCorrelator's requests as RPC REQ with their id (decode's default text)
        assertTrue(live.stream().anyMatch(l -> l.contains("RPC REQ id=")), String.join("\n", live));
        assertEquals(
                4, Manifest.read(Manifest.pathFor(pcap)).rpcCalls().size(), "RPCs in the manifest beside the file");
    }

    /** setpriv (util-linux) drops CAP_NET_RAW and CAP_NET_ADMIN, as for a user without capture rights. */
    @Test
    void withoutCaptureRightsTheClusterStillRunsAndSaysWhyNothingWasCaptured(@TempDir Path dir) throws Exception {
        Path pcap = dir.resolve("never.pcapng");
        Path manifest = dir.resolve("m.json");
        List<String> cmd = new ArrayList<>(
                List.of("setpriv", "--bounding-set", "-net_raw,-net_admin", "--inh-caps", "-net_raw,-net_admin", "--"));
        cmd.addAll(jgwire(
                "cluster",
                "--jgroups-version",
                "5.5.7",
                "--stack",
                "tcp",
                "--nodes",
                "2",
                "--capture",
                pcap.toString(),
                "--manifest",
                manifest.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "jgwire cluster did not end");
        assertEquals(3, p.exitValue(), out);
        assertTrue(out.contains("nothing was captured") && out.contains("CAP_NET_RAW"), out);
        assertFalse(Files.exists(pcap), "a capture file although nothing could be captured");
        Manifest m = Manifest.read(manifest);
        assertEquals(2, m.members().size(), "the members ran anyway");
        assertEquals(6, m.sent().size(), "the chat ran anyway");
        assertEquals(null, m.capture(), "the manifest names no capture");
        assertEquals(-1, m.packets());
    }

    @Test
    void ctrlCStopsEveryMemberAndKeepsAReadableCapture(@TempDir Path dir) throws Exception {
        interrupt(dir, false);
    }

    @Test
    void ctrlCInANetworkNamespaceAlsoDeletesTheNamespace(@TempDir Path dir) throws Exception {
        String ns = interrupt(dir, true);
        Process list = new ProcessBuilder("ip", "netns", "list")
                .redirectErrorStream(true)
                .start();
        String namespaces = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, list.waitFor(), namespaces);
        assertFalse(namespaces.contains(ns), ns + " survived Ctrl-C: " + namespaces);
    }

    /** Starts a long chat, sends SIGINT once it runs; returns the namespace's name (netns) or null. */
    private static String interrupt(Path dir, boolean netns) throws Exception {
        Path pcap = dir.resolve("interrupted.pcapng");
        List<String> args = new ArrayList<>(List.of(
                "cluster",
                "--jgroups-version",
                "5.5.7",
                "--stack",
                "tcp",
                "--nodes",
                "3",
                "--scenario",
                "chat",
                "--duration",
                "60s",
                "--capture",
                pcap.toString()));
        if (netns) args.add("--netns");
        // As a terminal runs a foreground command: SIGINT at its default. A build started in the background by a
        // non-interactive shell (nohup CMD &) passes SIGINT down ignored, and the JVM then installs no handler for it.
        List<String> cmd = new ArrayList<>(List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die $!"));
        cmd.addAll(jgwire(args.toArray(String[]::new)));
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        for (String line; (line = err.readLine()) != null; ) {
            seen.add(line);
            if (line.contains("scenario chat")) break;
        }
        assertTrue(seen.stream().anyMatch(l -> l.contains("scenario chat")), "the cluster never started: " + seen);
        String ns = seen.stream()
                .filter(l -> l.startsWith("jgwire: network namespace "))
                .map(l -> l.split(" ")[3])
                .findFirst()
                .orElse(null);
        assertEquals(netns, ns != null, "namespace reported: " + seen);
        List<ProcessHandle> children = p.toHandle().descendants().toList();
        assertEquals(
                3,
                children.stream()
                        .filter(h -> h.info().commandLine().orElse("").contains("ClusterNode"))
                        .count(),
                "member JVMs running: "
                        + children.stream()
                                .map(h -> h.info().commandLine().orElse("?"))
                                .toList());
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start();
        assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -INT failed");
        new Thread(() -> {
                    try {
                        err.transferTo(Writer.nullWriter());
                    } catch (IOException ignored) {
                        // the process is gone
                    }
                })
                .start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "jgwire cluster did not stop on SIGINT");
        for (ProcessHandle c : children) {
            c.onExit().get(10, TimeUnit.SECONDS);
            assertFalse(
                    c.isAlive(),
                    "a child JVM survived Ctrl-C: " + c.info().commandLine().orElse("?"));
        }
        Decoding.Result r = Decoding.decode(pcap, InputHints.AUTO);
        assertEquals(0, r.summary().errors(), "errors decoding the interrupted capture");
        assertTrue(
                r.records().size() > 10,
                "the capture up to Ctrl-C holds the cluster's traffic: "
                        + r.records().size());
        return ns;
    }
}
