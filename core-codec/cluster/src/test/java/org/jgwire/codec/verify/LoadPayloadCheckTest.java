package org.jgwire.codec.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.cluster.node.LoadShape;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** LoadPayloadCheck: a load message's length and first 64 bytes are those its sender drew, or it says which not. */
class LoadPayloadCheckTest {
    private static final LoadShape TEXT = LoadShape.parse("100-1000");

    private static MessageRecord load(long packet, int length, byte[] bytes) {
        FrameInfo frame =
                new FrameInfo(packet, -1, new Endpoint("127.0.0.1", 1), new Endpoint("127.0.0.1", 2), Transport.UDP);
        Payload p = new Payload(length, null, Arrays.copyOf(bytes, Math.min(64, bytes.length)), null);
        return MessageRecord.builder(frame)
                .version(JGroupsVersion.parse("5.5.7"))
                .decodedWith("5.5.7.Final")
                .type("BYTES")
                .src(NodeAddress.uuid("a"))
                .multicast(true)
                .cluster("c")
                .payload(p)
                .build();
    }

    private static List<VerifyItem> report(String scenario, MessageRecord... messages) {
        LoadPayloadCheck check = new LoadPayloadCheck(scenario);
        for (MessageRecord m : messages) check.accept(m, "A");
        List<VerifyItem> items = new ArrayList<>();
        check.report(items);
        return items;
    }

    @Test
    void payloadsAsDrawnAreOk() {
        byte[] one = TEXT.payload("A", 1, 2), two = TEXT.payload("A", 2, 2);
        List<VerifyItem> items = report("load:2:100-1000", load(1, one.length, one), load(2, two.length, two));
        assertEquals(1, items.size());
        assertEquals(Outcome.OK, items.get(0).outcome());
        assertTrue(items.get(0).detail().startsWith("2 checked"), items.get(0).detail());
    }

    @Test
    void anotherLengthOrOtherBytesAreAMismatch() {
        byte[] one = TEXT.payload("A", 1, 2), two = TEXT.payload("A", 2, 2).clone();
        two[40] ^= 1;
        List<VerifyItem> items = report("load:2:100-1000", load(7, one.length + 1, one), load(8, two.length, two));
        assertEquals(Outcome.MISMATCH, items.get(0).outcome());
        assertEquals(
                "2 of 2 differ; first at packet 7: " + (one.length + 1) + " bytes, " + one.length + " expected",
                items.get(0).detail());
        items = report("load:2:100-1000", load(8, two.length, two));
        assertEquals(
                "1 of 1 differ; first at packet 8: other first bytes than A drew",
                items.get(0).detail());
    }

    @Test
    void theBinaryShapeIsNotTheText() {
        byte[] text = TEXT.payload("A", 1, 1);
        assertEquals(
                Outcome.MISMATCH,
                report("load:1:100-1000:binary", load(1, text.length, text))
                        .get(0)
                        .outcome());
    }

    @Test
    void otherScenariosAreNotChecked() {
        byte[] text = TEXT.payload("A", 1, 1);
        assertEquals(List.of(), report("chat", load(1, text.length, text)));
    }
}
