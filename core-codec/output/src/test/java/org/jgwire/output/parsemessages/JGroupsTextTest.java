package org.jgwire.output.parsemessages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.model.ViewInfo;
import org.junit.jupiter.api.Test;

/** Cases the sample captures do not hold, each against the format string of the JGroups class it imitates. */
class JGroupsTextTest {
    private static final NodeAddress A = NodeAddress.uuid("00000000-0000-0000-0000-00000000000a");
    private static final NodeAddress B = NodeAddress.uuid("00000000-0000-0000-0000-00000000000b");

    private final NameTable names = new NameTable(List.of(new Discovery(A, "A", null, false, "names-file")));
    private final JGroupsText text = new JGroupsText(names);

    private static MessageRecord message(
            String version,
            String type,
            int flags,
            List<String> flagNames,
            int length,
            ViewInfo view,
            HeaderRecord... headers) {
        return MessageRecord.builder(new FrameInfo(1, -1, null, null, Transport.NONE))
                .version(JGroupsVersion.parse(version))
                .decodedWith(version + ".Final")
                .type(type)
                .flags(flags, flagNames)
                .src(A)
                .dest(B)
                .headers(List.of(headers))
                .payload(new Payload(length, null, new byte[0], null))
                .view(view)
                .build();
    }

    private static HeaderRecord gms(String type, String text) {
        return new HeaderRecord(12, "GMS", 55, HeaderClass.GMS, List.of(new HeaderField("type", type)), text, 0, 4);
    }

    @Test
    void fiveXGroupsDigitsAndSkipsUnnamedFlagBits() {
        Locale before = Locale.getDefault(Locale.Category.FORMAT);
        Locale.setDefault(Locale.Category.FORMAT, Locale.US);
        try {
            // BaseMessage.toString: "[%s to %s, %,d bytes%s%s]"; Util.flagsToString joins Flag names with '|'
            assertEquals(
                    "[A to " + B.id() + ", 1,234 bytes, flags=OOB|NO_FC]",
                    text.message(
                            message("5.5.7", "BYTES", 0x1 | 0x4 | 0x8, List.of("OOB", "NO_FC", "0x8"), 1234, null)));
            // 4.x Message.toString: "[%s to %s, %d bytes%s%s]"
            assertEquals(
                    "[A to " + B.id() + ", 1234 bytes]",
                    text.message(message("4.2.30", "MESSAGE", 0, List.of(), 1234, null)));
            // NioMessage.toString: "%s %s" with an empty second part for heap buffers
            assertEquals(
                    "[A to " + B.id() + ", 0 bytes] ", text.message(message("5.5.7", "NIO", 0, List.of(), 0, null)));
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, before);
        }
    }

    @Test
    void threeXMessageShowsDestSrcAndHeaderCount() {
        // 3.6 Message.toString: "[dst: <d>, src: <s> (n headers), size=n bytes, flags=..]"
        assertEquals(
                "[dst: " + B.id() + ", src: A (1 headers), size=7 bytes, flags=OOB]",
                text.message(message("3.6.20", "MESSAGE", 1, List.of("OOB"), 7, null, gms("VIEW", "GmsHeader[VIEW]"))));
    }

    @Test
    void headersGetKnownNamesAndUnknownProtocolIdsAsNumbers() {
        HeaderRecord other =
                new HeaderRecord(1001, "id=1001", 3000, HeaderClass.of("X"), List.of(), "X[" + B.id() + "]", 0, 4);
        names.learn(new Discovery(B, "B", null, false, "names-file"));
        assertEquals(
                "GMS: GmsHeader[JOIN_REQ]: mbr=B, 1001: X[B]",
                text.headers(message(
                        "5.5.7",
                        "EMPTY",
                        0,
                        List.of(),
                        0,
                        null,
                        gms("JOIN_REQ", "GmsHeader[JOIN_REQ]: mbr=" + B.id()),
                        other)));
    }

    @Test
    void viewsOnlyForViewAndJoinRspWithTwentyMembersAtMost() {
        List<NodeAddress> members = new ArrayList<>();
        for (int i = 0; i < 22; i++)
            members.add(NodeAddress.uuid(String.format("00000000-0000-0000-0000-0000000001%02d", i)));
        names.learn(new Discovery(members.get(0), "m0", null, false, "names-file"));
        ViewInfo v = new ViewInfo("VIEW", A, 7, members, -1, List.of(), List.of(), List.of());
        String shown = text.view(message("5.5.7", "BYTES", 0, List.of(), 10, v, gms("VIEW", "GmsHeader[VIEW]")));
        // View.toString: "[A|7] (22) [" + Util.printListWithDelimiter(members, ", ", 20) + "]", then " ..." past 20
        assertEquals("[A|7] (22) [m0, " + members.get(1).id(), shown.substring(0, shown.indexOf(',', 16)));
        assertEquals(members.get(19).id() + " ...]", shown.substring(shown.length() - 41));
        assertNull(text.view(message("5.5.7", "BYTES", 0, List.of(), 10, v, gms("MERGE_RSP", "GmsHeader[MERGE_RSP]"))));
        // DeltaView.toString: view id, ", ref-view=", then left/joined as Arrays.toString when not empty
        ViewInfo delta = new ViewInfo("DELTA_VIEW", A, 8, List.of(A, B), 7, List.of(), List.of(B), List.of());
        assertEquals(
                "[A|8], ref-view=[A|7], joined=[" + B.id() + "]",
                text.view(message("5.5.7", "BYTES", 0, List.of(), 10, delta, gms("VIEW", "GmsHeader[VIEW]"))));
    }
}
