package org.jgwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.OtherFlow;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

/** A flow of other traffic as one line: with endpoints, without (hex lines), and the rest past the tallied flows. */
class OtherFlowLinesTest {
    private static final Endpoint A = new Endpoint("127.0.0.1", 40000), B = new Endpoint("127.0.0.1", 8125);

    @Test
    void aFlowBetweenTwoEndpointsNamesThem() {
        OtherFlow f = new OtherFlow(Transport.UDP, A, B, 3, 70, 4, 1_000, 9, 2_000);
        assertEquals(
                "other udp 127.0.0.1:40000>127.0.0.1:8125 3 packets, 70 bytes, frames #4 to #9",
                OtherFlowLines.text(f));
        assertEquals(
                "{\"kind\":\"other\",\"transport\":\"udp\",\"src_ep\":\"127.0.0.1:40000\","
                        + "\"dst_ep\":\"127.0.0.1:8125\","
                        + "\"packets\":3,\"bytes\":70,\"first_frame\":4,\"first_ts_ns\":1000,\"last_frame\":9,"
                        + "\"last_ts_ns\":2000}",
                OtherFlowLines.json(f));
    }

    @Test
    void theFlowOfAnInputWithoutEndpointsSaysSoAndKeepsItsLines() {
        OtherFlow f = new OtherFlow(Transport.UDP, null, null, 2, 28, 42, -1, 43, -1);
        assertEquals(
                "other udp (the input names no endpoints) 2 packets, 28 bytes, frames #42 to #43",
                OtherFlowLines.text(f));
        assertEquals(
                "{\"kind\":\"other\",\"transport\":\"udp\",\"packets\":2,\"bytes\":28,\"first_frame\":42,"
                        + "\"first_ts_ns\":null,\"last_frame\":43,\"last_ts_ns\":null}",
                OtherFlowLines.json(f));
    }

    @Test
    void theDatagramsPastTheTalliedFlowsAreOneCount() {
        OtherFlow f = new OtherFlow(Transport.UDP, null, null, 1, 1, -1, -1, -1, -1);
        assertEquals("other udp (flows past the listed ones) 1 packet, 1 byte", OtherFlowLines.text(f));
        assertEquals("{\"kind\":\"other\",\"transport\":\"udp\",\"packets\":1,\"bytes\":1}", OtherFlowLines.json(f));
    }
}
