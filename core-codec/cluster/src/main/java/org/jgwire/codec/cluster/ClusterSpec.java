package org.jgwire.codec.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What test cluster to run.
 *
 * @param jgroupsVersion a JGroups version bundled in the distribution, e.g. {@code "5.5.7"}; null when
 *                       {@code jgroupsJar} is given
 * @param stack          a stock stack ({@link Stack#ids()}: {@code udp}, {@code tcp}, {@code tunnel}, ...) or the
 *                       path of the user's own stack XML (see {@link UserStack})
 * @param nodes          number of members (1 to {@link #MAX_NODES}), named A, B, C, ...
 * @param scenario       what the members do ({@link Scenarios#SYNTAX}), e.g. {@code chat}, {@code large:frag3}
 * @param capture        where the capture goes (see {@link CaptureTarget}), or null for none
 * @param jgwireHome     the distribution ({@code cli/target/jgwire}) holding {@code adapters/} and {@code jgroups/}
 * @param timeout        the whole run must finish within this; every child is killed when it does not
 * @param duration       how long {@code chat} keeps talking (rounds until it has passed); null: one round
 * @param jgroupsJar     run the members on this JGroups jar instead of a bundled one (its API family is read from
 *                       its {@code org.jgroups.Version}), or null
 * @param diagnostics    leave the members' diagnostics on (they are switched off unless asked for)
 * @param manifest       where the manifest goes; null: beside a capture file ({@code x.pcapng} gives {@code x.json}),
 *                       else into the run's work directory
 * @param progress       receives one line per thing worth telling a user (members, views, steps, counts), or null
 * @param keepLogs       keep the work directory (stack XMLs, members' logs) even after a successful capture
 * @param netns          run members, router and capture in a network namespace of the run's own (root and
 *                       iproute2 needed), deleted at the end
 * @param netnsPerMember each member in a network namespace of its own, joined by a bridge where the capture runs
 *                       ({@link HostNetwork}): a firewall rule then acts on one member as between hosts; stock
 *                       stacks udp, tcp, tcp-nio and encrypt (root, iproute2 and nftables needed)
 * @param capturePerMember with {@code netnsPerMember}: a directory for one capture per member on its own
 *                       {@code eth0} ({@code A.pcapng}, ...), as {@code tcpdump} on each host would make; or null
 * @param linkLosses     with {@code netnsPerMember}: links between two members' hosts that drop a share of their
 *                       packets at random, one way ({@link HostNetwork#lose}); empty for none
 */
public record ClusterSpec(
        String jgroupsVersion,
        String stack,
        int nodes,
        String scenario,
        CaptureTarget capture,
        Path jgwireHome,
        Duration timeout,
        Duration duration,
        Path jgroupsJar,
        boolean diagnostics,
        Path manifest,
        Consumer<String> progress,
        boolean keepLogs,
        boolean netns,
        SuppliedKeystore keystore,
        boolean netnsPerMember,
        Path capturePerMember,
        List<Manifest.LinkLoss> linkLosses) {
    /**
     * A keystore the user gives for SYM_ENCRYPT instead of the one the runner makes per run: so that a capture can
     * be decrypted later with it. Its password goes into the members' stack files only, never into the manifest or
     * the progress lines.
     *
     * @param type JCEKS or PKCS12 (JKS cannot hold a secret key)
     */
    public record SuppliedKeystore(Path file, String password, String alias, String type) {}

    /** Every option but the per-member captures and lossy links. */
    public ClusterSpec(
            String jgroupsVersion,
            String stack,
            int nodes,
            String scenario,
            CaptureTarget capture,
            Path jgwireHome,
            Duration timeout,
            Duration duration,
            Path jgroupsJar,
            boolean diagnostics,
            Path manifest,
            Consumer<String> progress,
            boolean keepLogs,
            boolean netns,
            SuppliedKeystore keystore,
            boolean netnsPerMember) {
        this(
                jgroupsVersion,
                stack,
                nodes,
                scenario,
                capture,
                jgwireHome,
                timeout,
                duration,
                jgroupsJar,
                diagnostics,
                manifest,
                progress,
                keepLogs,
                netns,
                keystore,
                netnsPerMember,
                null,
                List.of());
    }

    /** Every option but the members' own namespaces. */
    public ClusterSpec(
            String jgroupsVersion,
            String stack,
            int nodes,
            String scenario,
            CaptureTarget capture,
            Path jgwireHome,
            Duration timeout,
            Duration duration,
            Path jgroupsJar,
            boolean diagnostics,
            Path manifest,
            Consumer<String> progress,
            boolean keepLogs,
            boolean netns,
            SuppliedKeystore keystore) {
        this(
                jgroupsVersion,
                stack,
                nodes,
                scenario,
                capture,
                jgwireHome,
                timeout,
                duration,
                jgroupsJar,
                diagnostics,
                manifest,
                progress,
                keepLogs,
                netns,
                keystore,
                false);
    }

    /** Every option but the keystore (the runner makes one per run when the stack needs one). */
    public ClusterSpec(
            String jgroupsVersion,
            String stack,
            int nodes,
            String scenario,
            CaptureTarget capture,
            Path jgwireHome,
            Duration timeout,
            Duration duration,
            Path jgroupsJar,
            boolean diagnostics,
            Path manifest,
            Consumer<String> progress,
            boolean keepLogs,
            boolean netns) {
        this(
                jgroupsVersion,
                stack,
                nodes,
                scenario,
                capture,
                jgwireHome,
                timeout,
                duration,
                jgroupsJar,
                diagnostics,
                manifest,
                progress,
                keepLogs,
                netns,
                null);
    }

    /** Members are named by letters; 26 is more than a loopback test needs. */
    public static final int MAX_NODES = 26;

    public ClusterSpec {
        if (jgroupsVersion == null && jgroupsJar == null)
            throw new IllegalArgumentException("a JGroups version or a JGroups jar is needed");
        Objects.requireNonNull(stack, "stack");
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(jgwireHome, "jgwireHome");
        Objects.requireNonNull(timeout, "timeout");
        if (nodes < 1 || nodes > MAX_NODES)
            throw new IllegalArgumentException("nodes (" + nodes + ") must be 1 to " + MAX_NODES);
        if (timeout.isNegative() || timeout.isZero())
            throw new IllegalArgumentException("timeout (" + timeout + ") must be positive");
        if (netns && netnsPerMember)
            throw new IllegalArgumentException("--netns and --netns-per-member exclude each other");
        if ((netns || netnsPerMember) && capture != null && !capture.pcapng())
            throw new IllegalArgumentException(
                    "a capture in a network namespace is pcapng: name the file *.pcapng, not "
                            + capture.file().getFileName());
        linkLosses = linkLosses == null ? List.of() : List.copyOf(linkLosses);
        if (capturePerMember != null && !netnsPerMember)
            throw new IllegalArgumentException(
                    "--capture-per-member captures each member's own interface: add --netns-per-member");
        if (!linkLosses.isEmpty() && !netnsPerMember)
            throw new IllegalArgumentException(
                    "--link-loss drops packets between members' hosts: add --netns-per-member");
        for (Manifest.LinkLoss l : linkLosses) checkLink(l, nodes);
        if (duration != null && (duration.isNegative() || duration.compareTo(timeout) >= 0))
            throw new IllegalArgumentException("the duration (" + duration.toMillis()
                    + " ms) must be 0 or more and below" + " the timeout (" + timeout.toMillis() + " ms, --timeout)");
    }

    /** Every option but {@code netns} (members on the host's loopback). */
    public ClusterSpec(
            String jgroupsVersion,
            String stack,
            int nodes,
            String scenario,
            CaptureTarget capture,
            Path jgwireHome,
            Duration timeout,
            Duration duration,
            Path jgroupsJar,
            boolean diagnostics,
            Path manifest,
            Consumer<String> progress,
            boolean keepLogs) {
        this(
                jgroupsVersion,
                stack,
                nodes,
                scenario,
                capture,
                jgwireHome,
                timeout,
                duration,
                jgroupsJar,
                diagnostics,
                manifest,
                progress,
                keepLogs,
                false);
    }

    /** A bundled version's cluster captured to a file ({@code .pcap}: classic pcap, else pcapng), or not at all. */
    public ClusterSpec(
            String jgroupsVersion,
            String stack,
            int nodes,
            String scenario,
            Path capture,
            Path jgwireHome,
            Duration timeout) {
        this(
                jgroupsVersion,
                stack,
                nodes,
                scenario,
                capture == null ? null : CaptureTarget.file(capture),
                jgwireHome,
                timeout,
                null,
                null,
                false,
                null,
                null,
                false,
                false);
    }

    private static final Pattern LINK_LOSS = Pattern.compile("([A-Z])-([A-Z]):(\\d{1,3})");

    /** {@code FROM-TO:PERCENT} ({@code A-C:30}) as a lossy link; members are checked against the spec's. */
    public static Manifest.LinkLoss linkLoss(String text) {
        Matcher m = LINK_LOSS.matcher(text.trim());
        if (!m.matches())
            throw new IllegalArgumentException(
                    "--link-loss '" + text + "': expected FROM-TO:PERCENT, e.g. A-C:30 (members by letter)");
        return new Manifest.LinkLoss(m.group(1), m.group(2), Integer.parseInt(m.group(3)));
    }

    private static void checkLink(Manifest.LinkLoss l, int nodes) {
        String link = "--link-loss " + l.from() + "-" + l.to() + ":" + l.percent();
        if (l.from().equals(l.to())) throw new IllegalArgumentException(link + ": a link joins two members");
        for (String name : List.of(l.from(), l.to()))
            if (name.length() != 1 || name.charAt(0) < 'A' || name.charAt(0) >= 'A' + nodes)
                throw new IllegalArgumentException(link + ": no member " + name + " among " + nodes);
        if (l.percent() < 1 || l.percent() > 100)
            throw new IllegalArgumentException(link + ": the percentage must be 1 to 100");
    }

    /** The name of member {@code index} (0-based): A, B, C, ... */
    public static String memberName(int index) {
        return String.valueOf((char) ('A' + index));
    }
}
