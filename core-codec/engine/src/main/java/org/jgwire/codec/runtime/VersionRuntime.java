package org.jgwire.codec.runtime;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.Endpoint;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.ViewInfo;

/**
 * Decodes frames with the real JGroups jar of the version that sent them. The frame's version short picks the
 * wire variant ({@link WireVariants}), the variant picks a bundled jar (same major.minor with the closest micro,
 * else the variant's newest), and that jar runs in a class loader of its own beside the adapter of its family,
 * created on first use and kept. A version without a jar of its variant is reported, never guessed.
 *
 * <p>Frames without a version of their own (FD_SOCK2 bare messages, GossipRouter control messages) use, in
 * this order: the version of the frame a GossipData embeds; the version their connection's handshake announced
 * (FD_SOCK2); then, where no handshake was captured, the last version seen on the same connection
 * ({@code frame.src/dst}, either direction); for FD_SOCK2, the version last sent in a transport frame from the
 * endpoint 100 ports below either side (FD_SOCK2's default {@code port_offset}); the last version seen in any
 * transport frame (embedded ones included); for a GossipRouter message, the newest jar of the first family that
 * reads it cleanly; else the newest bundled jar. The records name the jar that decoded them ({@code decodedWith},
 * {@code GossipRecord.version}).
 *
 * <p>{@link #decode} and {@link #choose} are meant for one thread at a time, in capture order; what {@link #choose}
 * returns may run on other threads (the adapters keep their reusable buffers per thread); loading jars is
 * synchronized.
 *
 * <p>Choosing the jar of a frame (bundled, forced, a user's) and loading it are one decision over one table of loaded
 * adapters.
 */
public final class VersionRuntime implements AutoCloseable {
    private final Path home;
    private final Limits limits;
    private final BundledJars bundled;
    private final AdapterFactory factory;
    /** Set when every frame goes to one jar ({@code --jgroups-version} / {@code --jgroups-jar}). */
    private final LoadedAdapter fixed;
    /** Per version short: its adapter, or why it has none; null until the first frame of that version. */
    private final AdapterSlot[] byShort = new AdapterSlot[1 << 16];

    private final Map<Path, AdapterSlot> byJar = new HashMap<>();

    private final Map<List<Endpoint>, Integer> connections;
    /** Version last sent from each endpoint in a transport frame: FD_SOCK2 listens at the TP port + 100. */
    private final Map<Endpoint, Integer> senders;

    /** Set by {@link #lendAdapters}: the adapters this runtime loads are shelved for another, never closed here. */
    private volatile boolean lends;

    private volatile int lastTransportVersion = -1;
    private Endpoint lastSender;
    private int lastSenderVersion = -1;

    /**
     * @param jgwireHome    the distribution folder holding {@code jgroups/} and {@code adapters/}
     * @param forcedVersion decode every frame with the jar for this version's variant ({@code --jgroups-version}),
     *                      or null
     * @param userJar       decode every frame with this JGroups jar ({@code --jgroups-jar}), or null
     * @throws IllegalArgumentException when the forced version has no bundled jar of its variant, or the user's jar
     *                                  cannot be read as a JGroups jar (the message names the option)
     */
    public VersionRuntime(Path jgwireHome, String forcedVersion, Path userJar, Limits limits) {
        this(jgwireHome, forcedVersion, userJar, limits, List.of());
    }

    /**
     * @param protocolJars jars of third-party protocols ({@code --protocol-jar}), loaded beside every JGroups jar
     *                     before the bundled ones ({@link ProtocolJars})
     * @throws IllegalArgumentException also when a protocol jar cannot be read (the message names the option)
     */
    public VersionRuntime(Path jgwireHome, String forcedVersion, Path userJar, Limits limits, List<Path> protocolJars) {
        this.home = jgwireHome != null ? jgwireHome : defaultHome();
        this.limits = limits != null ? limits : Limits.DEFAULTS;
        this.bundled = BundledJars.scan(home);
        this.factory = new AdapterFactory(home, this.limits, ProtocolJars.of(home, protocolJars));
        int maxConnections = Math.max(16, this.limits.maxOpenStreams());
        this.connections = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<List<Endpoint>, Integer> e) {
                return size() > maxConnections;
            }
        };
        this.senders = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Endpoint, Integer> e) {
                return size() > maxConnections;
            }
        };
        if (userJar != null) fixed = forUserJar(userJar);
        else if (forcedVersion != null) fixed = forForcedVersion(forcedVersion);
        else fixed = null;
    }

    /**
     * From now on, every jar this runtime loads is {@linkplain AdapterShelf shelved} for the next runtime of this
     * process that needs it with the same limits, and this one never closes it: for a warm-up decode that runs
     * while the command line is still being read.
     */
    public void lendAdapters() {
        lends = true;
    }

    /** Adapters that lending runtimes shelved and no runtime took yet: for tests and diagnostics. */
    public static int shelvedAdapters() {
        return AdapterShelf.size();
    }

    // --- the bundled jars ---

    /**
     * The distribution folder: the system property {@code jgwire.home}, else the folder above the {@code lib/}
     * that holds {@code jgwire-engine-*.jar}, else (running from a build tree) {@code cli/target/jgwire}
     * beside {@code core-codec/}.
     */
    public static Path defaultHome() {
        String prop = System.getProperty("jgwire.home");
        if (prop != null && !prop.isBlank()) return Path.of(prop);
        try {
            URL where = WireAdapter.class.getProtectionDomain().getCodeSource().getLocation();
            Path p = Path.of(where.toURI()).toAbsolutePath();
            Path dir = p.getParent();
            if (Files.isRegularFile(p)
                    && dir != null
                    && dir.getFileName() != null
                    && dir.getFileName().toString().equals("lib")
                    && dir.getParent() != null) return dir.getParent(); // <home>/lib/jgwire-engine-*.jar
            // a build tree: <root>/core-codec/engine/target/classes or .../engine/target/jgwire-engine-*.jar
            Path root = dir;
            for (int up = 0; up < 3 && root != null; up++) root = root.getParent();
            if (root != null) return root.resolve("cli").resolve("target").resolve("jgwire");
        } catch (URISyntaxException | RuntimeException e) {
            // no code source (unusual class loaders): fall through
        }
        return Path.of("jgwire");
    }

    /** The bundled JGroups versions, oldest first, as in the jar names (e.g. {@code 5.5.7.Final}). */
    public List<String> bundledVersions() {
        List<String> out = new ArrayList<>();
        for (BundledJars.Jar j : bundled.all()) out.add(j.label());
        return out;
    }

    // --- decoding a frame ---

    /** Decodes one frame of a connection whose handshake was not captured, or of no connection (a datagram). */
    public List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame) {
        return decode(kind, buf, off, len, frame, -1);
    }

    /**
     * Decodes one frame into records in wire order. Never throws: an unsupported version, a missing adapter or
     * anything the jar throws becomes an {@link ErrorRecord}.
     *
     * @param handshakeVersion the version short the frame's connection announced in its handshake, or -1; it decides
     *                         for a frame without a version of its own
     */
    public List<Record> decode(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame, int handshakeVersion) {
        return choose(kind, buf, off, len, frame, handshakeVersion).decode(buf, off, len);
    }

    /**
     * The decoding of one frame once its jar is chosen. The choice learns from every frame in capture order (the
     * versions of connections and senders), so it is made on the decoding thread; the decoding may then run on any
     * thread, over the frame's bytes or a copy of them, and never throws.
     */
    @FunctionalInterface
    public interface ChosenDecode {
        List<Record> decode(byte[] buf, int off, int len);
    }

    /**
     * Chooses the jar of a frame, as {@link #decode} does, learning from it; a frame that is read to make the choice
     * (a GossipRouter message of unknown version) is decoded here, and its decode hands back those records.
     */
    public ChosenDecode choose(FrameKind kind, byte[] buf, int off, int len, FrameInfo frame, int handshakeVersion) {
        try {
            AdapterSlot slot;
            if (fixed != null) {
                slot = fixed;
            } else if (kind == FrameKind.TRANSPORT) {
                if (len < 2)
                    return decided(List.of(new ErrorRecord(
                            frame,
                            ProblemKind.TRUNCATED,
                            0,
                            "frame of " + len + " bytes ends before its version (2 bytes)")));
                int v = (buf[off] & 0xFF) << 8 | buf[off + 1] & 0xFF;
                lastTransportVersion = v;
                rememberSender(frame, v);
                slot = slot(v);
            } else {
                int v = unversionedVersion(kind, buf, off, len, frame, handshakeVersion);
                slot = unversionedSlot(kind, v);
                if (slot == null) return decided(guessGossipVersion(buf, off, len, frame));
                // an FD_SOCK2 message carries no version: it states its connection's (or member's), not the jar's
                if (kind == FrameKind.BARE_MESSAGE && v >= 0 && slot instanceof LoadedAdapter a)
                    return (b, o, l) -> stamped(decodeWith(a, kind, b, o, l, frame), v);
            }
            if (slot instanceof LoadedAdapter a) return (b, o, l) -> decodeWith(a, kind, b, o, l, frame);
            return decided(List.of(new ErrorRecord(frame, ProblemKind.UNSUPPORTED_VERSION, 0, reason(slot))));
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return decided(failed(e, frame));
        }
    }

    /** The messages of {@code records} stating version {@code v} (a version short) rather than their jar's. */
    private List<Record> stamped(List<Record> records, int v) {
        JGroupsVersion version = JGroupsVersion.valueOf(v);
        List<Record> out = new ArrayList<>(records.size());
        for (Record r : records)
            out.add(
                    r instanceof MessageRecord m && m.version() != null && m.version() != version
                            ? m.withVersion(version)
                            : r);
        return out;
    }

    private static ChosenDecode decided(List<Record> records) {
        return (b, o, l) -> records;
    }

    private static List<Record> decodeWith(
            LoadedAdapter a, FrameKind kind, byte[] buf, int off, int len, FrameInfo frame) {
        try {
            return a.decode(kind, buf, off, len, frame);
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return failed(e, frame);
        }
    }

    private static List<Record> failed(Throwable e, FrameInfo frame) {
        return List.of(new ErrorRecord(frame, ProblemKind.MALFORMED, -1, "version runtime failed: " + e));
    }

    // --- parts of a frame whose version is known ---

    /**
     * Decodes one message serialized on its own ({@link WireAdapter#decodeMessage}) with the jar that decoded
     * frames of {@code version} (a record's {@code version}): the original of a reassembled
     * fragmented message. Never throws.
     */
    public List<Record> decodeMessage(JGroupsVersion version, int type, byte[] buf, int off, int len, FrameInfo frame) {
        try {
            AdapterSlot slot = fixed != null ? fixed : slot(version.toShort());
            if (slot instanceof LoadedAdapter a) return a.decodeMessage(type, buf, off, len, frame);
            return List.of(new ErrorRecord(frame, ProblemKind.UNSUPPORTED_VERSION, 0, reason(slot)));
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return List.of(new ErrorRecord(frame, ProblemKind.MALFORMED, -1, "version runtime failed: " + e));
        }
    }

    /**
     * The fields of an {@code EncryptHeader} body read by the jar that decoded frames of {@code version}
     * ({@link WireAdapter#readEncryptHeader}), or null. Never throws.
     */
    public EncryptHeaderFields readEncryptHeader(JGroupsVersion version, int magicId, byte[] buf, int off, int len) {
        try {
            AdapterSlot slot = fixed != null ? fixed : slot(version.toShort());
            return slot instanceof LoadedAdapter a ? a.readEncryptHeader(magicId, buf, off, len) : null;
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return null;
        }
    }

    /** The view in a GMS payload read by the jar of {@code version} ({@link #decodeView}), or null. Never throws. */
    public ViewInfo readView(JGroupsVersion version, String gmsType, byte[] buf, int off, int len) {
        try {
            return decodeView(version, gmsType, buf, off, len);
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return null;
        }
    }

    /** {@link WireAdapter#keyBlockLength} with the jar of {@code version}, or -1. */
    public int keyBlockLength(JGroupsVersion version, byte[] buf, int off, int len) {
        try {
            AdapterSlot slot = fixed != null ? fixed : slot(version.toShort());
            return slot instanceof LoadedAdapter a ? a.keyBlockLength(buf, off, len) : -1;
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return -1;
        }
    }

    /**
     * Decodes an MPING datagram: one message as {@code Message.writeTo} wrote it (5.x: a BytesMessage, no type
     * short), without a version. Its jar comes from the cluster's own traffic where there is some: the jar of the
     * transport frames seen last, when that reads it cleanly. Before any (a capture's first MPING request precedes
     * every transport frame) nothing on the wire says the version, so the newest jar of each wire variant tries it,
     * newest first, and the first that reads it cleanly, discovery payload included, decodes it (5.x skipped when the
     * leading byte has BUF_SET, which only 3.x/4.x write): the discovery payload changed inside 5.3
     * ({@code Discovery.marshal}), so the newest jar of the family can misread an older member's name. Either way
     * the records state no version ({@code version} null) and name the jar in {@code decodedWith}. Never throws.
     */
    public List<Record> decodeMping(byte[] buf, int off, int len, FrameInfo frame) {
        try {
            if (fixed != null) return unversioned(fixed.decodeMessage(0, buf, off, len, frame));
            List<Record> first = null;
            int last = lastTransportVersion;
            if (last >= 0 && slot(last) instanceof LoadedAdapter a) {
                first = a.decodeMessage(0, buf, off, len, frame);
                if (clean(first)) return unversioned(first);
            }
            boolean bufSet = len > 0 && (buf[off] & 4) != 0;
            Set<WireVariant> variants = new HashSet<>();
            List<BundledJars.Jar> jars = bundled.all();
            for (int i = jars.size() - 1; i >= 0; i--) {
                WireVariant variant = WireVariants.of(jars.get(i).version());
                if (variant == null || !variants.add(variant)) continue;
                if (bufSet && variant.family() == ApiFamily.JG5) continue;
                if (!(byJar(jars.get(i)) instanceof LoadedAdapter a)) continue;
                List<Record> records = a.decodeMessage(0, buf, off, len, frame);
                if (clean(records)) return unversioned(records);
                if (first == null) first = records;
            }
            return first != null
                    ? unversioned(first)
                    : List.of(new ErrorRecord(frame, ProblemKind.UNSUPPORTED_VERSION, 0, noJars()));
        } catch (Throwable e) {
            LoadedAdapter.rethrowFatal(e);
            return List.of(new ErrorRecord(frame, ProblemKind.MALFORMED, -1, "version runtime failed: " + e));
        }
    }

    private static boolean clean(List<Record> records) {
        return Record.clean(records);
    }

    /** The messages of {@code records} stating no version: the wire gave none, whichever jar read them. */
    private static List<Record> unversioned(List<Record> records) {
        List<Record> out = new ArrayList<>(records.size());
        for (Record r : records) out.add(r instanceof MessageRecord m && m.version() != null ? m.withVersion(null) : r);
        return out;
    }

    /**
     * The view a GMS message of {@code gmsType} carries in a reassembled payload, read by the jar that decoded frames
     * of {@code version}; null when it carries none.
     *
     * @throws IllegalArgumentException saying why it cannot be read
     */
    public ViewInfo decodeView(JGroupsVersion version, String gmsType, byte[] buf, int off, int len) {
        AdapterSlot slot = fixed != null ? fixed : slot(version.toShort());
        if (slot instanceof LoadedAdapter a) return a.decodeView(gmsType, buf, off, len);
        throw new IllegalArgumentException(reason(slot));
    }

    // --- frames that do not state their version ---

    /**
     * The version of a frame that does not say its own: a GossipRouter message's embedded frame, the handshake of its
     * connection, the connection's or its member's other traffic, else the last transport frame's; -1 if none.
     */
    private int unversionedVersion(
            FrameKind kind, byte[] buf, int off, int len, FrameInfo frame, int handshakeVersion) {
        List<Endpoint> conn = connectionKey(frame);
        int v = kind == FrameKind.GOSSIP ? FrameVersions.embeddedVersion(buf, off, len) : -1;
        if (v >= 0) {
            if (conn != null)
                synchronized (connections) {
                    connections.put(conn, v);
                }
            lastTransportVersion = v; // the embedded frame is a transport frame: other members' connections follow it
        } else if (handshakeVersion >= 0) {
            v = handshakeVersion; // FD_SOCK2: the connecting member said its version
        } else {
            // Only where no handshake was captured (the capture began after the connection opened): a guess from the
            // other traffic of the connection or of its member
            Integer seen = null;
            if (conn != null)
                synchronized (connections) {
                    seen = connections.get(conn);
                }
            if (seen == null && kind == FrameKind.BARE_MESSAGE) seen = fdSock2Owner(frame);
            v = seen != null ? seen : lastTransportVersion;
        }
        return v;
    }

    /** The jar for {@link #unversionedVersion}'s answer {@code v}; null: a GossipRouter message to guess for. */
    private AdapterSlot unversionedSlot(FrameKind kind, int v) {
        AdapterSlot slot = v >= 0 ? slot(v) : null;
        if (slot instanceof LoadedAdapter) return slot;
        if (v < 0 && kind == FrameKind.GOSSIP && !bundled.isEmpty()) return null; // nothing known: guessGossipVersion
        BundledJars.Jar newest = bundled.newest();
        if (newest == null) return slot != null ? slot : new AdapterSlot.Unsupported(noJars());
        return byJar(newest);
    }

    /**
     * A GossipRouter control message before any frame that says its version (the REGISTER that opens a TUNNEL
     * capture): GossipData's layout differs between the API families ({@code GossipData.writeTo}: 4.0 added the
     * sender address after {@code addr}, which 3.6 does not write), so the newest jar of each family tries it,
     * newest family first, and the first that reads it without a problem decodes it; its version is then kept for
     * the connection. When none can, the newest jar's problem is reported.
     */
    private List<Record> guessGossipVersion(byte[] buf, int off, int len, FrameInfo frame) {
        List<Record> first = null;
        Set<ApiFamily> families = EnumSet.noneOf(ApiFamily.class);
        List<BundledJars.Jar> jars = bundled.all();
        for (int i = jars.size() - 1; i >= 0; i--) {
            BundledJars.Jar jar = jars.get(i);
            WireVariant variant = WireVariants.of(jar.version());
            if (variant == null || !families.add(variant.family())) continue;
            if (!(byJar(jar) instanceof LoadedAdapter a)) continue;
            List<Record> records = a.decode(FrameKind.GOSSIP, buf, off, len, frame);
            if (first == null) first = records;
            if (Record.clean(records)) {
                List<Endpoint> conn = connectionKey(frame);
                if (conn != null)
                    synchronized (connections) {
                        connections.put(conn, jar.version().toShort());
                    }
                return records;
            }
        }
        return first != null ? first : List.of(new ErrorRecord(frame, ProblemKind.UNSUPPORTED_VERSION, 0, noJars()));
    }

    private void rememberSender(FrameInfo f, int v) {
        if (f == null || f.src() == null) return;
        if (v == lastSenderVersion && f.src().equals(lastSender)) return; // the common case: no map work
        lastSender = f.src();
        lastSenderVersion = v;
        synchronized (senders) {
            senders.put(f.src(), v);
        }
    }

    /**
     * For an FD_SOCK2 connection whose handshake was not captured, a guess: the version of the member that likely
     * owns the socket. FD_SOCK2 binds to the transport's port plus
     * {@code port_offset} (100 by default, {@code FD_SOCK2.port_offset}), so the server side of the connection
     * sits 100 above the port that member sends transport frames from.
     */
    private Integer fdSock2Owner(FrameInfo f) {
        if (f == null) return null;
        synchronized (senders) {
            for (Endpoint e : new Endpoint[] {f.src(), f.dst()}) {
                if (e == null || e.port() < 100) continue;
                Integer v = senders.get(new Endpoint(e.ip(), e.port() - 100));
                if (v != null) return v;
            }
        }
        return null;
    }

    /** The same key for both directions of a connection. */
    private static List<Endpoint> connectionKey(FrameInfo f) {
        if (f == null || f.src() == null || f.dst() == null) return null;
        String a = f.src().toString(), b = f.dst().toString();
        return a.compareTo(b) <= 0 ? List.of(f.src(), f.dst()) : List.of(f.dst(), f.src());
    }

    // --- the table of adapters, and loading jars ---

    private AdapterSlot slot(int versionShort) {
        AdapterSlot s = byShort[versionShort];
        if (s != null) return s;
        synchronized (this) {
            s = byShort[versionShort];
            if (s == null) {
                JGroupsVersion v = JGroupsVersion.valueOf(versionShort);
                BundledJars.Jar jar = bundled.choose(v);
                s = jar != null ? byJar(jar) : unsupported(v, versionShort);
                byShort[versionShort] = s;
            }
            return s;
        }
    }

    private AdapterSlot.Unsupported unsupported(JGroupsVersion v, int versionShort) {
        if (bundled.isEmpty()) return new AdapterSlot.Unsupported(noJars());
        return new AdapterSlot.Unsupported("JGroups " + v + " (0x" + Integer.toHexString(versionShort)
                + "): no bundled jar for this wire variant; use --jgroups-jar or --jgroups-version");
    }

    private static String reason(AdapterSlot slot) {
        return ((AdapterSlot.Unsupported) slot).reason();
    }

    private String noJars() {
        return "no JGroups jars in " + home.resolve("jgroups") + " (set -Djgwire.home to the distribution folder,"
                + " or use --jgroups-jar)";
    }

    private synchronized AdapterSlot byJar(BundledJars.Jar jar) {
        return byJar.computeIfAbsent(jar.path(), p -> {
            ApiFamily family = WireVariants.of(jar.version()).family();
            try {
                if (lends) return AdapterShelf.loadAndShelve(factory, family, p, jar.version(), limits);
                LoadedAdapter ahead = AdapterShelf.take(family, p, limits, factory.userProtocolJars());
                return ahead != null ? ahead : factory.load(family, p, jar.version());
            } catch (IllegalStateException e) {
                return new AdapterSlot.Unsupported("JGroups " + jar.label() + ": " + e.getMessage());
            }
        });
    }

    private LoadedAdapter forForcedVersion(String text) {
        JGroupsVersion v = JGroupsVersion.parse(text);
        BundledJars.Jar jar = bundled.choose(v);
        if (jar == null)
            throw new IllegalArgumentException("--jgroups-version " + text + ": no bundled jar for its wire variant"
                    + " (bundled: " + String.join(", ", bundledVersions()) + "); use --jgroups-jar");
        AdapterSlot slot = byJar(jar);
        if (slot instanceof AdapterSlot.Unsupported u)
            throw new IllegalArgumentException("--jgroups-version " + text + ": " + u.reason());
        return (LoadedAdapter) slot;
    }

    private LoadedAdapter forUserJar(Path jar) {
        JGroupsVersion v = UserJarVersion.read(jar);
        WireVariant variant = WireVariants.of(v);
        ApiFamily family = variant != null ? variant.family() : ApiFamily.of(v);
        if (family == null)
            throw new IllegalArgumentException("--jgroups-jar " + jar + ": JGroups " + v
                    + " belongs to no API family jgwire has an adapter for (3.6, 4.x, 5.x)");
        try {
            return factory.load(family, jar, v);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException("--jgroups-jar " + jar + ": " + e.getMessage(), e);
        }
    }

    @Override
    public synchronized void close() {
        if (!lends) {
            for (AdapterSlot s : byJar.values()) if (s instanceof LoadedAdapter a) a.close();
            if (fixed != null) fixed.close();
        }
        byJar.clear();
        Arrays.fill(byShort, null);
    }
}
