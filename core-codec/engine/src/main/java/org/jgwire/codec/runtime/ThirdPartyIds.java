package org.jgwire.codec.runtime;

import java.util.Map;

/**
 * Protocol and magic ids that well-known third-party protocols register in code, so that a header no loaded jar
 * knows is named in its error: "magic id 2000 (jgroups-raft AppendEntriesRequest)". Only a name for the error; the
 * header is read by the protocol's own classes when its jar is loaded ({@link ProtocolJars}).
 */
public final class ThirdPartyIds {
    private ThirdPartyIds() {}

    private static final String RAFT = "jgroups-raft";

    /** jgroups-raft 0.4 and later (0.2 used 1024 to 1027 for the first four). */
    private static final Map<Integer, String> PROTOCOLS = Map.of(
            520, RAFT + " ELECTION",
            521, RAFT + " RAFT",
            522, RAFT + " REDIRECT",
            523, RAFT + " CLIENT",
            524, RAFT + " ELECTION2");

    private static final Map<Integer, String> MAGICS = Map.ofEntries(
            Map.entry(2000, RAFT + " AppendEntriesRequest"),
            Map.entry(2001, RAFT + " AppendEntriesResponse"),
            Map.entry(2002, RAFT + " AppendResult"),
            Map.entry(2003, RAFT + " InstallSnapshotRequest"),
            Map.entry(2004, RAFT + " LogEntries"),
            Map.entry(3000, RAFT + " VoteRequest"),
            Map.entry(3001, RAFT + " VoteResponse"),
            Map.entry(3002, RAFT + " HeartbeatRequest"),
            Map.entry(3005, RAFT + " LeaderElected"),
            Map.entry(3006, RAFT + " PreVoteRequest"),
            Map.entry(3007, RAFT + " PreVoteResponse"),
            Map.entry(4000, RAFT + " RedirectHeader"));

    /** The protocol a third party registers under {@code id} (u16), e.g. {@code jgroups-raft RAFT}, or null. */
    public static String protocol(int id) {
        return PROTOCOLS.get(id);
    }

    /** The class a third party registers under magic id {@code magic} (u16), or null. */
    public static String magic(int magic) {
        return MAGICS.get(magic);
    }
}
