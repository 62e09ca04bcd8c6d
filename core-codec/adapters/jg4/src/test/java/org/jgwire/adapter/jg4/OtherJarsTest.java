package org.jgwire.adapter.jg4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.jgwire.adapter.classic.IsolatedJar;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The jg4 adapter is compiled against 4.2.30 but must run on every 4.x jar jgwire bundles: load it beside 4.0.24
 * and 4.1.10 in a class loader of its own, as the runtime does, and decode frames those jars wrote.
 */
class OtherJarsTest {
    @ParameterizedTest
    @ValueSource(strings = {"4.0.24", "4.1.10"})
    void decodesFramesOfAnother4xJarOnThatJar(String version) throws Exception {
        List<List<Record>> frames = IsolatedJar.run(version, Jg4WireAdapter.class, IsolatedProbe.class);

        MessageRecord view = assertInstanceOf(MessageRecord.class, frames.get(0).get(0), frames.get(0)::toString);
        assertEquals(version, String.valueOf(view.version()));
        assertEquals(version + ".Final", view.decodedWith());
        assertEquals(
                List.of("GMS", "TP"),
                view.headers().stream().map(HeaderRecord::protocol).toList());
        assertEquals("demo", view.cluster());
        assertEquals("DELTA_VIEW", view.view().kind());
        assertEquals(2, view.view().refId());
        assertEquals(1, view.view().left().size());

        assertEquals(2, frames.get(1).size(), frames.get(1)::toString);
        MessageRecord second =
                assertInstanceOf(MessageRecord.class, frames.get(1).get(1));
        assertEquals("PING", second.headers().get(0).protocol());
        assertEquals("node-b", second.discovery().get(0).logicalName());
        assertEquals(1, second.batchIndex());

        GossipRecord register =
                assertInstanceOf(GossipRecord.class, frames.get(2).get(0), frames.get(2)::toString);
        assertEquals("REGISTER", register.type());
        assertEquals("node-a", register.discovery().get(0).logicalName());
        assertEquals(version + ".Final", register.version());
    }
}
