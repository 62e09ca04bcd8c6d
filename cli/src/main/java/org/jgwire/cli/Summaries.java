package org.jgwire.cli;

import org.jgwire.codec.DecodeSummary;

/** The one-line end-of-run summary printed on stderr. */
public final class Summaries {
    private Summaries() {}

    public static String line(DecodeSummary s) {
        return s.packets() + " packets, " + s.frames() + " frames, " + s.messages() + " messages, " + s.errors()
                + (s.errors() == 1 ? " error" : " errors")
                + (s.versions().isEmpty() ? "" : "; JGroups " + String.join(", ", s.versions()));
    }
}
