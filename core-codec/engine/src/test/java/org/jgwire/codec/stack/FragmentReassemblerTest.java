package org.jgwire.codec.stack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/**
 * Fragment sets fed as the adapters give them: a record whose payload is the last bytes of its range in the frame
 * (a frame here is 10 bytes of "message head" followed by the fragment's bytes).
 */
class FragmentReassemblerTest {
    private static final NodeAddress A = NodeAddress.uuid("00000000-0000-0001-0000-000000000001");
    private static final int HEAD = 10;

    private final List<Record> out = new ArrayList<>();
    private final List<MessageRecord> tapped = new ArrayList<>();
    private final List<Object[]> decoded = new ArrayList<>();

    private FragmentReassembler reassembler(Limits limits) {
        return new FragmentReassembler(
                limits,
                (version, type, buf, off, len, frame) -> {
                    decoded.add(new Object[] {type, Arrays.copyOfRange(buf, off, off + len)});
                    return List.of(message(frame, "BYTES", List.of(), new Payload(len, null, new byte[0], null)));
                },
                tapped::add);
    }

    /** FRAG2's FragHeader: id, frag_id, num_frags. */
    private static HeaderRecord frag2(long id, int fragId, int numFrags) {
        return new HeaderRecord(
                4,
                "FRAG2",
                52,
                HeaderClass.FRAG,
                List.of(
                        new HeaderField("id", id),
                        new HeaderField("frag_id", fragId),
                        new HeaderField("num_frags", numFrags)),
                "",
                0,
                20);
    }

    /** 5.x FRAG4's FragHeader with needs_deserialization and original_type. */
    private static HeaderRecord frag4(long id, int fragId, int numFrags, short originalType) {
        return new HeaderRecord(
                69,
                "FRAG4",
                52,
                HeaderClass.FRAG,
                List.of(
                        new HeaderField("id", id),
                        new HeaderField("frag_id", fragId),
                        new HeaderField("num_frags", numFrags),
                        new HeaderField("needs_deserialization", false),
                        new HeaderField("original_type", originalType)),
                "",
                0,
                20);
    }

    private static HeaderRecord frag3(int id, int fragId, int numFrags, int originalLength, int offset) {
        return new HeaderRecord(
                62,
                "FRAG3",
                91,
                HeaderClass.FRAG3,
                List.of(
                        new HeaderField("id", id),
                        new HeaderField("frag_id", fragId),
                        new HeaderField("num_frags", numFrags),
                        new HeaderField("original_length", originalLength),
                        new HeaderField("offset", offset)),
                "",
                0,
                20);
    }

    private static final HeaderRecord NAKACK = new HeaderRecord(
            41,
            "NAKACK2",
            78,
            HeaderClass.of("NakAckHeader2"),
            List.of(new HeaderField("type", "MSG"), new HeaderField("seqno", 7L)),
            "",
            0,
            12);

    private static MessageRecord message(FrameInfo f, String type, List<HeaderRecord> headers, Payload p) {
        return MessageRecord.builder(f)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type(type)
                .src(A)
                .multicast(true)
                .cluster("c")
                .headers(headers)
                .payload(p)
                .range(0, HEAD + p.length())
                .build();
    }

    private long packet;

    /** Feeds one fragment: a frame of HEAD filler bytes and then {@code data}. */
    private void feed(FragmentReassembler r, String type, List<HeaderRecord> headers, byte[] data) {
        feed(r, type, headers, data, 7801);
    }

    private void feed(FragmentReassembler r, String type, List<HeaderRecord> headers, byte[] data, int dstPort) {
        byte[] frame = new byte[HEAD + data.length];
        Arrays.fill(frame, 0, HEAD, (byte) 0x7f);
        System.arraycopy(data, 0, frame, HEAD, data.length);
        FrameInfo f = new FrameInfo(++packet, packet * 1000, null, new Endpoint("127.0.0.1", dstPort), Transport.UDP);
        r.accept(message(f, type, headers, new Payload(data.length, null, new byte[0], null)), frame, 0, out::add);
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void reassemblesFrag2FragmentsArrivingOutOfOrderIntoTheFirstFragmentsHeadersAndTheWholePayload() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "BYTES", List.of(frag2(5, 2, 3)), ascii("world"));
        feed(r, "BYTES", List.of(NAKACK, frag2(5, 0, 3)), ascii("hello"));
        assertTrue(out.isEmpty(), "nothing shown while the set is open");
        feed(r, "BYTES", List.of(frag2(5, 1, 3)), ascii(", "));
        assertEquals(1, out.size());
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals("hello, world", m.payload().text());
        assertEquals(12, m.payload().length());
        assertEquals(
                List.of("NAKACK2"),
                m.headers().stream().map(HeaderRecord::protocol).toList());
        assertEquals(List.of(1L, 2L, 3L), m.reassembledFrom());
        assertEquals(3, m.frame().packet(), "placed at the fragment that completed it");
        assertEquals(3, tapped.size());
        assertEquals(0, r.openSets());
        assertEquals(0, r.heldBytes());
    }

    @Test
    void passesARetransmittedFragmentThroughWithoutCountingItTwice() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "BYTES", List.of(frag2(1, 0, 2)), ascii("ab"));
        feed(r, "BYTES", List.of(frag2(1, 0, 2)), ascii("ab"));
        assertEquals(1, out.size(), "the copy on the same path is shown as it is");
        assertTrue(FragmentHeader.of((MessageRecord) out.get(0)) != null);
        feed(r, "BYTES", List.of(frag2(1, 1, 2)), ascii("cd"));
        assertEquals("abcd", ((MessageRecord) out.get(1)).payload().text());
        feed(r, "BYTES", List.of(frag2(1, 1, 2)), ascii("cd")); // late copy of a completed set
        assertEquals(3, out.size());
        assertEquals(0, r.openSets());
    }

    @Test
    void reportsAnIncompleteSetAtTheEndNamingTheMissingFragment() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "BYTES", List.of(frag2(9, 0, 3)), ascii("x"));
        feed(r, "BYTES", List.of(frag2(9, 2, 3)), ascii("z"));
        r.finish(out::add);
        assertEquals(3, out.size(), "the error, then the two fragments as they are");
        ErrorRecord e = (ErrorRecord) out.get(0);
        assertEquals(ProblemKind.INCOMPLETE, e.problem());
        assertEquals(
                List.of(1L, 2L),
                out.subList(1, 3).stream().map(x -> x.frame().packet()).toList());
        assertTrue(e.message().contains("2 of 3 fragments"), e.message());
        assertTrue(e.message().contains("missing frag_id 1"), e.message());
        assertEquals(1, r.incompleteCount());
        assertEquals(0, r.heldBytes());
    }

    @Test
    void dropsTheOldestSetWhenTooManyAreOpenAndNamesTheOption() {
        FragmentReassembler r = reassembler(
                Limits.builder().maxFragmentSets(2).maxFragmentBytes(1 << 20).build());
        feed(r, "BYTES", List.of(frag2(1, 0, 2)), ascii("a"));
        feed(r, "BYTES", List.of(frag2(2, 0, 2)), ascii("b"));
        feed(r, "BYTES", List.of(frag2(3, 0, 2)), ascii("c"));
        assertEquals(2, out.size(), "the error, then the dropped set's fragment");
        ErrorRecord e = (ErrorRecord) out.get(0);
        assertEquals(ProblemKind.LIMIT, e.problem());
        assertTrue(e.message().contains("FRAG2 message 1 "), e.message());
        assertTrue(e.message().contains("(2, --max-fragment-sets)"), e.message());
        assertEquals(2, r.openSets());
        feed(r, "BYTES", List.of(frag2(1, 1, 2)), ascii("a2")); // the rest of a dropped set: shown as it is
        assertEquals(3, out.size());
        assertTrue(out.get(2) instanceof MessageRecord m && FragmentHeader.of(m) != null);
    }

    @Test
    void dropsSetsWhenTheBytesHeldWouldExceedTheMaximum() {
        FragmentReassembler r = reassembler(
                Limits.builder().maxFragmentSets(16).maxFragmentBytes(10).build());
        feed(r, "BYTES", List.of(frag2(1, 0, 2)), ascii("123456"));
        feed(r, "BYTES", List.of(frag2(2, 0, 2)), ascii("abcdef"));
        ErrorRecord e = (ErrorRecord) out.get(0);
        assertEquals(ProblemKind.LIMIT, e.problem());
        assertTrue(e.message().contains("(10, --max-fragment-bytes)"), e.message());
        assertEquals(6, r.heldBytes());
    }

    @Test
    void reassemblesFrag3FragmentsAtTheirOffsets() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "MESSAGE", List.of(frag3(4, 1, 2, 7, 4)), ascii("567"));
        feed(r, "MESSAGE", List.of(frag3(4, 0, 2, 7, 0)), ascii("1234"));
        assertEquals("1234567", ((MessageRecord) out.get(0)).payload().text());
    }

    @Test
    void rejectsFrag3FragmentsWhoseOffsetsDoNotTileTheOriginal() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "MESSAGE", List.of(frag3(4, 1, 2, 7, 5)), ascii("567"));
        feed(r, "MESSAGE", List.of(frag3(4, 0, 2, 7, 0)), ascii("1234"));
        assertEquals(ProblemKind.MALFORMED, ((ErrorRecord) out.get(0)).problem());
    }

    @Test
    void reportsAFragIdOutsideTheSetAndShowsTheFragment() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "BYTES", List.of(frag2(1, 3, 2)), ascii("a"));
        assertEquals(ProblemKind.MALFORMED, ((ErrorRecord) out.get(0)).problem());
        assertTrue(out.get(1) instanceof MessageRecord);
        assertEquals(0, r.openSets());
    }

    @Test
    void handsAFrag4FragmentedMessageToTheJarWithItsOriginalType() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "FRAG", List.of(frag4(8, 1, 2, (short) 3)), new byte[] {4, 5});
        feed(r, "FRAG", List.of(frag4(8, 0, 2, (short) 3)), new byte[] {1, 2, 3});
        assertEquals(1, decoded.size());
        assertEquals(3, decoded.get(0)[0]);
        assertArrayEquals(new byte[] {1, 2, 3, 4, 5}, (byte[]) decoded.get(0)[1]);
        MessageRecord m = (MessageRecord) out.get(0);
        assertEquals(List.of(1L, 2L), m.reassembledFrom(), "packets in arrival order");
        assertNull(FragmentHeader.of(m));
    }

    @Test
    void keepsOnlyTheBytesThatArrivedWhateverNumFragsClaims() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "BYTES", List.of(frag2(1, 0, Integer.MAX_VALUE)), ascii("a"));
        assertEquals(1, r.heldBytes());
        r.finish(out::add);
        assertTrue(((ErrorRecord) out.get(0)).message().contains("1 of 2147483647"));
    }

    @Test
    void reassemblesEachPathsCopyAndShowsLoneRetransmittedFragmentsWithoutAnError() {
        FragmentReassembler r = reassembler(Limits.DEFAULTS);
        feed(r, "BYTES", List.of(frag2(1, 0, 2)), ascii("ab"), 7801);
        feed(r, "BYTES", List.of(frag2(1, 0, 2)), ascii("ab"), 7802); // the copy to another member (TCP)
        feed(r, "BYTES", List.of(frag2(1, 1, 2)), ascii("cd"), 7801);
        feed(r, "BYTES", List.of(frag2(1, 1, 2)), ascii("cd"), 7802);
        feed(r, "BYTES", List.of(frag2(1, 1, 2)), ascii("cd"), 7803); // a lone retransmission to a third member
        r.finish(out::add);
        assertEquals(3, out.size(), out.toString());
        assertEquals("abcd", ((MessageRecord) out.get(0)).payload().text());
        assertEquals("abcd", ((MessageRecord) out.get(1)).payload().text());
        assertTrue(out.get(2) instanceof MessageRecord m && FragmentHeader.of(m) != null, "shown as it is");
        assertEquals(0, r.incompleteCount());
        assertEquals(5, tapped.size(), "the tap sees every fragment");
    }
}
