package org.jgwire.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Date;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.jgwire.codec.Limits;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.VersionRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Frames written by each bundled 5.x jar are decoded by the runtime with that very jar, through the
 * distribution ({@code -Djgwire.home}, laid out by {@code mvn package}).
 */
class EveryBundled5xJarTest {
    static final FrameInfo FRAME =
            new FrameInfo(1, 0, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 7801), Transport.UDP);
    private static VersionRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new VersionRuntime(VersionRuntime.defaultHome(), null, null, Limits.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    static Stream<Path> jars5x() throws Exception {
        Path dir = VersionRuntime.defaultHome().resolve("jgroups");
        assertTrue(Files.isDirectory(dir), dir + " missing: run mvn -B -q -o package -DskipTests at the root first");
        return Files.list(dir)
                .filter(p -> p.getFileName().toString().startsWith("jgroups-5."))
                .sorted();
    }

    private static String label(Path jar) {
        String n = jar.getFileName().toString();
        return n.substring("jgroups-".length(), n.length() - ".jar".length());
    }

    private static List<Record> decode(FrameKind kind, byte[] frame) {
        return runtime.decode(kind, frame, 0, frame.length, FRAME);
    }

    private static MessageRecord only(List<Record> records) {
        assertEquals(1, records.size(), records.toString());
        assertTrue(records.get(0) instanceof MessageRecord, records.toString());
        return (MessageRecord) records.get(0);
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void decodesSingleMessageWithTheJarThatWroteIt(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2), b = enc.uuid(3, 4);
            Object msg = enc.withStackHeaders(enc.bytesMessage(b, a, ("hello " + label(jar)).getBytes()), "demo", 17);
            MessageRecord m = only(decode(FrameKind.TRANSPORT, enc.single(msg, false)));
            assertEquals(label(jar), m.decodedWith());
            assertEquals(label(jar).replace(".Final", ""), String.valueOf(m.version()));
            assertEquals("BYTES", m.type());
            assertEquals("hello " + label(jar), m.payload().text());
            assertEquals(new UUID(1, 2).toString(), m.src().id());
            assertEquals(new UUID(3, 4).toString(), m.dest().id());
            assertEquals("demo", m.cluster());
            assertEquals(17L, m.header("NAKACK2").field("seqno"));
            assertEquals("MSG", m.header("NAKACK2").field("type"));
            assertEquals("TpHeader", m.header("TP").headerClass().name());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void decodesMessageListWithTheJarThatWroteIt(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2);
            List<Object> msgs = List.of(
                    enc.withStackHeaders(enc.bytesMessage(null, a, "one".getBytes()), "demo", 1),
                    enc.withStackHeaders(enc.bytesMessage(null, a, "two".getBytes()), "demo", 2));
            List<Record> records = decode(FrameKind.TRANSPORT, enc.list(null, a, "demo", msgs));
            assertEquals(2, records.size(), records.toString());
            for (int i = 0; i < 2; i++) {
                MessageRecord m = (MessageRecord) records.get(i);
                assertEquals(label(jar), m.decodedWith());
                assertEquals(i, m.batchIndex());
                assertEquals(2, m.batchSize());
                assertEquals("demo", m.cluster());
                assertEquals((long) i + 1, m.header("NAKACK2").field("seqno"));
            }
            assertEquals("two", ((MessageRecord) records.get(1)).payload().text());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void readsViewsAndDiscoveryNamesWithTheJarThatWroteThem(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(0, 1), b = enc.uuid(0, 2);
            MessageRecord view = only(decode(FrameKind.TRANSPORT, enc.single(enc.gmsView(a, 5, a, b), true)));
            assertNotNull(view.view(), view.toString());
            assertEquals("VIEW", view.view().kind());
            assertEquals(5, view.view().id());
            assertEquals(
                    List.of(new UUID(0, 1).toString(), new UUID(0, 2).toString()),
                    view.view().members().stream().map(n -> n.id()).toList());

            // 5.3.2 changed the payload to a list of PingData: each jar's own form must be read
            MessageRecord ping = only(decode(
                    FrameKind.TRANSPORT, enc.single(enc.discoveryResponse(a, b, "node-b", "127.0.0.1", 7801), false)));
            assertEquals(1, ping.discovery().size(), ping.toString());
            assertEquals("node-b", ping.discovery().get(0).logicalName());
            assertEquals("127.0.0.1:7801", ping.discovery().get(0).physical());
            assertEquals(
                    new UUID(0, 2).toString(), ping.discovery().get(0).address().id());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void decodesGossipMessageWithTheJarOfTheEmbeddedFrame(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2), b = enc.uuid(3, 4);
            byte[] inner = enc.single(enc.bytesMessage(b, a, "tunnelled".getBytes()), false);
            MessageRecord m = only(decode(FrameKind.GOSSIP, enc.gossipMessage("demo", b, inner)));
            assertEquals(label(jar), m.decodedWith());
            assertEquals("tunnelled", m.payload().text());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void namesObjectPayloadsInEachJarsOwnFormWithoutDeserializing(Path jar) throws Exception {
        // 5.0 to 5.2.10: Util.objectToStream; 5.2.11+: writeGenericStreamable with the ObjectWrapper* classes
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2);
            List<Object> msgs = List.of(
                    enc.objectMessage(null, a, "a string"),
                    enc.objectMessage(null, a, new Date(0)),
                    enc.bytesMessage(null, a, "after".getBytes()));
            List<Record> records = decode(FrameKind.TRANSPORT, enc.list(null, a, "demo", msgs));
            assertEquals(3, records.size(), records.toString());
            MessageRecord string = (MessageRecord) records.get(0), date = (MessageRecord) records.get(1);
            assertEquals("OBJECT", string.type());
            assertEquals("java.lang.String", string.payload().objectClass());
            assertEquals("a string", string.payload().text());
            assertEquals("java.util.Date", date.payload().objectClass());
            assertEquals("after", ((MessageRecord) records.get(2)).payload().text());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void readsJGroupsTypesInObjectPayloadsWithTheirOwnReadFromAndShowsTheirToString(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2);
            List<Object> msgs =
                    List.of(enc.objectMessage(null, a, enc.uuid(5, 6)), enc.bytesMessage(null, a, "after".getBytes()));
            List<Record> records = decode(FrameKind.TRANSPORT, enc.list(null, a, "demo", msgs));
            assertEquals(2, records.size(), records.toString());
            MessageRecord uuid = (MessageRecord) records.get(0);
            assertEquals("org.jgroups.util.UUID", uuid.payload().objectClass());
            assertEquals(new UUID(5, 6).toString(), uuid.payload().object());
            assertEquals("after", ((MessageRecord) records.get(1)).payload().text());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void binaryPayloadKeepsItsPrintableRunsAndTheFilterFindsTextBeyondItsFirstBytes(Path jar) throws Exception {
        byte[] payload = new byte[600];
        for (int i = 0; i < payload.length; i++) payload[i] = (byte) (i % 7 == 0 ? 0 : 0x80 + i % 50);
        byte[] key = "key-42".getBytes(), name = "order:17".getBytes();
        System.arraycopy(key, 0, payload, 300, key.length);
        System.arraycopy(name, 0, payload, 500, name.length);
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2);
            Object rpc = enc.newInstance(
                    "org.jgroups.blocks.RequestCorrelator$Header",
                    new Class<?>[] {byte.class, long.class, short.class},
                    (byte) 0,
                    42L,
                    (short) 200);
            Object msg = enc.putHeader(enc.bytesMessage(null, a, payload), (short) 200, rpc);
            MessageRecord m = only(decode(FrameKind.TRANSPORT, enc.single(msg, true)));
            assertEquals(List.of("key-42", "order:17"), m.payload().strings());
            assertEquals("REQ", m.headers().get(0).field("type"), m.toString());
            assertTrue(RecordFilter.compile("payload contains \"key-42\"").test(m));
            assertTrue(RecordFilter.compile("payload contains \"der:1\"").test(m));
            assertFalse(RecordFilter.compile("payload contains \"key-43\"").test(m));
            assertTrue(
                    RecordFilter.compile("payload.strings contains \"key-42\"").test(m));
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void readsSiteAddressesWithNameAndSite(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object site = enc.siteUuid(5, 6, "node-x", "lon");
            MessageRecord m = only(decode(
                    FrameKind.TRANSPORT, enc.single(enc.bytesMessage(site, enc.uuid(1, 2), "x".getBytes()), false)));
            assertEquals("SiteUUID", m.dest().kind());
            assertEquals("node-x", m.dest().name());
            assertEquals("lon", m.dest().site());
            assertEquals(new UUID(5, 6).toString(), m.dest().id());
        }
    }

    @ParameterizedTest
    @MethodSource("jars5x")
    void decodesCompositeAndBatchMessagesWithTheirSubMessages(Path jar) throws Exception {
        try (JarEncoder enc = new JarEncoder(jar)) {
            Object a = enc.uuid(1, 2), b = enc.uuid(3, 4);
            boolean hasBatch = !label(jar).startsWith("5.0.") && !label(jar).startsWith("5.1.");
            for (boolean batch : hasBatch ? new boolean[] {false, true} : new boolean[] {false}) {
                Object c = enc.container(
                        batch,
                        b,
                        a,
                        enc.bytesMessage(b, a, "in-1".getBytes()),
                        enc.bytesMessage(b, a, "in-2".getBytes()));
                List<Record> records = decode(FrameKind.TRANSPORT, enc.single(c, false));
                assertEquals(3, records.size(), records.toString());
                assertEquals(batch ? "EARLYBATCH" : "COMPOSITE", ((MessageRecord) records.get(0)).type());
                for (int i = 1; i <= 2; i++) {
                    MessageRecord m = (MessageRecord) records.get(i);
                    assertEquals("in-" + i, m.payload().text());
                    assertEquals(new UUID(1, 2).toString(), m.src().id());
                    assertEquals(new UUID(3, 4).toString(), m.dest().id());
                }
            }
        }
    }
}
