package org.jgwire.adapter.jg36;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import org.jgwire.adapter.classic.IsolatedJar;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The jg36 adapter is compiled against 3.6.20 but must run on 3.5.x and 3.6.x jars; the module's build copies a
 * 3.5 jar for this test.
 */
class OtherJarsTest {
    @ParameterizedTest
    @ValueSource(strings = {"3.5.1", "3.6.20"})
    void decodesFramesOfA3xJarOnThatJar(String version) throws Exception {
        List<List<Record>> frames = IsolatedJar.run(version, Jg36WireAdapter.class, IsolatedProbe.class);

        MessageRecord view = assertInstanceOf(MessageRecord.class, frames.get(0).get(0), frames.get(0)::toString);
        assertEquals(version, String.valueOf(view.version()));
        assertEquals(version + ".Final", view.decodedWith());
        assertEquals(
                List.of("GMS", "UDP"),
                view.headers().stream().map(HeaderRecord::protocol).toList());
        assertEquals("demo", view.cluster());
        assertEquals("VIEW", view.view().kind());
        assertEquals(2, view.view().members().size());

        MessageRecord ping = assertInstanceOf(MessageRecord.class, frames.get(1).get(0), frames.get(1)::toString);
        assertEquals("PING", ping.headers().get(0).protocol());
        assertEquals("node-a", ping.discovery().get(0).logicalName());
        assertEquals("127.0.0.1:7800", ping.discovery().get(0).physical());

        if (version.startsWith("3.5")) { // no GossipType yet: a different GossipRouter protocol
            ErrorRecord e = assertInstanceOf(ErrorRecord.class, frames.get(2).get(0), frames.get(2)::toString);
            assertEquals(ProblemKind.UNSUPPORTED_VERSION, e.problem());
        } else {
            assertEquals(1, frames.get(2).size(), frames.get(2)::toString);
        }
    }
}
