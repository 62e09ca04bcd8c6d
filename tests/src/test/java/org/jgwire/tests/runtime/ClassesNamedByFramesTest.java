package org.jgwire.tests.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import javax.management.ObjectName;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every class of a bundled jar that has a no-argument constructor, named by a frame at each place where decoding
 * instantiates a class by a name or magic id read off the wire, all of a jar's frames decoded in one go: no thread,
 * socket, file or process is created, and no class named where it is not of the type the reading code expects is
 * initialised.
 *
 * <p>The places: an AuthHeader's token class (by name, every version); an ObjectMessage's object (by name, 5.x: read
 * without instantiating it); a discovery response's address (by magic id, every version: every id of the jar's magic
 * map); a header's class (by magic id, 3.x: every id again; 4.x and 5.x read it with the same
 * {@code ClassConfigurator.create} as the address).
 * The newest jar of each API family by default; every bundled jar with {@code -Djgwire.matrix=all}.
 *
 * <p>Initialisation is read from the JVM's own {@code class+init} log, switched on for the decode only, after a
 * warm-up decode has initialised what decoding ordinary frames needs. The frames whose class may be built (an
 * {@code AuthToken} in an AuthHeader; a magic id, in 3.x only one of an {@code Address} for the address and of a
 * {@code Header} for the header) go first; the others then initialise no JGroups class at all.
 */
class ClassesNamedByFramesTest {
    private static final FrameInfo FRAME =
            new FrameInfo(1, 0, new Endpoint("127.0.0.1", 7800), new Endpoint("127.0.0.1", 7801), Transport.UDP);
    private static final Pattern INITIALISED = Pattern.compile("Initializing '([^']+)'");

    @TempDir
    static Path work;

    private static VersionRuntime runtime;

    @BeforeAll
    static void start() {
        runtime = new VersionRuntime(VersionRuntime.defaultHome(), null, null, Limits.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    static List<String> jars() throws IOException {
        try (Stream<Path> all = Files.list(VersionRuntime.defaultHome().resolve("jgroups"))) {
            List<String> versions = all.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("jgroups-") && n.endsWith(".jar"))
                    .map(n -> n.substring("jgroups-".length(), n.length() - ".jar".length()))
                    .sorted()
                    .toList();
            if ("all".equals(System.getProperty("jgwire.matrix"))) return versions;
            return List.of("3.6.20.Final", "4.2.30.Final", "5.5.7.Final");
        }
    }

    /**
     * A frame; the class it names (null: none by name); whether that class is of the type expected there, so that
     * decoding may initialise and build it; what the {@code unknown_class} error refusing it says (null: no refusal
     * required).
     */
    private record Hostile(byte[] frame, String named, boolean expected, String refusal) {}

    @ParameterizedTest
    @MethodSource("jars")
    void framesNamingAnyClassBuildNothingAndInitialiseOnlyWhatIsExpected(String version) throws Exception {
        Path jar = VersionRuntime.defaultHome().resolve("jgroups").resolve("jgroups-" + version + ".jar");
        List<Hostile> hostile = new ArrayList<>();
        byte[] plain, token;
        try (JarEncoder enc = new JarEncoder(jar)) {
            plain = enc.single(enc.message(new byte[] {1, 2, 3}), false);
            token = enc.authNaming("org.jgroups.auth.RegexMembership");
            Class<?> authToken = enc.cls("org.jgroups.auth.AuthToken");
            for (Class<?> c : constructible(enc, jar))
                hostile.add(new Hostile(
                        enc.authNaming(c.getName()),
                        c.getName(),
                        authToken.isAssignableFrom(c),
                        authToken.isAssignableFrom(c) ? null : c.getName()));
            if (version.startsWith("5."))
                for (Class<?> c : constructible(enc, jar))
                    hostile.add(new Hostile(objectMessageNaming(enc, c.getName()), c.getName(), false, null));
            // 3.x instantiates a magic id's class and casts it (Util.readOtherAddress, Message.readHeader); 4.x and
            // 5.x build it with ClassConfigurator.create, which casts to nothing: any class of the map is expected
            boolean threeX = version.startsWith("3.");
            Class<?> address = enc.cls("org.jgroups.Address"), header = enc.cls("org.jgroups.Header");
            for (MagicClass m : magicMap(enc)) {
                boolean isAddress = !threeX || m.is(address);
                hostile.add(new Hostile(discoveryFrom(enc, m.id()), m.name(), isAddress, isAddress ? null : m.name()));
                if (threeX) // the adapter looks a header's class up as Message.readHeader does, and checks it first
                hostile.add(new Hostile(
                        headerNamedBy(enc, m.id()),
                        m.name(),
                        m.is(header),
                        m.is(header) ? null : "magic id " + m.id() + " is unknown"));
            }
        }
        decode(plain); // what ordinary frames need is initialised before the log is read
        decode(token);

        Set<Long> threadsBefore = liveThreads();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long startedBefore = threads.getTotalStartedThreadCount();
        List<String> fdsBefore = descriptors();
        long childrenBefore = ProcessHandle.current().children().count();
        // the frames whose class may be built first: what building them initialises is no longer new after them
        List<Hostile> allowed = hostile.stream().filter(Hostile::expected).toList();
        List<Hostile> others = hostile.stream().filter(h -> !h.expected()).toList();
        List<List<Record>> decoded = new ArrayList<>();
        Set<String> initialisedByAllowed = decodeLogging(allowed, decoded, work.resolve("allowed-" + version));
        Set<String> initialisedByOthers = decodeLogging(others, decoded, work.resolve("others-" + version));

        assertEquals(startedBefore, threads.getTotalStartedThreadCount(), "threads started while decoding");
        assertEquals(threadsBefore, liveThreads());
        assertEquals(fdsBefore, descriptors(), "file descriptors (files, sockets) left open");
        assertEquals(childrenBefore, ProcessHandle.current().children().count(), "processes started");

        assertEquals(
                List.of(),
                initialisedByOthers.stream()
                        .filter(c -> c.startsWith("org.jgroups."))
                        .toList(),
                "JGroups classes initialised by frames naming classes that are not of the type expected there");
        assertTrue( // the log works: the tokens a frame may name are initialised when first named
                allowed.stream().anyMatch(h -> initialisedByAllowed.contains(h.named())),
                initialisedByAllowed.toString());

        hostile = new ArrayList<>(allowed);
        hostile.addAll(others);
        for (int i = 0; i < hostile.size(); i++) {
            Hostile h = hostile.get(i);
            if (h.refusal() == null) continue;
            List<Record> records = decoded.get(i);
            // a header's class refused: its message is kept, the header unread (the pipeline adds the error, once)
            assertTrue(
                    records.stream()
                            .anyMatch(r -> r instanceof ErrorRecord e
                                            && e.problem() == ProblemKind.UNKNOWN_CLASS
                                            && e.message().contains(h.refusal())
                                    || r instanceof MessageRecord m
                                            && m.hasUnreadHeader()
                                            && m.headers().stream()
                                                    .anyMatch(x -> x.text() != null
                                                            && x.text().contains(h.refusal()))),
                    h.named() + ": " + records);
        }
        assertTrue(hostile.size() > 300, hostile.size() + " frames");
    }

    /** Decodes {@code frames} into {@code decoded}; returns the classes the JVM initialised meanwhile. */
    private static Set<String> decodeLogging(List<Hostile> frames, List<List<Record>> decoded, Path log)
            throws Exception {
        vmLog("output=file=" + log, "what=class+init=info");
        try {
            for (Hostile h : frames) decoded.add(decode(h.frame()));
        } finally {
            vmLog("output=file=" + log, "what=all=off");
        }
        return initialised(log);
    }

    private static List<Record> decode(byte[] frame) {
        return runtime.decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME);
    }

    /** The jar's classes with a no-argument constructor (of any access), loaded without initialising them. */
    private static List<Class<?>> constructible(JarEncoder enc, Path jar) throws IOException {
        List<Class<?>> out = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (String entry : zip.stream().map(e -> e.getName()).toList()) {
                if (!entry.endsWith(".class") || entry.equals("module-info.class")) continue;
                String name =
                        entry.substring(0, entry.length() - ".class".length()).replace('/', '.');
                try {
                    Class<?> c = Class.forName(name, false, enc.loader);
                    c.getDeclaredConstructor();
                    out.add(c);
                } catch (ReflectiveOperationException | LinkageError e) {
                    // no such constructor, or a class that needs what the jar leaves optional
                }
            }
        }
        return out;
    }

    /** A magic id and the class the jar's {@code jg-magic-map.xml} gives it (null: the jar cannot load it). */
    private record MagicClass(short id, String name, Class<?> cls) {
        boolean is(Class<?> type) {
            return cls != null && type.isAssignableFrom(cls);
        }
    }

    /** Every entry of the jar's {@code jg-magic-map.xml}, its class loaded without initialising it. */
    private static List<MagicClass> magicMap(JarEncoder enc) throws IOException {
        try (var in = enc.loader.getResourceAsStream("jg-magic-map.xml")) {
            Matcher m = Pattern.compile("id=\"(\\d+)\"\\s+name=\"([^\"]+)\"").matcher(new String(in.readAllBytes()));
            List<MagicClass> map = new ArrayList<>();
            while (m.find()) {
                Class<?> c;
                try {
                    c = Class.forName(m.group(2), false, enc.loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    c = null;
                }
                map.add(new MagicClass(Short.parseShort(m.group(1)), m.group(2), c));
            }
            assertTrue(map.size() > 50, map.size() + " magic ids");
            return map;
        }
    }

    /** A 5.x ObjectMessage whose object is written by name ({@code -1} + class name) as {@code className}. */
    private static byte[] objectMessageNaming(JarEncoder enc, String className) throws Exception {
        Object list = enc.newInstance("org.jgroups.util.SeqnoList", new Class<?>[] {int.class, long.class}, 100, 1000L);
        byte[] frame = enc.single(enc.objectMessage(null, enc.uuid(1, 2), list), true);
        int body = JarEncoder.indexOf(
                frame, ByteBuffer.allocate(12).putInt(100).putLong(1000).array());
        // SeqnoList's magic id (2 bytes before its body) becomes -1 and the name, as for a class outside the map
        byte[] name = className.getBytes(StandardCharsets.UTF_8);
        ByteBuffer named = ByteBuffer.allocate(frame.length + 4 + name.length);
        named.put(frame, 0, body - 2).putShort((short) -1);
        named.putShort((short) name.length).put(name); // writeUTF of an ASCII name
        named.put(frame, body, frame.length - body);
        byte[] out = new byte[named.position()];
        named.flip().get(out);
        return out;
    }

    /**
     * A discovery response from an ExtendedUUID whose magic id is {@code magic} everywhere. {@code Util.writeAddress}
     * writes an address by magic id unless it has a flag of its own (UUID, IpAddress, and before 5.0 SiteUUID and
     * SiteMaster); the id comes just before the UUID's two longs, msb first since 4.0, lsb first in 3.x.
     */
    private static byte[] discoveryFrom(JarEncoder enc, short magic) throws Exception {
        long msb = 0x1122334455667788L, lsb = 0x0102030405060708L;
        Object src =
                enc.newInstance("org.jgroups.util.ExtendedUUID", new Class<?>[] {long.class, long.class}, msb, lsb);
        byte[] frame = enc.single(enc.discoveryResponse(enc.uuid(3, 4), src, "A", "127.0.0.1", 7800), false);
        byte[] msbFirst = ByteBuffer.allocate(16).putLong(msb).putLong(lsb).array();
        byte[] lsbFirst = ByteBuffer.allocate(16).putLong(lsb).putLong(msb).array();
        int patched = 0;
        for (int i = 2; i + 16 <= frame.length; i++)
            if (Arrays.equals(frame, i, i + 16, msbFirst, 0, 16) || Arrays.equals(frame, i, i + 16, lsbFirst, 0, 16)) {
                ByteBuffer.wrap(frame).putShort(i - 2, magic);
                patched++;
            }
        assertEquals(2, patched, "the ExtendedUUID is the message's source and the PingData's address");
        return frame;
    }

    /**
     * A 3.x message whose one header (a PingHeader under PING's id) has {@code magic} as its magic id, the id
     * {@code Message.readHeader} finds the header's class by.
     */
    private static byte[] headerNamedBy(JarEncoder enc, short magic) throws Exception {
        Object ping = enc.newInstance("org.jgroups.protocols.PingHeader", new Class<?>[] {byte.class}, (byte) 1);
        byte[] frame = enc.withHeader("org.jgroups.protocols.PING", ping);
        short pingMagic = (short) enc.call(
                enc.cls("org.jgroups.conf.ClassConfigurator"),
                "getMagicNumber",
                new Class<?>[] {Class.class},
                ping.getClass());
        byte[] ids = ByteBuffer.allocate(4)
                .putShort(enc.protocolId("org.jgroups.protocols.PING"))
                .putShort(pingMagic)
                .array();
        int at = JarEncoder.indexOf(frame, ids);
        assertTrue(at >= 0, "the PingHeader's ids are not in the frame");
        ByteBuffer.wrap(frame).putShort(at + 2, magic);
        return frame;
    }

    private static void vmLog(String... args) throws Exception {
        ManagementFactory.getPlatformMBeanServer()
                .invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                        "vmLog",
                        new Object[] {args},
                        new String[] {String[].class.getName()});
    }

    /** The classes the JVM initialised while the log was on, by their names. */
    private static Set<String> initialised(Path log) throws IOException {
        Set<String> out = new TreeSet<>();
        for (String line : Files.readAllLines(log)) {
            Matcher m = INITIALISED.matcher(line);
            if (m.find()) out.add(m.group(1).replace('/', '.'));
        }
        return out;
    }

    private static Set<Long> liveThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .map(Thread::getId)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** What this process's file descriptors point at (files, sockets, pipes), sorted. */
    private static List<String> descriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.map(fd -> {
                        try {
                            return Files.readSymbolicLink(fd).toString();
                        } catch (IOException e) {
                            return "?"; // the descriptor of the listing itself, closed meanwhile
                        }
                    })
                    .filter(t -> !t.equals("?"))
                    .sorted()
                    .toList();
        }
    }
}
