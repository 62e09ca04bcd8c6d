package org.jgwire.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.PcapngReader;
import org.jgwire.codec.cluster.CaptureTarget;
import org.jgwire.codec.cluster.ClusterRun;
import org.jgwire.codec.cluster.ClusterRunner;
import org.jgwire.codec.cluster.ClusterSpec;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.cluster.Stack;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.output.JsonLinesWriter;
import org.jgwire.output.RecordWriter;
import org.jgwire.output.SummaryWriter;
import org.jgwire.output.TextWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jgwire cluster}: real JGroups members on loopback, a scenario, a live capture and its manifest.
 */
@Command(
        name = "cluster",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Start a real JGroups test cluster on loopback (127.0.0.1, diagnostics off), run a scenario, "
                    + "capture its traffic on 'lo' into pcapng and write a manifest (JSON) of what the members did.",
            "Members are child JVMs named A, B, C, ...; progress goes to stderr. Every member, router and capture "
                    + "is stopped at the end, on failure and on Ctrl-C.",
            "Scenarios: chat, rpc, large[:frag2|frag3|frag4], crash, partition-merge, firewall-partition (the same "
                    + "split made by nftables between members in namespaces of their own: --netns-per-member), "
                    + "slow-merge (a split healed "
                    + "one way first: the merge waits 12 s), pause (SIGSTOP, then SIGCONT), lossy (one member loses a "
                    + "fifth of what it receives), slow-rpc (one member answers RPCs 12 s late), blocked-receiver (one "
                    + "member's application holds its deliveries for 8 s under small "
                    + "flow-control credits), other-cluster and other-version (a member of another cluster name or "
                    + "JGroups line on the same multicast group), lone-member (a member that receives nothing and "
                    + "never joins), flapping (one member restarts three times), leave-join, incident (a crash, then a "
                    + "partition and its merge; made for 8 members), "
                    + "load[:MESSAGES[:SIZE|MIN-MAX[:binary]]], lock, counter, state (a stack with CENTRAL_LOCK, "
                    + "COUNTER, STATE_TRANSFER).",
            "Stacks: udp, tcp, tcp-nio, tunnel (with a GossipRouter), encrypt (udp + SYM_ENCRYPT), relay2 (two sites "
                    + "bridged by RELAY2), or your own stack XML (bound to 127.0.0.1 by jgwire). See docs/cluster.md."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire cluster --jgroups-version 5.5.7 --stack udp --nodes 3 \\",
            "      --scenario chat --duration 10s --capture out.pcapng",
            "  jgwire cluster --jgroups-version 4.2.30 --stack tcp \\",
            "      --scenario partition-merge --capture - | jgwire decode -",
            "  jgwire cluster --stack my-config.xml --nodes 4 --scenario rpc --decode",
            "",
            "The manifest goes beside a capture file (out.pcapng -> out.json), or where --manifest says.",
            "Capturing needs root or CAP_NET_RAW+CAP_NET_ADMIN on java; without them the cluster runs uncaptured "
                    + "(exit code 3). udp needs multicast on lo: ip link set lo multicast on.",
            "",
            "Exit codes: 0 done, " + ExitCodes.HELP_2_TO_4 + " A cluster or capture that fails is 3 too."
        })
public final class ClusterCommand implements Callable<Integer> {
    // --- options ---

    @Option(
            names = "--jgroups-version",
            paramLabel = "X.Y.Z",
            completionCandidates = OptionValues.BundledVersions.class,
            description = "JGroups version of the members, one of the bundled ones (default: the newest bundled).")
    String jgroupsVersion;

    @Option(
            names = "--jgroups-jar",
            paramLabel = "JAR",
            description = "Run the members on this JGroups jar (3.6 to 5.x) instead of a bundled one.")
    Path jgroupsJar;

    @Option(
            names = "--stack",
            paramLabel = "STACK|FILE",
            completionCandidates = OptionValues.Stacks.class,
            defaultValue = "udp",
            description =
                    "udp, tcp, tcp-nio, tunnel, encrypt, relay2, a stack XML file, or jgroups:NAME.xml for a stack the"
                            + " JGroups jar ships (default: ${DEFAULT-VALUE}).")
    String stack;

    @Option(
            names = {"-n", "--nodes"},
            paramLabel = "N",
            defaultValue = "3",
            description = "Number of members, 1 to 26 (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(
            names = "--scenario",
            paramLabel = "NAME",
            completionCandidates = OptionValues.ScenarioNames.class,
            defaultValue = "chat",
            description = "What the members do (default: ${DEFAULT-VALUE}); see above.")
    String scenario;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            description = "chat: keep talking this long; load: send this long (e.g. 10s, 500ms, 2m).")
    String duration;

    @Option(
            names = "--capture",
            paramLabel = "FILE|-",
            description = "Write the capture here (pcapng; classic pcap for *.pcap); '-' writes pcapng to stdout.")
    String capture;

    @Option(
            names = "--manifest",
            paramLabel = "FILE",
            description = "Write the manifest here (default: beside the capture file, else a temporary directory).")
    Path manifest;

    @Option(names = "--decode", description = "Decode the captured packets live and print them (stdout).")
    boolean decode;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "With --decode: text, jsonl (one JSON object per record and line) or json (one JSON "
                    + "array, ended when the run ends); any case (default: text).")
    OutputFormat format;

    @Option(
            names = "--verbose",
            description = "With --decode and text: every field of every header, as decode -V (default: one summary "
                    + "line per message).")
    boolean verbose;

    @Option(names = "--diagnostics", description = "Leave the members' diagnostics on (off by default).")
    boolean diagnostics;

    @Option(
            names = "--timeout",
            paramLabel = "TIME",
            defaultValue = "120s",
            description =
                    "The whole run must end within this, else every member is stopped (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--keep-logs", description = "Keep the members' stack XMLs and logs (the directory is printed).")
    boolean keepLogs;

    @Option(
            names = "--netns",
            description = "Run members, router and capture in a network namespace of their own "
                    + "(needs root and iproute2; deleted at the end).")
    boolean netns;

    @Option(
            names = "--netns-per-member",
            description = "Run each member in a network namespace of its own (address 10.231.0.N), the namespaces "
                    + "joined by a bridge where the capture runs: as between hosts, so that a firewall rule acts on "
                    + "one member (scenario firewall-partition). Stock stacks udp, tcp, tcp-nio and encrypt; needs "
                    + "root, iproute2 and nftables; deleted at the end.")
    boolean netnsPerMember;

    @Option(
            names = "--capture-per-member",
            paramLabel = "DIR",
            description = "With --netns-per-member: also capture each member's own interface (eth0 in its namespace, "
                    + "the filter of --capture), as tcpdump on each host would, into DIR/A.pcapng, DIR/B.pcapng, ... "
                    + "(DIR made if missing); with or without --capture. The manifest lists the files; it goes to "
                    + "DIR/manifest.json unless --capture or --manifest says otherwise.")
    Path capturePerMember;

    @Option(
            names = "--link-loss",
            paramLabel = "FROM-TO:PERCENT",
            description =
                    "With --netns-per-member: the bridge drops about PERCENT percent of the packets from FROM's host "
                            + "to TO's (unicasts and multicast copies), at random, e.g. A-C:30; one way, repeatable. "
                            + "FROM's capture shows them leave, TO's never shows them arrive. In the manifest.")
    List<String> linkLoss = new ArrayList<>();

    @Option(
            names = "--keystore",
            paramLabel = "FILE",
            description = "SYM_ENCRYPT reads its key from this keystore (JCEKS or PKCS12) instead of one made for the "
                    + "run, so that the capture can be decrypted with it later (jgwire decode --keystore).")
    Path keystore;

    @Option(
            names = "--keystore-password",
            paramLabel = "PASSWORD",
            arity = "0..1",
            interactive = true,
            description = "The keystore's password (asked for when given without a value); also the key's.")
    char[] keystorePassword;

    @Option(
            names = "--key-alias",
            paramLabel = "ALIAS",
            defaultValue = "jgwire",
            description = "The alias of the secret key in the keystore (default: ${DEFAULT-VALUE}).")
    String keyAlias;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    // --- running the cluster ---

    /** The keystore given for SYM_ENCRYPT, checked to hold a secret key under the alias; null for none. */
    private ClusterSpec.SuppliedKeystore suppliedKeystore() {
        if (keystore == null) {
            if (keystorePassword != null) throw usage("--keystore-password needs --keystore");
            return null;
        }
        if (keystorePassword == null) throw usage("--keystore needs --keystore-password");
        try {
            DecryptionKeys.fromKeystore(keystore, keystorePassword, keyAlias, null);
        } catch (DecryptionKeys.KeyProblem e) {
            throw KeyOptions.unusable(e);
        }
        try {
            String type =
                    KeyStore.getInstance(keystore.toFile(), keystorePassword).getType();
            return new ClusterSpec.SuppliedKeystore(keystore, new String(keystorePassword), keyAlias, type);
        } catch (IOException | GeneralSecurityException e) {
            throw usage("--keystore: " + e.getMessage());
        }
    }

    /** A file to write after the run must have its directory before the run: found out later, the run is lost. */
    private void requireDirectoryOf(String option, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) throw usage(option + " " + file + ": no such directory " + dir);
    }

    private static final Pattern TIME = Pattern.compile("(\\d+)(ms|s|m)?");

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        boolean captureToStdout = "-".equals(capture);
        if (captureToStdout && decode)
            throw usage("--capture - and --decode both want stdout: capture to a file with --decode, or pipe into "
                    + "'jgwire decode -'");
        if (jgroupsVersion != null && jgroupsJar != null)
            throw usage("--jgroups-version and --jgroups-jar exclude each other");
        if (jgroupsJar != null && !Files.isRegularFile(jgroupsJar))
            throw usage("--jgroups-jar " + jgroupsJar + ": no such file");
        if (nodes < 1 || nodes > ClusterSpec.MAX_NODES)
            throw usage("--nodes must be 1 to " + ClusterSpec.MAX_NODES + ", got " + nodes);
        Path home = VersionRuntime.defaultHome();
        List<String> bundled = ClusterRunner.bundledVersions(home);
        String version = jgroupsVersion;
        if (jgroupsJar == null) {
            if (bundled.isEmpty()) throw new IOException("no bundled JGroups jar in " + home.resolve("jgroups"));
            if (version == null) version = bundled.get(bundled.size() - 1);
            else if (!bundled.contains(version))
                throw usage("--jgroups-version " + version + " is not bundled (bundled: " + String.join(", ", bundled)
                        + "); use --jgroups-jar for another version");
        }
        if (!Stack.ids().contains(stack)
                && !stack.startsWith(Stack.SHIPPED_PREFIX)
                && !Files.isRegularFile(Path.of(stack)))
            throw usage("--stack " + stack + ": neither a stock stack (" + String.join(", ", Stack.ids())
                    + "), nor jgroups:NAME.xml, nor a stack XML file");
        Duration limit = time("--timeout", timeout);
        Duration talk = duration == null ? null : time("--duration", duration);
        if (capture != null && !captureToStdout) requireDirectoryOf("--capture", Path.of(capture));
        if (manifest != null) requireDirectoryOf("--manifest", manifest);
        if (capturePerMember != null && !netnsPerMember)
            throw usage("--capture-per-member captures each member's own interface: add --netns-per-member");
        if (capturePerMember != null && Files.exists(capturePerMember) && !Files.isDirectory(capturePerMember))
            throw usage("--capture-per-member " + capturePerMember + ": not a directory");
        if (capturePerMember != null) requireDirectoryOf("--capture-per-member", capturePerMember);
        if (!linkLoss.isEmpty() && !netnsPerMember)
            throw usage("--link-loss drops packets between members' hosts: add --netns-per-member");
        List<Manifest.LinkLoss> losses = new ArrayList<>();
        for (String l : linkLoss) {
            try {
                losses.add(ClusterSpec.linkLoss(l));
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }

        ReaderGoneWatch stdout = new ReaderGoneWatch(Thread.currentThread());
        PipedInputStream pipeIn = null;
        CaptureTarget target = null;
        if (decode) {
            pipeIn = new PipedInputStream(1 << 20);
            PipedOutputStream pipeOut = new PipedOutputStream(pipeIn);
            target = capture == null
                    ? CaptureTarget.stream(pipeOut)
                    : CaptureTarget.fileAndStream(Path.of(capture), pipeOut);
        } else if (captureToStdout) {
            target = CaptureTarget.stream(new BufferedOutputStream(stdout, 1 << 16));
        } else if (capture != null) {
            target = CaptureTarget.file(Path.of(capture));
        }
        Path manifestFile = manifest;
        if (manifestFile == null && decode && capture != null) manifestFile = Manifest.pathFor(Path.of(capture));

        Thread decoder = null;
        AtomicReference<Object> decoded = new AtomicReference<>();
        if (pipeIn != null) decoder = startDecoder(pipeIn, stdout, home, decoded);

        ClusterSpec clusterSpec = new ClusterSpec(
                version,
                stack,
                nodes,
                scenario,
                target,
                home,
                limit,
                talk,
                jgroupsJar,
                diagnostics,
                manifestFile,
                line -> {
                    err.println("jgwire: " + line);
                    err.flush();
                },
                keepLogs,
                netns,
                suppliedKeystore(),
                netnsPerMember,
                capturePerMember,
                losses);
        ClusterRun run;
        try {
            run = ClusterRunner.run(clusterSpec);
        } catch (Exception e) {
            if (stdout.readerGone()) throw new OutputClosedException(); // `| head`: members stopped, nothing to say
            throw e;
        } finally {
            if (decoder != null && !stdout.readerGone()) {
                decoder.join(30_000);
                if (decoded.get() instanceof DecodeSummary s) {
                    err.println("jgwire: decoded live: " + Summaries.line(s));
                } else if (decoded.get() instanceof Throwable t) {
                    err.println("jgwire: live decoding failed: " + t);
                }
                err.flush();
            }
        }
        if (stdout.readerGone()) throw new OutputClosedException();
        err.println("jgwire: " + run.manifest().members().size() + " members, "
                + run.manifest().views().size()
                + " views installed, " + run.manifest().sent().size() + " messages, "
                + run.manifest().rpcCalls().size()
                + " RPCs, " + run.manifest().largeSent().size() + " large messages; manifest " + run.manifestFile());
        err.flush();
        if (run.captureProblem() != null) {
            err.println("jgwire: the cluster ran, but nothing was captured: " + run.captureProblem());
            err.flush();
            return ExitCodes.IO;
        }
        return ExitCodes.OK;
    }

    // --- the decoder beside it, and option values ---

    /** Reads the live pcapng stream on a thread of its own and prints each record as it comes (flushed). */
    private Thread startDecoder(PipedInputStream in, OutputStream stdout, Path home, AtomicReference<Object> result) {
        Thread t = new Thread(
                () -> {
                    OutputStream buffered = new BufferedOutputStream(stdout, 1 << 16);
                    OutputStream out = format == OutputFormat.json ? new JsonArrayOutput(buffered) : buffered;
                    NameTable names = new NameTable();
                    try (PcapngReader source = new PcapngReader(Channels.newChannel(in));
                            Decoder d =
                                    new Decoder(new DecodeOptions(Limits.DEFAULTS, home, null, jgroupsJar, Set.of()));
                            RecordWriter writer = format.isJson()
                                    ? new JsonLinesWriter(out, names)
                                    : verbose ? new TextWriter(out, names) : new SummaryWriter(out, names)) {
                        result.set(d.decode(source, new NameStage(names, r -> {
                            writer.write(r);
                            try {
                                writer.flush();
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        })));
                    } catch (Throwable e) {
                        result.set(e);
                        try {
                            in.close(); // the capture must not block on a full pipe nobody reads
                        } catch (IOException ignored) {
                            // closing anyway
                        }
                    }
                },
                "jgwire-live-decode");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private Duration time(String option, String text) {
        Matcher m = TIME.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) throw usage(option + " '" + text + "': expected a time like 500ms, 10s or 2m");
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofSeconds(n);
        };
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
