package org.jgwire.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.VersionRuntime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Frames the real jars wrote, then mutated the way an attacker would, decoded through the distribution: the
 * sandbox around the jar refuses what the frame asks for, each refusal is one error record naming it, and the
 * frames after it are decoded.
 */
class HostileFrameTest {
    private static final FrameInfo FRAME =
            new FrameInfo(1, 0, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 7801), Transport.UDP);
    private static final int HUGE = 0x7ffffff0;
    private static VersionRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new VersionRuntime(VersionRuntime.defaultHome(), null, null, Limits.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static JarEncoder encoder(String version) throws Exception {
        return new JarEncoder(VersionRuntime.defaultHome().resolve("jgroups").resolve("jgroups-" + version + ".jar"));
    }

    private static List<Record> decode(FrameKind kind, byte[] frame) {
        return runtime.decode(kind, frame, 0, frame.length, FRAME);
    }

    private static byte[] plain(JarEncoder enc, String text) throws Exception {
        return enc.single(enc.message(text.getBytes(StandardCharsets.UTF_8)), false);
    }

    /** An ENCRYPT message whose header's version (Util.writeByteBuffer: i32 length + bytes) claims HUGE bytes. */
    private static byte[] encryptClaimingHuge(JarEncoder enc) throws Exception {
        byte[] version = {0x5a, 0x5b, 0x5c, 0x5d};
        Object header;
        try {
            header = enc.newInstance(
                    "org.jgroups.protocols.EncryptHeader",
                    new Class<?>[] {byte.class, byte[].class, byte[].class},
                    (byte) 1,
                    version,
                    new byte[8]);
        } catch (NoSuchMethodException threeSix) { // 3.6: the signature is set afterwards
            header = enc.newInstance(
                    "org.jgroups.protocols.EncryptHeader",
                    new Class<?>[] {byte.class, byte[].class},
                    (byte) 1,
                    version);
            enc.call(header, "signature", new Class<?>[] {byte[].class}, (Object) new byte[8]);
        }
        byte[] frame = enc.withHeader("org.jgroups.protocols.SYM_ENCRYPT", header);
        return patchInt(frame, JarEncoder.indexOf(frame, version) - 4, HUGE);
    }

    /** A 5.x ObjectMessage carrying a SeqnoList (NAKACK2's XMIT_REQ payload) whose size claims HUGE bits. */
    private static byte[] seqnoListClaimingHuge(JarEncoder enc) throws Exception {
        Object list = enc.newInstance("org.jgroups.util.SeqnoList", new Class<?>[] {int.class, long.class}, 100, 1000L);
        byte[] frame = enc.single(enc.objectMessage(null, enc.uuid(1, 2), list), true);
        byte[] sizeAndOffset = ByteBuffer.allocate(12).putInt(100).putLong(1000).array();
        return patchInt(frame, JarEncoder.indexOf(frame, sizeAndOffset), HUGE);
    }

    /** A 5.x GossipRouter MESSAGE whose buffer length (the i32 before the embedded frame) claims HUGE bytes. */
    private static byte[] gossipClaimingHuge(JarEncoder enc) throws Exception {
        byte[] inner = plain(enc, "tunnelled");
        byte[] gossip = enc.gossipMessage("demo", enc.uuid(3, 4), inner);
        return patchInt(gossip, gossip.length - inner.length - 4, HUGE);
    }

    private static byte[] patchInt(byte[] b, int at, int value) {
        assertTrue(at >= 0, "the field to mutate was not found");
        ByteBuffer.wrap(b).putInt(at, value);
        return b;
    }

    private static ErrorRecord onlyError(List<Record> records) {
        assertEquals(1, records.size(), records.toString());
        assertTrue(records.get(0) instanceof ErrorRecord, records.toString());
        return (ErrorRecord) records.get(0);
    }

    private static void assertDecoded(String text, List<Record> records) {
        assertEquals(1, records.size(), records.toString());
        assertEquals(text, ((MessageRecord) records.get(0)).payload().text());
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.6.20.Final", "4.2.30.Final", "5.5.7.Final"})
    void authTokenNamingAJdkClassIsRefusedAndTheNextFrameDecoded(String version) throws Exception {
        try (JarEncoder enc = encoder(version)) {
            ErrorRecord e = onlyError(decode(FrameKind.TRANSPORT, enc.authNaming("java.util.logging.FileHandler")));
            assertEquals(ProblemKind.UNKNOWN_CLASS, e.problem(), e.message());
            assertTrue(
                    e.message()
                            .startsWith("JGroups " + version
                                    + " refused to load class java.util.logging.FileHandler named by the frame"),
                    e.message());
            assertTrue(e.offset() > 0, e.message()); // where the adapter met it: the AUTH header
            assertDecoded("after", decode(FrameKind.TRANSPORT, plain(enc, "after")));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.6.20.Final", "4.2.30.Final", "5.5.7.Final"})
    void authTokenNamingAClassOffTheAllowListNeverLoadsIt(String version) throws Exception {
        try (JarEncoder enc = encoder(version)) {
            ErrorRecord e = onlyError(decode(FrameKind.TRANSPORT, enc.authNaming(Tripwire.class.getName())));
            assertTrue(e.message().contains("refused to load class " + Tripwire.class.getName()), e.message());
            assertNull(System.getProperty(Tripwire.INITIALISED), "the frame initialised a class it named");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"3.6.20.Final", "4.2.30.Final", "5.5.7.Final"})
    void hugeClaimedLengthsAreRefusedWithoutAllocatingThem(String version) throws Exception {
        try (JarEncoder enc = encoder(version)) {
            List<byte[]> hostile = new ArrayList<>(List.of(encryptClaimingHuge(enc)));
            List<FrameKind> kinds = new ArrayList<>(List.of(FrameKind.TRANSPORT));
            if (version.startsWith("5.")) {
                hostile.add(seqnoListClaimingHuge(enc));
                kinds.add(FrameKind.TRANSPORT);
                hostile.add(gossipClaimingHuge(enc));
                kinds.add(FrameKind.GOSSIP);
            }
            byte[] good = plain(enc, "between");
            assertDecoded("between", decode(FrameKind.TRANSPORT, good)); // the jar is loaded before measuring
            assertTrue(hostile.stream().mapToInt(b -> b.length + good.length).sum() < 100_000);

            ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
            long thread = Thread.currentThread().getId();
            long allocatedBefore = threads.getThreadAllocatedBytes(thread);
            List<List<Record>> decoded = new ArrayList<>();
            for (int i = 0; i < hostile.size(); i++) {
                decoded.add(decode(kinds.get(i), hostile.get(i)));
                decoded.add(decode(FrameKind.TRANSPORT, good));
            }
            long allocated = threads.getThreadAllocatedBytes(thread) - allocatedBefore;

            for (int i = 0; i < hostile.size(); i++) {
                ErrorRecord e = onlyError(decoded.get(2 * i));
                assertEquals(ProblemKind.LIMIT, e.problem(), e.message());
                assertTrue(e.message().startsWith("JGroups " + version + " refused an array of "), e.message());
                assertTrue(e.message().contains(" (frame holds " + hostile.get(i).length + ")"), e.message());
                assertDecoded("between", decoded.get(2 * i + 1));
            }
            assertTrue(
                    decoded.get(0).get(0).toString().contains("refused an array of " + HUGE + " bytes"),
                    decoded.get(0).toString());
            // the bound is on work done, not time: what a refused claim costs shows in the bytes allocated
            assertTrue(allocated < 64L << 20, allocated + " bytes allocated");
        }
    }
}
