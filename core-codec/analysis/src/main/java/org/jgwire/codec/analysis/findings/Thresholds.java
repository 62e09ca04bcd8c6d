package org.jgwire.codec.analysis.findings;

/**
 * The values the detectors judge by, each settable by a {@code diagnose} option; a finding names the value it used.
 *
 * @param rpcTimeoutMs      a response later than this, or none that long before the capture ended, is an
 *                          {@code rpc-timeout}; default {@value #RPC_TIMEOUT_MS} ms, the timeout of JGroups'
 *                          synchronous request options (the capture does not show the caller's own)
 * @param retransmissions   retransmission requests and answers from which a receiver is named a lossy path
 * @param creditStallMs     how long a sender must keep asking one receiver for credits to be called stalled
 * @param flappingCycles    how many times a member must leave the view and come back to be called flapping
 * @param slowMergeMs       a merge taking this long from the subgroups hearing each other to the merge view is a
 *                          {@code warning}; default {@value #SLOW_MERGE_MS} ms: with MERGE3's defaults a coordinator
 *                          checks every 48 s and a member sends its information every 15 to 45 s, so a merge
 *                          that goes through at its first attempt takes up to about 50 s
 * @param icmpUnreachableMs datagrams that still bounce this long after their endpoint's member left the view (or
 *                          this long in all, to an endpoint of no known member) are an {@code icmp-unreachable}
 *                          warning; default {@value #ICMP_UNREACHABLE_MS} ms, twice UNICAST3's conn_close_timeout
 *                          (10 s), for which it keeps resending what a member the view dropped had not acknowledged
 */
public record Thresholds(
        long rpcTimeoutMs,
        long retransmissions,
        long creditStallMs,
        long flappingCycles,
        long slowMergeMs,
        long icmpUnreachableMs) {
    public static final long RPC_TIMEOUT_MS = 10_000;
    public static final long CREDIT_STALL_MS = 2_000;
    public static final long FLAPPING_CYCLES = 3;
    public static final long SLOW_MERGE_MS = 60_000;
    public static final long ICMP_UNREACHABLE_MS = 20_000;

    /** What {@code diagnose} uses unless told otherwise. */
    public static final Thresholds DEFAULTS = new Thresholds(
            RPC_TIMEOUT_MS,
            RetransmissionFindings.MIN_LOST,
            CREDIT_STALL_MS,
            FLAPPING_CYCLES,
            SLOW_MERGE_MS,
            ICMP_UNREACHABLE_MS);

    public Thresholds {
        if (rpcTimeoutMs <= 0
                || retransmissions <= 0
                || creditStallMs <= 0
                || flappingCycles <= 0
                || slowMergeMs <= 0
                || icmpUnreachableMs <= 0)
            throw new IllegalArgumentException("thresholds must be positive: rpc timeout " + rpcTimeoutMs
                    + " ms, retransmissions " + retransmissions + ", credit stall " + creditStallMs
                    + " ms, flapping cycles " + flappingCycles + ", slow merge " + slowMergeMs
                    + " ms, icmp unreachable "
                    + icmpUnreachableMs + " ms");
    }
}
