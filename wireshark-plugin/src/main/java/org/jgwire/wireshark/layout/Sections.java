package org.jgwire.wireshark.layout;

import java.util.Locale;

/**
 * The display-filter section of a header class's fields ({@code jgroups.<section>.<field>}): the hand layouts'
 * section where there is one (filters people already use stay), else the protocol the class is nested in ({@code
 * SEQUENCER$SequencerHeader}: {@code sequencer}), else the class's name without "Header" ({@code AuthHeader}: {@code
 * auth}).
 */
public final class Sections {
    private Sections() {}

    public static String of(String className) {
        for (HeaderLayout l : HeaderLayouts.all()) if (l.className().equals(className)) return l.section();
        String s = className.substring(className.lastIndexOf('.') + 1);
        int dollar = s.indexOf('$');
        String name = dollar > 0 ? s.substring(0, dollar) : s.replace("Header", "");
        if (name.isEmpty()) name = s;
        return name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
    }
}
