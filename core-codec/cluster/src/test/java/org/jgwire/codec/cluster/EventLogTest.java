package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventLogTest {
    private static final String C_UUID = "f38a4b60-e5d2-5814-655e-97b3d1d995af";

    private static NodeEvent started(String name, String uuid) {
        return new NodeEvent(name, "started", Map.of("name", name, "uuid", uuid), 0);
    }

    private static NodeEvent view(String node, String creator, List<String> members) {
        return new NodeEvent(node, "view", Map.of("creator", creator, "id", 3L, "members", members), 0);
    }

    @Test
    void aMemberPrintedAsItsUuidBeforeItsNameArrivedCountsAsThatMember() {
        // seen in a 3.6.20 tcp run: B installed [A, B, C] before C's logical name reached it
        List<NodeEvent> events = List.of(
                started("A", "00000000-0000-0001-0000-000000000001"),
                started("B", "00000000-0000-0002-0000-000000000002"),
                started("C", C_UUID),
                view("B", "A", List.of("A", "B", C_UUID.toUpperCase())));
        assertEquals(List.of("A", "B", "C"), EventLog.lastView(events, "B"));
    }

    @Test
    void anUnknownMemberStaysAsPrinted() {
        List<NodeEvent> events =
                List.of(started("A", "00000000-0000-0001-0000-000000000001"), view("A", "A", List.of("A", C_UUID)));
        assertEquals(List.of("A", C_UUID), EventLog.lastView(events, "A"));
    }

    @Test
    void manifestViewsNameTheirMembersAndCreator() {
        List<NodeEvent> events = List.of(
                started("A", "00000000-0000-0001-0000-000000000001"),
                started("C", C_UUID),
                view("A", C_UUID, List.of(C_UUID, "A")));
        assertEquals(List.of("C", "A"), EventLog.named(events, List.of(C_UUID, "A")));
        assertEquals("C", EventLog.nameOfUuid(events, C_UUID));
    }
}
