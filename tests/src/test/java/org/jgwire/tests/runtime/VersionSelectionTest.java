package org.jgwire.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;

/** How the runtime picks a jar: by the frame's version, or as the user forces it. */
class VersionSelectionTest {
    private static final Path HOME = VersionRuntime.defaultHome();

    private static byte[] frame557() throws Exception {
        try (JarEncoder enc = new JarEncoder(HOME.resolve("jgroups/jgroups-5.5.7.Final.jar"))) {
            return enc.single(enc.bytesMessage(enc.uuid(3, 4), enc.uuid(1, 2), "x".getBytes()), false);
        }
    }

    @Test
    void listsTheSixteenBundledVersions() {
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            List<String> v = rt.bundledVersions();
            assertEquals(16, v.size(), v.toString());
            assertEquals("3.6.20.Final", v.get(0));
            assertEquals("5.5.7.Final", v.get(15));
        }
    }

    @Test
    void versionWithoutABundledJarIsReportedNotGuessed() throws Exception {
        byte[] frame = frame557();
        frame[0] = 0x29; // 5.7.1 = 5<<11 | 7<<6 | 1 = 0x29c1
        frame[1] = (byte) 0xc1;
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            List<Record> r = rt.decode(FrameKind.TRANSPORT, frame, 0, frame.length, EveryBundled5xJarTest.FRAME);
            assertEquals(1, r.size());
            ErrorRecord e = (ErrorRecord) r.get(0);
            assertEquals(ProblemKind.UNSUPPORTED_VERSION, e.problem());
            assertEquals(
                    "JGroups 5.7.1 (0x29c1): no bundled jar for this wire variant; use --jgroups-jar or"
                            + " --jgroups-version",
                    e.message());
        }
    }

    @Test
    void microWithoutItsOwnJarUsesTheClosestOfItsVariant() throws Exception {
        byte[] frame = frame557();
        frame[0] = 0x29; // 5.5.5 = 0x2945: variant 5.5.3..5.6.0, whose only jar is 5.5.7
        frame[1] = 0x45;
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            MessageRecord m =
                    (MessageRecord) rt.decode(FrameKind.TRANSPORT, frame, 0, frame.length, EveryBundled5xJarTest.FRAME)
                            .get(0);
            assertEquals("5.5.7.Final", m.decodedWith());
            assertEquals("5.5.5", String.valueOf(m.version()));
        }
    }

    @Test
    void forcedVersionDecodesEveryFrameWithItsJar() throws Exception {
        byte[] frame = frame557();
        frame[0] = 0x29; // 5.7.1, unknown: the forced jar is used anyway
        frame[1] = (byte) 0xc1;
        try (VersionRuntime rt = new VersionRuntime(HOME, "5.5.5", null, Limits.DEFAULTS)) {
            MessageRecord m =
                    (MessageRecord) rt.decode(FrameKind.TRANSPORT, frame, 0, frame.length, EveryBundled5xJarTest.FRAME)
                            .get(0);
            assertEquals("5.5.7.Final", m.decodedWith());
            assertEquals("x", m.payload().text());
        }
    }

    @Test
    void forcedVersionWithoutAJarIsRejectedUpFront() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class, () -> new VersionRuntime(HOME, "5.9.0", null, Limits.DEFAULTS));
        assertTrue(e.getMessage().contains("--jgroups-version 5.9.0"), e.getMessage());
    }

    @Test
    void userJarDecodesEveryFrame() throws Exception {
        byte[] frame = frame557();
        try (VersionRuntime rt =
                new VersionRuntime(HOME, null, HOME.resolve("jgroups/jgroups-5.5.2.Final.jar"), Limits.DEFAULTS)) {
            MessageRecord m =
                    (MessageRecord) rt.decode(FrameKind.TRANSPORT, frame, 0, frame.length, EveryBundled5xJarTest.FRAME)
                            .get(0);
            assertEquals("5.5.2.Final", m.decodedWith());
        }
    }

    @Test
    void bareMessageUsesTheLastVersionSeen() throws Exception {
        byte[] bare;
        try (JarEncoder enc = new JarEncoder(HOME.resolve("jgroups/jgroups-5.3.24.Final.jar"))) {
            Object msg = enc.newInstance(
                    "org.jgroups.EmptyMessage", new Class<?>[] {enc.cls("org.jgroups.Address")}, (Object) null);
            enc.call(msg, "setSrc", new Class<?>[] {enc.cls("org.jgroups.Address")}, enc.uuid(1, 2));
            Object out = enc.newInstance("org.jgroups.util.ByteArrayDataOutputStream", new Class<?>[] {int.class}, 64);
            enc.call(msg, "writeTo", new Class<?>[] {DataOutput.class}, out);
            byte[] buf = (byte[]) out.getClass().getMethod("buffer").invoke(out);
            bare = Arrays.copyOf(buf, (int) out.getClass().getMethod("position").invoke(out));
            byte[] transport = enc.single(enc.bytesMessage(null, enc.uuid(1, 2), "t".getBytes()), true);
            try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
                rt.decode(FrameKind.TRANSPORT, transport, 0, transport.length, EveryBundled5xJarTest.FRAME);
                MessageRecord m = (MessageRecord)
                        rt.decode(FrameKind.BARE_MESSAGE, bare, 0, bare.length, EveryBundled5xJarTest.FRAME)
                                .get(0);
                assertEquals("5.3.24.Final", m.decodedWith());
                assertEquals("EMPTY", m.type());
            }
        }
    }

    @Test
    void truncatedVersionIsAnErrorNotAnException() {
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            List<Record> r = rt.decode(FrameKind.TRANSPORT, new byte[] {0x29}, 0, 1, EveryBundled5xJarTest.FRAME);
            assertEquals(ProblemKind.TRUNCATED, ((ErrorRecord) r.get(0)).problem());
        }
    }

    /**
     * A frame whose version has no jar of its own goes to the jar of its wire variant with the same major.minor
     * and the closest micro. The frame is written by the expected jar, its version short then patched.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "5.0.0, 5.0.4.Final",
        "5.1.0, 5.1.9.Final",
        "5.2.0, 5.2.10.Final",
        "5.2.12, 5.2.16.Final",
        "5.2.20, 5.2.29.Final",
        "5.3.0, 5.3.1.Final",
        "5.3.2, 5.3.7.Final",
        "5.3.9, 5.3.8.Final",
        "5.3.20, 5.3.24.Final",
        "5.4.0, 5.4.13.Final",
        "5.5.0, 5.5.2.Final",
        "5.5.3, 5.5.7.Final"
    })
    void picksTheClosestJarOfTheSameWireVariant(String version, String expectedJar) throws Exception {
        byte[] frame;
        try (JarEncoder enc = new JarEncoder(HOME.resolve("jgroups/jgroups-" + expectedJar + ".jar"))) {
            frame = enc.single(enc.bytesMessage(enc.uuid(3, 4), enc.uuid(1, 2), "x".getBytes()), false);
        }
        String[] p = version.split("\\.");
        int s = Integer.parseInt(p[0]) << 11 | Integer.parseInt(p[1]) << 6 | Integer.parseInt(p[2]);
        frame[0] = (byte) (s >> 8);
        frame[1] = (byte) s;
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            List<Record> r = rt.decode(FrameKind.TRANSPORT, frame, 0, frame.length, EveryBundled5xJarTest.FRAME);
            MessageRecord m = (MessageRecord) r.get(0);
            assertEquals(expectedJar, m.decodedWith());
            assertEquals(version, String.valueOf(m.version()));
        }
    }

    @Test
    void gossipControlMessageUsesTheVersionLastSeenOnItsConnection() throws Exception {
        FrameInfo tunnel = new FrameInfo(
                1, 0, new Endpoint("127.0.0.1", 40000), new Endpoint("127.0.0.1", 12001), Transport.TUNNEL);
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS);
                JarEncoder old = new JarEncoder(HOME.resolve("jgroups/jgroups-5.3.24.Final.jar"))) {
            Object a = old.uuid(1, 2);
            byte[] gossip = old.gossipMessage("demo", a, old.single(old.bytesMessage(null, a, "x".getBytes()), true));
            // a GossipData that carries no frame: REGISTER(group, addr, logical name, physical address)
            Class<?> type = old.cls("org.jgroups.stack.GossipType");
            Object register = old.newInstance(
                    "org.jgroups.stack.GossipData",
                    new Class<?>[] {
                        type,
                        String.class,
                        old.cls("org.jgroups.Address"),
                        String.class,
                        old.cls("org.jgroups.PhysicalAddress")
                    },
                    type.getMethod("valueOf", String.class).invoke(null, "REGISTER"),
                    "demo",
                    a,
                    "node-a",
                    old.newInstance(
                            "org.jgroups.stack.IpAddress",
                            new Class<?>[] {String.class, int.class},
                            "127.0.0.1",
                            7800));
            Object out = old.newInstance("org.jgroups.util.ByteArrayDataOutputStream", new Class<?>[] {int.class}, 128);
            old.call(register, "writeTo", new Class<?>[] {DataOutput.class}, out);
            byte[] reg =
                    Arrays.copyOf((byte[]) out.getClass().getMethod("buffer").invoke(out), (int)
                            out.getClass().getMethod("position").invoke(out));

            rt.decode(FrameKind.GOSSIP, gossip, 0, gossip.length, tunnel);
            byte[] newer = frame557(); // another connection's traffic in between
            rt.decode(FrameKind.TRANSPORT, newer, 0, newer.length, EveryBundled5xJarTest.FRAME);
            List<Record> r = rt.decode(FrameKind.GOSSIP, reg, 0, reg.length, tunnel);
            GossipRecord g = (GossipRecord) r.get(0);
            assertEquals("5.3.24.Final", g.version());
            assertEquals("REGISTER", g.type());
            assertEquals("node-a", g.discovery().get(0).logicalName());
        }
    }

    @Test
    void fdSock2MessageUsesTheVersionOfTheMemberListeningHundredPortsAbove() throws Exception {
        assertEquals("5.3.24.Final", fdSock2MessageAfterTwoMembersSpoke(-1).decodedWith());
    }

    @Test
    void fdSock2MessageUsesTheVersionItsConnectionsHandshakeAnnounced() throws Exception {
        int v557 = JGroupsVersion.parse("5.5.7").toShort();
        assertEquals("5.5.7.Final", fdSock2MessageAfterTwoMembersSpoke(v557).decodedWith());
    }

    /** The jar nearest the handshake's version decodes it; the record states the version the handshake carried. */
    @Test
    void fdSock2MessageStatesItsHandshakesVersionNotItsJars() throws Exception {
        MessageRecord m = fdSock2MessageAfterTwoMembersSpoke(
                JGroupsVersion.parse("5.3.21").toShort());
        assertEquals("5.3.24.Final", m.decodedWith());
        assertEquals("5.3.21", String.valueOf(m.version()));
        assertEquals(
                "5.3.24", String.valueOf(fdSock2MessageAfterTwoMembersSpoke(-1).version()));
    }

    /**
     * An MPING datagram (a message written on its own, no version) after a 5.3.16 cluster's transport frame: the
     * 5.3.24 jar, the one of the traffic it belongs to, reads it, and it states no version, as the wire says none.
     */
    @Test
    void mpingDatagramIsReadByTheLastTransportFramesJarAndStatesNoVersion() throws Exception {
        byte[] frame, mping;
        try (JarEncoder old = new JarEncoder(HOME.resolve("jgroups/jgroups-5.3.24.Final.jar"))) {
            frame = old.single(old.bytesMessage(null, old.uuid(1, 2), "x".getBytes()), true);
            Object msg = old.bytesMessage(null, old.uuid(1, 2), "ping".getBytes());
            Object out = old.newInstance("org.jgroups.util.ByteArrayDataOutputStream", new Class<?>[] {int.class}, 64);
            old.call(msg, "writeTo", new Class<?>[] {DataOutput.class}, out);
            mping = Arrays.copyOf((byte[]) out.getClass().getMethod("buffer").invoke(out), (int)
                    out.getClass().getMethod("position").invoke(out));
        }
        int v5316 = JGroupsVersion.parse("5.3.16").toShort();
        frame[0] = (byte) (v5316 >>> 8);
        frame[1] = (byte) v5316;
        Endpoint member = new Endpoint("127.0.0.1", 7800);
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            MessageRecord t = (MessageRecord) rt.decode(
                            FrameKind.TRANSPORT,
                            frame,
                            0,
                            frame.length,
                            new FrameInfo(1, 0, member, new Endpoint("127.0.0.1", 7801), Transport.UDP))
                    .get(0);
            assertEquals("5.3.16", String.valueOf(t.version()));
            FrameInfo info = new FrameInfo(2, 0, member, new Endpoint("239.1.2.3", 45566), Transport.MPING);
            MessageRecord m =
                    (MessageRecord) rt.decodeMping(mping, 0, mping.length, info).get(0);
            assertEquals("5.3.24.Final", m.decodedWith());
            assertEquals(null, m.version());
            assertEquals("ping", m.payload().text());
        }
    }

    /**
     * The MPING datagrams of a 3.6 cluster (samples/mping/3.6.20): the first two come before any transport frame, and
     * 4.2.30, tried first, cannot read 3.6's PingHeader, whose magic id it lacks. It says so with an error only for the
     * first such header of the pair (UnknownHeaders), so its trial of the second datagram must fail on the unread
     * header itself; 3.6.20 reads every one.
     */
    @Test
    void everyMpingDatagramBeforeTheFirstTransportFrameIsReadByTheJarThatReadsItsHeader() throws Exception {
        Path capture = Decoding.samples().resolve("mping/3.6.20/mping-chat.pcapng");
        List<String> mping = new ArrayList<>();
        for (Record r : Decoding.decode(capture, InputHints.AUTO).records())
            if (r instanceof MessageRecord m && m.frame().transport() == Transport.MPING)
                mping.add(m.frame().packet() + " " + m.decodedWith() + " "
                        + m.headers().get(0).protocol());
        assertEquals(List.of("1 3.6.20.Final MPING", "2 3.6.20.Final MPING", "32 3.6.20.Final MPING"), mping);
    }

    /**
     * A 5.2 member's first MPING discovery request, before any transport frame: 5.3.2 changed the discovery payload
     * (a count, then each PingData), so the newest 5.x jar cannot read it; a jar from before the change does, and the
     * record names the member, stating no version.
     */
    @Test
    void firstMpingRequestOfA52MemberIsReadWithItsName() throws Exception {
        byte[] mping;
        Object a;
        try (JarEncoder old = new JarEncoder(HOME.resolve("jgroups/jgroups-5.2.29.Final.jar"))) {
            a = old.uuid(0x1234, 0x5678);
            mping = old.mpingRequest(a, "A", "127.0.0.1", 7800);
            a = a.toString();
        }
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            FrameInfo info = new FrameInfo(
                    1, 0, new Endpoint("127.0.0.1", 40000), new Endpoint("239.1.2.3", 45566), Transport.MPING);
            List<Record> records = rt.decodeMping(mping, 0, mping.length, info);
            assertEquals(1, records.size(), records.toString());
            MessageRecord m = (MessageRecord) records.get(0);
            assertEquals(null, m.version());
            assertTrue(
                    JGroupsVersion.parse(m.decodedWith()).compareTo(JGroupsVersion.parse("5.3.2")) < 0,
                    m.decodedWith());
            assertEquals(1, m.discovery().size(), m.toString());
            assertEquals("A", m.discovery().get(0).logicalName());
            assertEquals(a, m.discovery().get(0).address().id());
            assertEquals("127.0.0.1:7800", m.discovery().get(0).physical());
        }
    }

    /**
     * A 5.3.24 member at 7800 and a 5.5.7 member at 7900 send transport frames, then a 5.3.24 FD_SOCK2 message travels
     * from 7900 (7800's FD_SOCK2 server) on a connection whose handshake announced {@code handshakeVersion} (-1: not
     * captured).
     */
    private static MessageRecord fdSock2MessageAfterTwoMembersSpoke(int handshakeVersion) throws Exception {
        Endpoint member1 = new Endpoint("127.0.0.1", 7800);
        Endpoint member2 = new Endpoint("127.0.0.1", 7900);
        byte[] bare, fromOld, fromNew;
        try (JarEncoder old = new JarEncoder(HOME.resolve("jgroups/jgroups-5.3.24.Final.jar"))) {
            fromOld = old.single(old.bytesMessage(null, old.uuid(1, 2), "x".getBytes()), true);
            Object msg = old.newInstance(
                    "org.jgroups.EmptyMessage", new Class<?>[] {old.cls("org.jgroups.Address")}, (Object) null);
            old.call(msg, "setSrc", new Class<?>[] {old.cls("org.jgroups.Address")}, old.uuid(1, 2));
            Object out = old.newInstance("org.jgroups.util.ByteArrayDataOutputStream", new Class<?>[] {int.class}, 64);
            old.call(msg, "writeTo", new Class<?>[] {DataOutput.class}, out);
            bare = Arrays.copyOf((byte[]) out.getClass().getMethod("buffer").invoke(out), (int)
                    out.getClass().getMethod("position").invoke(out));
        }
        fromNew = frame557();
        try (VersionRuntime rt = new VersionRuntime(HOME, null, null, Limits.DEFAULTS)) {
            rt.decode(
                    FrameKind.TRANSPORT,
                    fromOld,
                    0,
                    fromOld.length,
                    new FrameInfo(1, 0, member1, member2, Transport.UDP));
            rt.decode(
                    FrameKind.TRANSPORT,
                    fromNew,
                    0,
                    fromNew.length,
                    new FrameInfo(2, 0, member2, member1, Transport.UDP));
            // member2 (5.5.7) connects to member1's FD_SOCK2 server at 7800 + 100
            FrameInfo fd = new FrameInfo(
                    3, 0, new Endpoint("127.0.0.1", 7900), new Endpoint("127.0.0.1", 45000), Transport.FD_SOCK2);
            return (MessageRecord) rt.decode(FrameKind.BARE_MESSAGE, bare, 0, bare.length, fd, handshakeVersion)
                    .get(0);
        }
    }
}
