package org.jgwire.codec.analysis.findings;

import java.util.Locale;

/**
 * What a finding is about: stable identifiers, documented in docs/diagnose.md. A code is listed here once a detector
 * reports it.
 */
public enum FindingCode {
    /** Subgroups that each installed a view of their own while all kept running: a network split. */
    PARTITION("a network split: subgroups with views of their own while every member kept talking"),
    /** A member silent towards everyone long enough to be excluded, then talking again: a process pause. */
    MEMBER_PAUSE("a member silent towards everyone long enough to be excluded, then talking again"),
    /** A member that stopped and never came back. */
    CRASH("a member that stopped and never came back"),
    /** A member that asked for many retransmissions: messages on their way to it are lost. */
    RETRANSMISSIONS("a member that asked for many retransmissions: the lossy path leads to it");

    private final String description;

    FindingCode(String description) {
        this.description = description;
    }

    /** The code as shown in text and JSON: lower case, {@code -} for {@code _} ({@code member-pause}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** What it means, in a few words. */
    public String description() {
        return description;
    }
}
