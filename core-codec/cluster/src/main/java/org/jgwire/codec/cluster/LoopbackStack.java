package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * A stack XML that a jar ships at its root (JGroups' own, or a protocol jar's such as jgroups-raft's
 * {@code raft.xml}), made ready for a member on loopback exactly as the runner makes the shipped stacks it runs
 * ({@link UserStack}, {@link LoopbackRewrites}): every socket on 127.0.0.1, the run's multicast group with TTL 0,
 * diagnostics off, the member's port as the transport's, FD_SOCK's server socket
 * {@link LoopbackRewrites#SIDE_PORT_OFFSET} above it. For tests that start members of their own programs.
 */
public final class LoopbackStack {
    /** A protocol's server socket that carries no cluster traffic (jgroups-raft's CLIENT) sits this far above. */
    public static final int CLIENT_PORT_OFFSET = LoopbackRewrites.CLIENT_PORT_OFFSET;
    /** FD_SOCK's server socket sits this far above the member's port. */
    public static final int SIDE_PORT_OFFSET = LoopbackRewrites.SIDE_PORT_OFFSET;

    private final UserStack stack;
    private final JGroupsVersion version;
    private final String mcastAddr;
    private final int mcastPort;

    private LoopbackStack(UserStack stack, JGroupsVersion version, String mcastAddr, int mcastPort) {
        this.stack = stack;
        this.version = version;
        this.mcastAddr = mcastAddr;
        this.mcastPort = mcastPort;
    }

    /**
     * The stack {@code name} at the root of {@code jar}, for members of JGroups {@code version} (which decides how
     * diagnostics are switched off) on the multicast group {@code mcastAddr}:{@code mcastPort}.
     */
    public static LoopbackStack shipped(Path jar, String name, JGroupsVersion version, String mcastAddr, int mcastPort)
            throws IOException {
        return new LoopbackStack(UserStack.read(ShippedStacks.PREFIX + name, jar), version, mcastAddr, mcastPort);
    }

    /** The protocols bottom up, as the XML names them ({@code UDP}, ..., {@code raft.RAFT}). */
    public List<String> protocols() {
        return stack.protocols();
    }

    /** The XML the member on {@code port} runs. */
    public String member(int port) throws IOException {
        return stack.render(
                version,
                Map.of(
                        "BIND_PORT", Integer.toString(port),
                        "MCAST_ADDR", mcastAddr,
                        "MCAST_PORT", Integer.toString(mcastPort)),
                port);
    }
}
