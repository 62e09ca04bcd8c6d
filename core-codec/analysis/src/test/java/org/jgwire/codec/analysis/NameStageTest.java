package org.jgwire.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

class NameStageTest {
    private static final NodeAddress A = Records.A;

    @Test
    void eachRecordReachesTheNextStageWithItsOwnNamesAlreadyLearnt() {
        NameTable table = new NameTable();
        List<String> seen = new ArrayList<>();
        NameStage stage = new NameStage(table, r -> seen.add(table.display(A)));
        stage.accept(message(1));
        stage.accept(register(2, A, "alpha"));
        stage.accept(message(3));
        assertEquals(List.of(A.id(), "alpha", "alpha"), seen);
    }

    @Test
    void changesCountOnlyBindingsThatChangeWhatTheTableShows() {
        NameTable table = new NameTable();
        NameStage stage = new NameStage(table, r -> {});
        stage.accept(register(1, A, "alpha"));
        stage.accept(register(2, A, "alpha"));
        assertEquals(1, table.changes());
        stage.accept(register(3, A, "alpha2"));
        assertEquals(2, table.changes());
        assertEquals(2, table.copy().changes(), "a copy shows the same names");
    }

    @Test
    void startsFromTheNamesKnownUpFront() {
        NameTable table = new NameTable(List.of(new Discovery(A, "from-file", null, false, "names-file")));
        new NameStage(table, r -> {}).accept(message(1));
        assertEquals("from-file", table.display(A));
    }

    private static MessageRecord message(long packet) {
        return Records.message(packet, packet, A, null, 7800, null);
    }

    /** A GossipRouter REGISTER of A under {@code name}: a record that carries a name binding. */
    private static Record register(long packet, NodeAddress a, String name) {
        FrameInfo f = new FrameInfo(packet, packet, new Endpoint("127.0.0.1", 12001), null, Transport.TCP);
        return new GossipRecord(
                f, "REGISTER", "c", a, List.of(new Discovery(a, name, null, false, "gossip")), "5.5.7.Final");
    }
}
