package org.jgwire.wireshark.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.ProtocolJar;
import org.jgwire.codec.runtime.TypeConstants;
import org.jgwire.wireshark.derive.ClassSource;
import org.jgwire.wireshark.derive.LayoutCheck;
import org.jgwire.wireshark.derive.WriteToDeriver;
import org.jgwire.wireshark.layout.AuthTokens;
import org.jgwire.wireshark.layout.HeaderLayout;
import org.jgwire.wireshark.layout.HeaderLayouts;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.Kind;
import org.jgwire.wireshark.layout.ResolvedLayout;
import org.jgwire.wireshark.layout.Sections;

/**
 * What one JGroups jar says about its wire format, read mechanically: the magic-id and protocol-id maps
 * ({@code jg-magic-map.xml}, {@code jg-protocol-ids.xml}), the numbers behind the constants the layouts name, the
 * names of type codes (the class's own {@code type2Str} or enum) and the message flags. The jar's classes are
 * loaded in a class loader of their own and only their constants and static namers are called.
 *
 * <p>Protocol jars loaded beside it (jgroups-raft, {@link ProtocolJar}) add the headers and protocol ids they register
 * in code, read from their bytecode as the decoder reads them; their classes share the JGroups jar's class loader, so
 * their layouts are derived and checked exactly as JGroups' own. As in the decoder, JGroups' own map keeps an id both
 * name, and the first protocol jar keeps an id two of them name.
 *
 * <p>One class past 300 lines: the readings of one jar's class loader (maps, constants, namers) belong together.
 * <p>Each reading is short, and together they are what one jar's class loader yields.
 */
public final class JarCatalog {
    private static final Pattern CLASS = Pattern.compile("<class\\s+id=\"(\\d+)\"\\s+name=\"([^\"]+)\"");
    private static final String[] TYPE_NAMERS = {"type2Str", "typeToString", "type2String", "typeToStr"};

    private final JGroupsVersion version;
    private final String label;
    private final Map<Integer, String> magics;
    private final Map<Integer, String> protocols;
    private final Map<String, Integer> messageFlags;
    private final Map<Integer, String> messageTypes;
    private final Map<Integer, String> gossipTypes;
    private final Map<Integer, String> fdSockSignals;
    private final Map<String, ResolvedLayout> layouts = new LinkedHashMap<>();
    private final Map<String, Coverage> coverage = new TreeMap<>();
    private final Map<String, String> origins = new TreeMap<>();
    private final List<String> protocolJars = new ArrayList<>();

    private JarCatalog(
            JGroupsVersion version,
            String label,
            Map<Integer, String> magics,
            Map<Integer, String> protocols,
            Map<String, Integer> messageFlags,
            Map<Integer, String> messageTypes,
            Map<Integer, String> gossipTypes,
            Map<Integer, String> fdSockSignals) {
        this.version = version;
        this.label = label;
        this.magics = magics;
        this.protocols = protocols;
        this.messageFlags = messageFlags;
        this.messageTypes = messageTypes;
        this.gossipTypes = gossipTypes;
        this.fdSockSignals = fdSockSignals;
    }

    // --- reading a jar ---

    /** Reads a jar named {@code jgroups-X.Y.Z[.Qualifier].jar}. */
    public static JarCatalog read(Path jar, JGroupsVersion version, String label) throws IOException {
        return read(jar, version, label, List.of());
    }

    /** Reads a JGroups jar and the protocol jars loaded beside it ({@code ProtocolJars.forJGroups}). */
    public static JarCatalog read(Path jar, JGroupsVersion version, String label, List<ProtocolJar> protocolJars)
            throws IOException {
        Map<Integer, String> magics, protocols;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            magics = classMap(zip, "jg-magic-map.xml");
            protocols = new TreeMap<>();
            classMap(zip, "jg-protocol-ids.xml").forEach((id, c) -> protocols.put(id, HeaderLayout.simpleName(c)));
        }
        Map<String, String> origins = new TreeMap<>();
        List<URL> urls = new ArrayList<>(List.of(jar.toUri().toURL()));
        for (ProtocolJar p : protocolJars) {
            urls.add(p.path().toUri().toURL());
            for (ProtocolJar.Registration r : p.protocols()) protocols.putIfAbsent(r.id() & 0xFFFF, r.simpleName());
            for (ProtocolJar.Registration r : p.classes())
                if (magics.putIfAbsent((int) r.id(), r.className()) == null) origins.put(r.className(), p.label());
        }
        // the JGroups jar first: a class both hold is JGroups' own, as in the decoder's version class loader
        try (URLClassLoader loader = new URLClassLoader(
                "jgroups-" + label, urls.toArray(new URL[0]), ClassLoader.getPlatformClassLoader())) {
            JarCatalog cat = new JarCatalog(
                    version,
                    label,
                    magics,
                    protocols,
                    messageFlags(loader),
                    messageTypes(loader),
                    gossipTypes(loader),
                    fdSockSignals(loader));
            cat.origins.putAll(origins);
            for (ProtocolJar p : protocolJars) cat.protocolJars.add(p.label());
            ClassSource source = new ClassSource(loader);
            for (String className : magics.values()) {
                Class<?> c;
                try {
                    c = Class.forName(className, false, loader);
                } catch (ClassNotFoundException | LinkageError e) {
                    // mapped but not shipped: JGroups cannot send it either; a protocol jar's class must load
                    if (origins.containsKey(className))
                        cat.coverage.put(className, new Coverage(Coverage.Source.MISSING, "cannot be loaded: " + e));
                    continue;
                }
                if (isHeader(c, loader)) cat.layOut(className, c, source, loader);
                else cat.layOutOther(className, c);
            }
            return cat;
        }
    }

    /**
     * The layout of one header class: derived from its writeTo when that works and the result reads what the class
     * writes; else the hand layout, when there is one and it reads what the class writes; else none (the reason is
     * kept for the generation report and the coverage table).
     */
    private void layOut(String className, Class<?> c, ClassSource source, ClassLoader loader) {
        String derivedProblem;
        try {
            List<Item> items = WriteToDeriver.derive(source, className);
            HeaderLayout derived = new HeaderLayout(className, Sections.of(className), version, version, items);
            ResolvedLayout rl = resolve(derived, c);
            derivedProblem = LayoutCheck.check(c, rl, loader);
            if (derivedProblem == null) {
                layouts.put(className, rl);
                coverage.put(className, new Coverage(Coverage.Source.DERIVED, null));
                return;
            }
            derivedProblem = "derived layout does not read what the class writes: " + derivedProblem;
        } catch (LinkageError | RuntimeException e) { // NotDerivable, or a class that cannot be made
            derivedProblem = "not derivable: " + e.getMessage();
        }
        HeaderLayout hand = HeaderLayouts.of(className, version);
        if (hand == null) {
            coverage.put(className, new Coverage(Coverage.Source.MISSING, derivedProblem));
            return;
        }
        ResolvedLayout rl = resolve(hand, c);
        String handProblem = LayoutCheck.check(c, rl, loader);
        if (handProblem == null) {
            layouts.put(className, rl);
            coverage.put(className, new Coverage(Coverage.Source.HAND, derivedProblem));
        } else {
            String why = "hand layout does not read what the class writes: " + handProblem;
            coverage.put(className, new Coverage(Coverage.Source.MISSING, why));
        }
    }

    /** Header subclasses are what messages carry; the magic map also lists addresses, views, digests, ... */
    private static boolean isHeader(Class<?> c, ClassLoader loader) {
        try {
            return Class.forName("org.jgroups.Header", false, loader).isAssignableFrom(c);
        } catch (ClassNotFoundException | LinkageError e) {
            return true;
        }
    }

    /** A class of the magic map that is no Header: it keeps a hand layout if it has one, and no coverage entry. */
    private void layOutOther(String className, Class<?> c) {
        HeaderLayout hand = HeaderLayouts.of(className, version);
        if (hand != null) layouts.put(className, resolve(hand, c));
    }

    /** How a header class of this jar is laid out, and why not derived (or not at all) when it is not. */
    public record Coverage(Source source, String reason) {
        public enum Source {
            DERIVED,
            HAND,
            MISSING
        }
    }

    // --- the jar's code tables ---

    private static Map<Integer, String> classMap(ZipFile zip, String entry) throws IOException {
        Map<Integer, String> out = new TreeMap<>();
        ZipEntry e = zip.getEntry(entry);
        if (e == null) return out;
        try (InputStream in = zip.getInputStream(e)) {
            String xml = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?s)<!--.*?-->", "");
            Matcher m = CLASS.matcher(xml);
            while (m.find()) out.put(Integer.parseInt(m.group(1)), m.group(2));
        }
        return out;
    }

    /** Message.Flag's constants and their {@code value()}: the flag bits of this version. */
    private static Map<String, Integer> messageFlags(ClassLoader loader) {
        Map<String, Integer> out = new LinkedHashMap<>();
        try {
            Class<?> flag = Class.forName("org.jgroups.Message$Flag", true, loader);
            Method value = flag.getMethod("value");
            for (Object f : flag.getEnumConstants())
                out.put(((Enum<?>) f).name(), ((Number) value.invoke(f)).intValue());
        } catch (ReflectiveOperationException | LinkageError e) {
            // no flag enum: the flags stay a number
        }
        return out;
    }

    /**
     * 5.x: {@code Message.BYTES_MSG} ... the message type shorts, named without the suffix, as the decoder names
     * them (adapter jg5 {@code JarFacts}, docs/json-lines.md): {@code OBJ_MSG} (5.0+) is shown as {@code OBJECT}.
     */
    private static Map<Integer, String> messageTypes(ClassLoader loader) {
        Map<Integer, String> out = new TreeMap<>();
        try {
            Class<?> m = Class.forName("org.jgroups.Message", true, loader);
            for (Field f : m.getFields())
                if (Modifier.isStatic(f.getModifiers())
                        && f.getType() == short.class
                        && f.getName().endsWith("_MSG")) {
                    String name = f.getName().substring(0, f.getName().length() - 4);
                    out.put(((Number) f.get(null)).intValue(), name.equals("OBJ") ? "OBJECT" : name);
                }
        } catch (ReflectiveOperationException | LinkageError e) {
            // 3.x/4.x: no message types
        }
        return out;
    }

    /** GossipRouter's {@code GossipType} constants by ordinal (written as {@code type.ordinal()}). */
    private static Map<Integer, String> gossipTypes(ClassLoader loader) {
        Map<Integer, String> out = new TreeMap<>();
        try {
            Class<?> g = Class.forName("org.jgroups.stack.GossipType", true, loader);
            for (Object e : g.getEnumConstants()) out.put(((Enum<?>) e).ordinal(), ((Enum<?>) e).name());
        } catch (ReflectiveOperationException | LinkageError e) {
            // no GossipRouter in this jar
        }
        return out;
    }

    /**
     * FD_SOCK's signals: its {@code static final int} constants that fit the one byte it writes on its connections
     * ({@code NORMAL_TERMINATION}); {@code ABNORMAL_TERMINATION} (-1) is the end of stream, never a byte.
     */
    private static Map<Integer, String> fdSockSignals(ClassLoader loader) {
        Map<Integer, String> out = new TreeMap<>();
        try {
            Class<?> fd = Class.forName("org.jgroups.protocols.FD_SOCK", true, loader);
            for (Field f : fd.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isStatic(mod) || !Modifier.isFinal(mod) || f.getType() != int.class) continue;
                f.setAccessible(true);
                int v = f.getInt(null);
                // -1 too: ABNORMAL_TERMINATION, what the pinger's read returns at the end of the stream
                if (v >= -1 && v <= 255) out.put(v, f.getName());
            }
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // no FD_SOCK in this jar
        }
        return out;
    }

    // --- layouts and constants, by reflection ---

    private ResolvedLayout resolve(HeaderLayout layout, Class<?> c) {
        Map<String, Integer> constants = new TreeMap<>();
        // AUTH tokens are named by this jar's magic ids
        magics.forEach((magic, name) -> {
            if (AuthTokens.of(name) != null && name.startsWith("org.jgroups.auth."))
                constants.put(AuthTokens.magicConstant(name.substring(name.lastIndexOf('.') + 1)), magic);
        });
        Map<String, Map<Integer, String>> names = new TreeMap<>();
        Map<String, String> others = new TreeMap<>();
        collect(layout.items(), c, constants, names, others);
        return new ResolvedLayout(layout, constants, names, others);
    }

    private static void collect(
            List<Item> items,
            Class<?> c,
            Map<String, Integer> constants,
            Map<String, Map<Integer, String>> names,
            Map<String, String> others) {
        for (Item item : items) {
            if (item instanceof Item.Value v) {
                if (v.named() || v.name().equals("type")) {
                    boolean isEnum = v.kind() == Kind.ENUM_BYTE;
                    Map<Integer, String> n = isEnum ? enumNames(c, v.name()) : namerNames(c);
                    // no namer: the class's own constants name its type codes, as the decoder names them
                    boolean byConstants = !isEnum && n.isEmpty() && v.name().equals("type");
                    if (byConstants) n = new TreeMap<>(TypeConstants.of(c));
                    if (!n.isEmpty()) names.put(v.name(), n);
                    String other = isEnum || byConstants ? null : namerAnswer(c, -99);
                    if (!n.isEmpty() && other != null) others.put(v.name(), other);
                }
            } else if (item instanceof Item.Switch s) {
                for (Item.Case k : s.cases()) {
                    for (String constant : k.constants()) constant(c, constant, constants);
                    collect(k.items(), c, constants, names, others);
                }
            } else if (item instanceof Item.IfBit b) {
                constant(c, b.mask(), constants);
                collect(b.items(), c, constants, names, others);
            } else if (item instanceof Item.IfPositive p) {
                collect(p.items(), c, constants, names, others);
            } else if (item instanceof Item.Bit b) {
                constant(c, b.mask(), constants);
            } else if (item instanceof Item.If i) {
                if (i.test() instanceof Item.Equals e) for (String code : e.codes()) constant(c, code, constants);
                if (i.test() instanceof Item.Mask m) constant(c, m.mask(), constants);
                collect(i.then(), c, constants, names, others);
                collect(i.otherwise(), c, constants, names, others);
            }
        }
    }

    /** A class constant's value in this jar; a literal number (derived layouts name codes by value) is itself. */
    private static void constant(Class<?> c, String name, Map<String, Integer> out) {
        if (name.matches("-?\\d+")) {
            out.put(name, (int) Long.parseLong(name));
            return;
        }
        try {
            Field f = c.getDeclaredField(name);
            if (!Modifier.isStatic(f.getModifiers())) return;
            f.setAccessible(true);
            out.put(name, ((Number) f.get(null)).intValue());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // absent in this version: the items that need it are left out for this jar
        }
    }

    private static Map<Integer, String> enumNames(Class<?> c, String field) {
        Map<Integer, String> out = new TreeMap<>();
        try {
            Class<?> type = c.getDeclaredField(field).getType();
            Object[] constants = type.getEnumConstants();
            if (constants != null) for (Object e : constants) out.put(((Enum<?>) e).ordinal(), ((Enum<?>) e).name());
        } catch (ReflectiveOperationException | LinkageError e) {
            // not an enum here: numbers only
        }
        return out;
    }

    /** Names from the class's static namer for every byte code, minus what it answers for codes it does not know. */
    private static Map<Integer, String> namerNames(Class<?> c) {
        Map<Integer, String> out = new TreeMap<>();
        for (String namer : TYPE_NAMERS)
            for (Class<?> p : new Class<?>[] {byte.class, short.class, int.class}) {
                Method m;
                try {
                    m = c.getDeclaredMethod(namer, p);
                    if (!Modifier.isStatic(m.getModifiers())) continue;
                    m.setAccessible(true);
                } catch (NoSuchMethodException | RuntimeException | LinkageError e) {
                    continue;
                }
                String unknown = call(m, p, -99);
                for (int code = -128; code < 128; code++) {
                    String name = call(m, p, code);
                    if (name != null && !name.equals(unknown)) out.put(code, name);
                }
                return out;
            }
        return out;
    }

    /** What the class's static namer answers for one code, or null without a namer. */
    private static String namerAnswer(Class<?> c, int code) {
        for (String namer : TYPE_NAMERS)
            for (Class<?> p : new Class<?>[] {byte.class, short.class, int.class})
                try {
                    Method m = c.getDeclaredMethod(namer, p);
                    if (!Modifier.isStatic(m.getModifiers())) continue;
                    m.setAccessible(true);
                    return call(m, p, code);
                } catch (NoSuchMethodException | RuntimeException | LinkageError e) {
                    // next signature
                }
        return null;
    }

    private static String call(Method m, Class<?> p, int code) {
        try {
            Object arg =
                    p == byte.class ? (Object) (byte) code : p == short.class ? (Object) (short) code : (Object) code;
            Object r = m.invoke(null, arg);
            return r == null ? null : r.toString();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    // --- what the catalog holds ---

    public JGroupsVersion version() {
        return version;
    }

    /** The jar's full version as in its file name, e.g. {@code 5.5.7.Final}. */
    public String label() {
        return label;
    }

    /** Magic id to class binary name. */
    public Map<Integer, String> magics() {
        return magics;
    }

    /** Protocol id to the protocol's simple name. */
    public Map<Integer, String> protocols() {
        return protocols;
    }

    /** Message flag name to bit. */
    public Map<String, Integer> messageFlags() {
        return messageFlags;
    }

    /** Message type short to name (5.x; empty before). */
    public Map<Integer, String> messageTypes() {
        return messageTypes;
    }

    /** GossipData type ordinal to name. */
    public Map<Integer, String> gossipTypes() {
        return gossipTypes;
    }

    /**
     * FD_SOCK's signals by value ({@code 9 = NORMAL_TERMINATION}, the byte written; {@code -1 = ABNORMAL_TERMINATION},
     * the end of the stream without it); empty without FD_SOCK.
     */
    public Map<Integer, String> fdSockSignals() {
        return fdSockSignals;
    }

    /** Header class binary name to its resolved layout, for the classes of this jar jgwire has a layout for. */
    public Map<String, ResolvedLayout> layouts() {
        return layouts;
    }

    /**
     * The protocol jar that registered a class of {@link #magics} (its label, {@code jgroups-raft 1.1.4.Final}), or
     * null for JGroups' own.
     */
    public String origin(String className) {
        return origins.get(className);
    }

    /** The labels of the protocol jars read beside this JGroups jar, in the order given. */
    public List<String> protocolJars() {
        return List.copyOf(protocolJars);
    }

    /** Per Header class of the magic map that the jar ships: derived, hand or missing, and why. */
    public Map<String, Coverage> coverage() {
        return coverage;
    }

    /** The header classes of the magic map jgwire has no layout for (the dissector stops at them with a note). */
    public List<String> classesWithoutLayout() {
        List<String> out = new ArrayList<>();
        for (String c : magics.values()) if (!layouts.containsKey(c)) out.add(c);
        return out;
    }
}
