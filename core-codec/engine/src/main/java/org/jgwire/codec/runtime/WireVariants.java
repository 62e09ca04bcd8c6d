package org.jgwire.codec.runtime;

import static org.jgwire.codec.model.ApiFamily.JG36;
import static org.jgwire.codec.model.ApiFamily.JG4;
import static org.jgwire.codec.model.ApiFamily.JG5;

import java.util.List;
import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * The wire variants jgwire knows, from the version table of docs/wire-format.md: the format changes inside minor lines,
 * so a frame's version short (micro included) picks the variant, and the variant picks the jar. A frame from a version
 * outside every range is never guessed at.
 */
public final class WireVariants {
    private static final List<WireVariant> ALL = List.of(
            v("3.5.0", "4.0.0", JG36, "3.x id maps; no message-type short; BUF_SET payload"),
            v("4.0.0", "5.0.0", JG4, "id maps renumbered; PingHeader initial_discovery"),
            v("5.0.0", "5.2.0", JG5, "type(u16) before every message; typed payloads"),
            v("5.2.0", "5.2.11", JG5, "BatchMessage (type 7)"),
            v("5.2.11", "5.2.17", JG5, "ObjectMessage written with writeGenericStreamable"),
            v("5.2.17", "5.3.0", JG5, "SiteUUID carries site and name; new RelayHeader"),
            v("5.3.0", "5.3.2", JG5, "5.3 line"),
            v("5.3.2", "5.3.8", JG5, "discovery payload is a list of PingData"),
            v("5.3.8", "5.4.0", JG5, "TpHeader flag byte, TpHeader inside batches"),
            v("5.4.0", "5.5.0", JG5, "CompositeMessage sub-messages without addresses"),
            v("5.5.0", "5.5.3", JG5, "5.5 line"),
            v("5.5.3", "5.6.0", JG5, "TCP length -5 = graceful close"));

    private WireVariants() {}

    private static WireVariant v(String from, String until, ApiFamily family, String change) {
        return new WireVariant(JGroupsVersion.parse(from), JGroupsVersion.parse(until), family, change);
    }

    public static List<WireVariant> all() {
        return ALL;
    }

    /** The variant of this version, or null when jgwire knows no wire format for it. */
    public static WireVariant of(JGroupsVersion v) {
        for (WireVariant w : ALL) if (w.contains(v)) return w;
        return null;
    }

    /** Whether a frame starting with this version short is plausibly JGroups (a known variant). */
    public static boolean isKnownVersionShort(int s) {
        // compared as shorts: the bytes of a frame that is no JGroups frame are no version to keep an instance of
        for (WireVariant w : ALL) if (s >= w.from().toShort() && s < w.until().toShort()) return true;
        return false;
    }
}
