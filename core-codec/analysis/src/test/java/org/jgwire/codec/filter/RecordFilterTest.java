package org.jgwire.codec.filter;

import static org.jgwire.codec.filter.Records.A;
import static org.jgwire.codec.filter.Records.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

class RecordFilterTest {
    private static boolean matches(String expression, Record r) throws FilterSyntaxException {
        return RecordFilter.compile(expression).test(r);
    }

    @Test
    void protocolPresenceIgnoresCase() throws Exception {
        assertTrue(matches("NAKACK2", Records.nakack(1, 5, "x")));
        assertTrue(matches("nakack2", Records.nakack(1, 5, "x")));
        assertFalse(matches("GMS", Records.nakack(1, 5, "x")));
        assertTrue(matches("gms", Records.view(2)));
    }

    @Test
    void headerFieldsCompareByTheirValuesType() throws Exception {
        assertTrue(matches("nakack2.seqno == 5", Records.nakack(1, 5, "x")));
        assertFalse(matches("nakack2.seqno == 6", Records.nakack(1, 5, "x")));
        assertTrue(matches("nakack2.seqno >= 5 && nakack2.seqno < 6", Records.nakack(1, 5, "x")));
        assertTrue(matches("nakack2.seqno in {1, 5, 9}", Records.nakack(1, 5, "x")));
        assertTrue(matches("gms.type == VIEW", Records.view(2)));
        assertTrue(matches("gms.type == view", Records.view(2)), "a bare word ignores case");
        assertFalse(matches("gms.type == \"view\"", Records.view(2)), "a quoted string is exact");
        assertTrue(matches("gms.merge_rejected == false", Records.view(2)));
    }

    @Test
    void aHeaderFieldTheMessageLacksIsFalseWhateverTheOperator() throws Exception {
        Record r = Records.nakack(1, 5, "x");
        assertFalse(matches("gms.type == VIEW", r));
        assertFalse(matches("gms.type != VIEW", r));
        assertFalse(matches("nakack2.sender == A", r), "a field NAKACK2 headers can have, not set here");
        assertFalse(matches("unicast3.conn_id", r));
        assertTrue(matches("!(gms.type == VIEW)", r));
    }

    @Test
    void recordFieldsUseTheJsonLinesNames() throws Exception {
        Record r = Records.nakack(7, 5, "hello world");
        assertTrue(matches("kind == message && frame == 7 && transport == udp", r));
        assertTrue(matches("version == 5.5.7 && version >= 5.3 && version < 6 && version == 5.5", r));
        assertFalse(matches("version < 5.5", r));
        assertTrue(matches("version contains \"5.7\" && version matches \"^5\\\\.5\"", r), "as its text");
        assertFalse(matches("version contains \"5.3\"", r));
        assertTrue(matches("type == BYTES && multicast && !flags.OOB && cluster == \"c1\"", r));
        assertTrue(matches("payload.length == 11 && payload.text contains \"lo wo\"", r));
        assertTrue(matches("payload.text matches \"^hel+o\\\\s\"", r));
        assertTrue(
                matches("payload.text matches \"\\d\\d$\"", Records.nakack(2, 5, "chat 42")),
                "\\d stays a regex escape");
        assertTrue(matches("src_ep == \"127.0.0.1:7800\" && dst_port == 7801", r));
        assertTrue(matches("protocols contains TP && !view", r));
        assertFalse(matches("dest == \"anything\"", r), "a multicast has no dest");
    }

    @Test
    void wiresharkPluginNamesSelectWhatTheFilterNamesSelect() throws Exception {
        Record view = Records.view(4), nakack = Records.nakack(1, 5, "x"), ping = Records.discovery(3);
        assertTrue(matches("jgroups.gms.type == VIEW && jgroups.nakack2.seqno == 1", view));
        assertFalse(matches("jgroups.gms.type == VIEW", nakack));
        assertTrue(matches(
                "jgroups.msg.type == BYTES && jgroups.frame_flags.multicast && !jgroups.msg.flags.oob", nakack));
        assertTrue(matches("jgroups.msg.flags.oob && jgroups.msg.flags == 1", ping));
        assertTrue(matches("jgroups.view.member contains \"" + Records.B.id() + "\"", view));
        assertTrue(matches("jgroups.hdr.protocol contains NAKACK2 && jgroups.payload.length == 1", nakack));
        assertTrue(matches("jgroups.src == \"" + Records.A.id() + "\" && jgroups.version == 5.5", nakack));
    }

    @Test
    void wiresharkPluginSignalNamesSelectFdSockSignals() throws Exception {
        Record signal = MessageRecord.signal(
                new FrameInfo(
                        7,
                        Records.T0,
                        new Endpoint("127.0.0.1", 27092),
                        new Endpoint("127.0.0.1", 48463),
                        Transport.FD_SOCK),
                "NORMAL_TERMINATION");
        assertTrue(matches(
                "jgroups.fd_sock_signal.value == NORMAL_TERMINATION"
                        + " && jgroups.fd_sock_signal.name == \"NORMAL_TERMINATION\""
                        + " && jgroups.fd_sock_signal.sender == \"127.0.0.1:27092\""
                        + " && jgroups.fd_sock_signal.receiver == \"127.0.0.1:48463\"",
                signal));
        assertFalse(matches("jgroups.fd_sock_signal.sender == \"127.0.0.1:48463\"", signal));
        assertFalse(matches("jgroups.fd_sock_signal.name == NORMAL_TERMINATION", Records.nakack(1, 5, "x")));
        Record abnormal = MessageRecord.signal(
                new FrameInfo(
                        9,
                        Records.T0,
                        new Endpoint("127.0.0.1", 31874),
                        new Endpoint("127.0.0.1", 51493),
                        Transport.FD_SOCK),
                MessageRecord.ABNORMAL_TERMINATION,
                A,
                0);
        assertTrue(matches("jgroups.fd_sock_signal.member == \"" + A.id() + "\"", abnormal));
        assertFalse(matches("jgroups.fd_sock_signal.member == \"" + B.id() + "\"", abnormal));
    }

    @Test
    void flagsByNameAndAsNumber() throws Exception {
        Record r = Records.discovery(3);
        assertTrue(matches("flags.OOB && flags.dont_bundle && flag_names contains OOB", r));
        assertTrue(matches("flags == 1", r));
        assertFalse(matches("flags.NO_FC", r));
    }

    @Test
    void membersMatchByTheNameTheNamesStageLearnedFromEarlierRecords() throws Exception {
        NameTable names = new NameTable();
        RecordFilter f = RecordFilter.compile("src == \"node-1\"").withNames(names);
        List<Boolean> kept = new ArrayList<>();
        NameStage stage = new NameStage(names, r -> kept.add(f.test(r)));
        Record before = Records.nakack(1, 1, "x");
        stage.accept(before);
        assertTrue(RecordFilter.compile("src == \"" + A.id() + "\"").test(before));
        stage.accept(Records.discovery(2));
        stage.accept(Records.nakack(3, 2, "x"));
        assertEquals(List.of(false, false, true), kept, "no name yet; the discovery record is from B; A is node-1");
        assertTrue(RecordFilter.compile("view.members contains \"node-2\"")
                .withNames(named(B, "node-2"))
                .test(Records.view(4)));
    }

    @Test
    void membersCompareAsShownAndTheirAddressesApart() throws Exception {
        Record nakack = Records.nakack(1, 1, "x"), view = Records.view(4);
        NameTable names = named(A, "node-1");
        assertTrue(RecordFilter.compile("src == \"node-1\" && src contains \"ode\"")
                .withNames(names)
                .test(nakack));
        assertFalse(
                RecordFilter.compile("src == \"" + A.id() + "\"")
                        .withNames(names)
                        .test(nakack),
                "named: src is the name, as the plugin's jgroups.src");
        assertTrue(RecordFilter.compile("src_addr == \"" + A.id() + "\"")
                .withNames(names)
                .test(nakack));
        assertTrue(
                RecordFilter.compile("jgroups.src_addr == \"" + A.id() + "\"").test(nakack));
        NameTable b = named(B, "node-2");
        assertTrue(
                RecordFilter.compile("view.members == \"node-2\"").withNames(b).test(view), "an element equals");
        assertFalse(
                RecordFilter.compile("view.members != \"node-2\"").withNames(b).test(view), "one does");
        assertTrue(RecordFilter.compile("view.members != zz").withNames(b).test(view), "none does");
        assertFalse(
                RecordFilter.compile("view.members contains \"ode-\"")
                        .withNames(b)
                        .test(view),
                "whole members");
        assertTrue(
                RecordFilter.compile("jgroups.view.member contains \"ode-\"")
                        .withNames(b)
                        .test(view),
                "a plugin name's contains is Wireshark's: a substring of a member");
        assertTrue(matches("!batched && !jgroups.frame_flags.list", nakack), "a message sent alone");
    }

    @Test
    void withNamesStartsFromTheGivenTable() throws Exception {
        RecordFilter f = RecordFilter.compile("src in {\"x\", \"node-1\"}").withNames(named(A, "node-1"));
        assertTrue(f.test(Records.nakack(1, 1, "x")));
        assertEquals("src in {\"x\", \"node-1\"}", f.expression());
    }

    @Test
    void viewFields() throws Exception {
        Record r = Records.view(4);
        assertTrue(matches("view && view.kind == VIEW && view.id == 2 && view.creator == \"" + A.id() + "\"", r));
        assertTrue(matches("view.members contains \"" + B.id() + "\"", r));
        assertFalse(matches("view.joined contains \"" + B.id() + "\"", r));
    }

    @Test
    void errorRecordsHaveProblemAndMessage() throws Exception {
        Record e = Records.error(9);
        assertTrue(
                matches("kind == error && problem == truncated && offset == 12 && message contains \"12 of 40\"", e));
        assertFalse(matches("type == BYTES", e), "an error has no message type");
        assertFalse(matches("ts > 0", e), "an error without time");
    }

    @Test
    void timesAbsoluteAndRelativeToTheFirstRecord() throws Exception {
        RecordFilter f = RecordFilter.compile("time >= 2s && time < 2500ms");
        assertFalse(f.test(Records.nakack(1, 1, "x")), "origin, time 0");
        assertFalse(f.test(Records.nakack(2, 1, "x")), "1 s");
        assertTrue(f.test(Records.nakack(3, 1, "x")), "2 s");
        assertFalse(f.test(Records.nakack(4, 1, "x")), "3 s");
        assertTrue(matches("ts >= 1700000003.0 && ts < 1700000003.5", Records.nakack(3, 1, "x")));
        assertTrue(matches("ts == \"2023-11-14T22:13:23Z\"", Records.nakack(3, 1, "x")));
    }

    @Test
    void booleanOperatorsWithPrecedenceAndWords() throws Exception {
        Record r = Records.nakack(1, 5, "x");
        assertTrue(matches("GMS || NAKACK2 && TP", r));
        assertFalse(matches("(GMS || NAKACK2) && !TP", r));
        assertTrue(matches("not GMS and (nakack2.seqno == 4 or nakack2.seqno == 5)", r));
        assertTrue(matches("!!NAKACK2", r));
    }

    private static NameTable named(NodeAddress a, String name) {
        return new NameTable(List.of(new Discovery(a, name, null, false, "names-file")));
    }
}
