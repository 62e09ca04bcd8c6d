package org.jgwire.wireshark.layout;

import java.util.List;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The body of one header class as its {@code writeTo} writes it, for the versions {@code [from, until)}.
 *
 * @param className the class's binary name as in {@code jg-magic-map.xml}
 *     ({@code org.jgroups.protocols.pbcast.GMS$GmsHeader})
 * @param section   the display-filter section of its fields: {@code jgroups.<section>.<field>}
 */
public record HeaderLayout(
        String className, String section, JGroupsVersion from, JGroupsVersion until, List<Item> items) {
    public boolean covers(JGroupsVersion v) {
        return v.compareTo(from) >= 0 && v.compareTo(until) < 0;
    }

    /** The simple name JGroups' {@code getSimpleName()} gives (after the last {@code .} and {@code $}). */
    public String simpleName() {
        return simpleName(className);
    }

    public static String simpleName(String binaryName) {
        String s = binaryName.substring(binaryName.lastIndexOf('.') + 1);
        return s.substring(s.lastIndexOf('$') + 1);
    }
}
