package org.jgwire.codec.analysis.findings;

import java.util.Locale;

/** How much a finding matters to the cluster's operator, least first. */
public enum Severity {
    /** Worth knowing; nothing is wrong. */
    INFO,
    /** Something the cluster recovered from, or that will hurt if it goes on. */
    WARNING,
    /** The cluster lost a member, split, or could not work as configured. */
    ERROR;

    /** The name shown in text and JSON: {@code info}, {@code warning}, {@code error}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
