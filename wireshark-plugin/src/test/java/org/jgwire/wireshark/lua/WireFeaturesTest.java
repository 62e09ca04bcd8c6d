package org.jgwire.wireshark.lua;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;

class WireFeaturesTest {
    @Test
    void thresholdsAreTheVersionShortsOfWireNotesTable() {
        Map<String, Integer> t = WireFeatures.thresholds();
        // version short = major << 11 | minor << 6 | micro (docs/wire-format.md), computed by hand
        assertEquals(5 << 11, t.get("typed_messages"));
        assertEquals(4 << 11, t.get("gossip_sender"));
        assertEquals(5 << 11 | 2 << 6 | 17, t.get("site_uuid_strings"));
        assertEquals(5 << 11 | 3 << 6 | 2, t.get("discovery_list"));
        assertEquals(5 << 11 | 4 << 6, t.get("composite_without_addresses"));
        assertEquals(0x2943, t.get("close_mark")); // 5.5.3
        assertEquals(JGroupsVersion.parse("5.5.3").toShort(), t.get("close_mark"));
    }
}
