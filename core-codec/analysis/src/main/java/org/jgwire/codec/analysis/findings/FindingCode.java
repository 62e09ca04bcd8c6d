package org.jgwire.codec.analysis.findings;

import java.util.Locale;

/**
 * What a finding is about: stable identifiers, documented in docs/diagnose.md. A code is listed here once a detector
 * reports it.
 */
public enum FindingCode {
    /** Subgroups that each installed a view of their own while all kept running: a network split. */
    PARTITION(
            "a network split: subgroups with views of their own while every member kept talking",
            "the network between the subgroups (firewalls, switches, multicast routing), and MERGE3's min_interval"
                    + " and max_interval, which decide how soon the subgroups merge again"),
    /** A member silent towards everyone long enough to be excluded, then talking again: a process pause. */
    MEMBER_PAUSE(
            "a member silent towards everyone long enough to be excluded, then talking again",
            "the member's garbage collection log, CPU limits and host, and the failure detection timeout (FD_ALL,"
                    + " FD_ALL3 timeout; FD timeout times max_tries), which decides how long a pause is tolerated"),
    /** Subgroups that heard each other again and took long, or several attempts, to merge. */
    SLOW_MERGE(
            "how long subgroups took to merge once they heard each other again, and the attempts that failed",
            "the network between the subgroup coordinators in both directions (a firewall or route open one way"
                    + " only lets one side hear the other), the coordinators' health while merging (a pause or a"
                    + " full thread pool leaves requests unanswered), GMS merge_timeout, and MERGE3's"
                    + " min_interval and max_interval, which decide how often the coordinators check"),
    /** A member that stopped and never came back. */
    CRASH(
            "a member that stopped and never came back",
            "the member's own log and its host (an OutOfMemoryError, the kernel's OOM killer, a kill); FD_SOCK or"
                    + " FD_SOCK2 in the stack tell a crash at once, heartbeats only after their timeout"),
    /** A member that asked for many retransmissions: messages on their way to it are lost. */
    RETRANSMISSIONS(
            "a member that asked for many retransmissions: the lossy path leads to it",
            "the receiver's socket buffers (the transport's ucast_recv_buf_size and mcast_recv_buf_size, and the"
                    + " kernel's net.core.rmem_max), its CPU and thread pool (a full pool drops what arrives), and"
                    + " the network to it; DISCARD left in a stack loses messages on purpose"),
    /** Calls answered later than the threshold, or not at all. */
    RPC_TIMEOUT(
            "calls a member answered later than callers wait, or never answered",
            "what the member does in the called method (thread dumps while it is slow: locks, I/O, a full thread"
                    + " pool), and the callers' timeout (RequestOptions, Infinispan's remote-timeout)"),
    /** Senders that keep asking one receiver for flow-control credits. */
    CREDIT_STALL(
            "senders blocked on flow-control credits that one receiver does not give back",
            "what the receiver's application does with delivered messages (thread dumps of its JGroups threads:"
                    + " a receive callback that blocks holds up every sender), its thread pool, and UFC's and MFC's"
                    + " max_credits and max_block_time"),
    /** A member that asked for its cluster's members while they ran, and never joined them. */
    DISCOVERY_UNANSWERED(
            "a member whose discovery went unanswered, or whose answers never reached it: it never joined",
            "whether the member receives what the others send (host firewalls, bind_addr, the multicast route), its"
                    + " JGroups version and cluster name against the others', and the discovery protocol's"
                    + " configuration (initial_hosts, mcast_addr and mcast_port)"),
    /** Datagrams bounced with ICMP destination unreachable: a member's port closed while others address it. */
    ICMP_UNREACHABLE(
            "JGroups datagrams bounced with ICMP port unreachable: a member's port closed while others still"
                    + " address it",
            "failure detection, which decides how long the others keep sending to a process that is gone (FD_SOCK or"
                    + " FD_SOCK2 notice a closed process at once; FD_ALL, FD_ALL3 timeout and VERIFY_SUSPECT timeout"
                    + " take longer), the member's host and process (killed, or restarted on another port), and"
                    + " firewall rules that reject with port unreachable"),
    /** A member that left the view and came back again and again. */
    VIEW_FLAPPING(
            "a member leaving the view and coming back again and again",
            "why the member restarts (its own log, the orchestrator's liveness probes and restart policy) or is"
                    + " excluded again and again (garbage collection pauses, a failing link; failure detection"
                    + " timeouts too short for them)"),
    /** Messages under different cluster names on one multicast group. */
    CLUSTER_NAME_CLASH(
            "different cluster names on one multicast group and port",
            "the cluster name each application connects with, and the transport's mcast_addr and mcast_port (give"
                    + " each cluster a group of its own, or correct the name of the one that was meant to join)"),
    /** Members of incompatible JGroups versions on one multicast group. */
    VERSION_MISMATCH(
            "members of JGroups versions that cannot talk (another major.minor) on one multicast group",
            "the JGroups jar each application runs (every member of a cluster needs the same major.minor version),"
                    + " and the transport's mcast_addr and mcast_port if the two were not meant to meet");

    private final String description;
    private final String lookAt;

    FindingCode(String description, String lookAt) {
        this.description = description;
        this.lookAt = lookAt;
    }

    /** The code as shown in text and JSON: lower case, {@code -} for {@code _} ({@code member-pause}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** What it means, in a few words. */
    public String description() {
        return description;
    }

    /** Where an operator looks next, in the stack configuration and around it: a phrase after "look at". */
    public String lookAt() {
        return lookAt;
    }
}
