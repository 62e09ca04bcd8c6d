package org.jgwire.gui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** An MPING datagram's message states no version: the detail tree says so and still names the jar that read it. */
class MpingDetailTest {
    @Test
    void theVersionNodeSaysTheWireCarriesNoneAndNamesTheJar() {
        FrameInfo datagram = new FrameInfo(
                1, -1, new Endpoint("127.0.0.1", 35754), new Endpoint("239.255.140.175", 24682), Transport.MPING);
        MessageRecord m = MessageRecord.builder(datagram)
                .decodedWith("5.3.1.Final")
                .type("BYTES")
                .src(NodeAddress.uuid("74fd1e69-b671-43e7-8180-c3d4c751c4d6"))
                .range(0, 70)
                .build();
        DetailNode tree = new DetailTreeBuilder(a -> null).build(m, null, 70);
        List<String> versions = tree.children().stream()
                .flatMap(n -> n.children().stream())
                .map(DetailNode::label)
                .filter(l -> l.startsWith("Version: "))
                .toList();
        assertEquals(List.of("Version: none on the wire (decoded with 5.3.1.Final)"), versions);
    }
}
