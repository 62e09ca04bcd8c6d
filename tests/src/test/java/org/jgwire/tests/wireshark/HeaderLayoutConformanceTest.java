package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.net.InetAddress;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.JarCatalog;
import org.jgwire.wireshark.layout.LayoutReader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Holds every header layout (derived from writeTo or written by hand) against the real classes of every bundled
 * jar: instances of each header
 * class (one per type code the class names, every other field set to a distinct non-default value) are serialised
 * with the class's own {@code writeTo}, read back with the layout ({@link LayoutReader}, the reading the Lua
 * plugin does), and every value read must equal the instance's field, with every byte consumed. A JGroups release
 * that changes a header's bytes turns this red. (Live traffic of the sample versions is compared field by field in
 * {@link PluginMatchesDecoderTest}.)
 */
class HeaderLayoutConformanceTest {
    private static final long MSB = 0x1122334455667788L, LSB = 0x99aabbccddeeff01L;

    static List<JarCatalog> jars() throws Exception {
        List<JarCatalog> jars = GeneratedPlugin.catalog().jars();
        assertTrue(jars.size() >= 15, "expected every bundled jar, found " + jars.size());
        return jars;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jars")
    void everyLayoutReadsWhatTheRealClassWrites(JarCatalog jar) throws Exception {
        Path file = Decoding.home().resolve("jgroups").resolve("jgroups-" + jar.label() + ".jar");
        assertFalse(jar.layouts().isEmpty(), "no layout applies to " + jar.label());
        int checked = 0;
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {file.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Objects objects = new Objects(loader);
            for (Map.Entry<String, JarCatalog.ResolvedLayout> e : jar.layouts().entrySet()) {
                Class<?> c = Class.forName(e.getKey(), true, loader);
                JarCatalog.ResolvedLayout layout = e.getValue();
                for (Object typeCode : typeCodes(c, layout)) {
                    Object header = objects.filled(c, typeCode);
                    byte[] bytes = write(header);
                    String where = jar.label() + " " + c.getName() + " type " + typeCode;
                    LayoutReader.Result r;
                    try {
                        r = LayoutReader.read(layout, bytes, 0, bytes.length);
                    } catch (LayoutReader.LayoutException ex) {
                        throw new AssertionError(where + ": " + ex.getMessage(), ex);
                    }
                    assertEquals(
                            bytes.length, r.consumed(), where + ": bytes written vs. read by the layout " + r.values());
                    for (Map.Entry<String, Object> v : r.values().entrySet()) {
                        if (wireOnly(layout, v.getKey())) continue;
                        Object owner = header;
                        String[] path = v.getKey().split("\\."); // view_id.id: a field of the object in view_id
                        for (int i = 0; i < path.length - 1 && owner != null; i++)
                            owner = field(owner.getClass(), path[i]).get(owner);
                        Field f = owner == null ? null : field(owner.getClass(), path[path.length - 1]);
                        assertTrue(
                                f != null,
                                where + ": the layout reads " + v.getKey() + ", which the class does not have");
                        assertEquals(objects.expected(f.get(owner)), normal(v.getValue()), where + ": " + v.getKey());
                    }
                    checked++;
                }
            }
        }
        assertTrue(checked >= 10, "only " + checked + " header instances checked for " + jar.label());
    }

    /** The type codes the class names (each arm of its writeTo), or one instance when it names none. */
    private static List<Object> typeCodes(Class<?> c, JarCatalog.ResolvedLayout layout) throws Exception {
        Field type = field(c, "type");
        List<Object> out = new ArrayList<>();
        if (type == null) {
            out.add(null);
        } else if (type.getType().isEnum()) {
            out.addAll(List.of(type.getType().getEnumConstants()));
        } else {
            TreeSet<Integer> codes = new TreeSet<>();
            Map<Integer, String> names = layout.valueNames().get("type");
            if (names != null) codes.addAll(names.keySet());
            testedCodes(layout.layout().items(), layout, codes); // a derived layout's arms name their codes
            if (codes.isEmpty()) out.add(1);
            else out.addAll(codes);
        }
        return out;
    }

    private static void testedCodes(List<Item> items, JarCatalog.ResolvedLayout layout, Set<Integer> codes) {
        for (Item i : items)
            if (i instanceof Item.If f) {
                if (f.on().equals("type") && f.test() instanceof Item.Equals e)
                    for (String code : e.codes())
                        if (layout.constants().containsKey(code))
                            codes.add(layout.constants().get(code));
                testedCodes(f.then(), layout, codes);
                testedCodes(f.otherwise(), layout, codes);
            }
    }

    private static boolean wireOnly(JarCatalog.ResolvedLayout layout, String name) {
        return wireOnly(layout.layout().items(), name);
    }

    private static boolean wireOnly(List<Item> items, String name) {
        for (Item i : items) {
            if (i instanceof Item.Value v && v.name().equals(name)) return v.wireOnly();
            if (i instanceof Item.If f && (wireOnly(f.then(), name) || wireOnly(f.otherwise(), name))) return true;
        }
        return false;
    }

    private static byte[] write(Object header) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Method m = header.getClass().getMethod("writeTo", DataOutput.class);
        m.setAccessible(true);
        m.invoke(header, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    static Field field(Class<?> c, String name) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass())
            try {
                Field f = k.getDeclaredField(name);
                if (Modifier.isStatic(f.getModifiers())) continue;
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // up the hierarchy
            }
        return null;
    }

    private static Object normal(Object read) {
        if (read instanceof Integer i) return (long) i;
        return read;
    }

    /** Makes JGroups objects of one jar and says what the layout must read for them. */
    private static final class Objects {
        private final ClassLoader loader;
        private int depth;
        private int seq; // makes every field's value distinct, so that swapped fields cannot pass
        private final Class<?> uuid, ipAddress, viewId, mergeId, address, digest, authToken;

        Objects(ClassLoader loader) throws Exception {
            this.loader = loader;
            uuid = Class.forName("org.jgroups.util.UUID", true, loader);
            ipAddress = Class.forName("org.jgroups.stack.IpAddress", true, loader);
            viewId = Class.forName("org.jgroups.ViewId", true, loader);
            mergeId = Class.forName("org.jgroups.util.MergeId", true, loader);
            address = Class.forName("org.jgroups.Address", true, loader);
            digest = Class.forName("org.jgroups.util.Digest", true, loader);
            authToken = Class.forName("org.jgroups.auth.AuthToken", false, loader);
        }

        Object filled(Class<?> c, Object typeCode) throws Exception {
            Constructor<?> k = c.getDeclaredConstructor();
            k.setAccessible(true);
            Object h = k.newInstance();
            for (Class<?> t = c; t != null && t != Object.class; t = t.getSuperclass())
                for (Field f : t.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                    if (f.getName().equals("prot_id")) continue;
                    f.setAccessible(true);
                    Object v = f.getName().equals("type") && typeCode != null
                            ? typeCode
                            : strings(f) ? siteNames(f.getType()) : sample(f.getType());
                    if (v == null) continue;
                    if (f.getType() == byte.class && v instanceof Integer i) v = i.byteValue();
                    if (f.getType() == short.class && v instanceof Integer i) v = i.shortValue();
                    if (Modifier.isFinal(f.getModifiers())) continue;
                    f.set(h, v);
                }
            return h;
        }

        /** A String[] or a collection of strings (RELAY2's sites): filled with distinct strings, not addresses. */
        private static boolean strings(Field f) {
            if (f.getType() == String[].class) return true;
            return Collection.class.isAssignableFrom(f.getType())
                    && f.getGenericType() instanceof ParameterizedType p
                    && p.getActualTypeArguments()[0] == String.class;
        }

        private Object siteNames(Class<?> t) {
            seq++;
            List<String> names = List.of("site-" + seq, "site-\u00e9-" + (seq + 1));
            if (t == String[].class) return names.toArray(new String[0]);
            if (t.isAssignableFrom(ArrayList.class)) return new ArrayList<>(names);
            if (t.isAssignableFrom(LinkedHashSet.class)) return new LinkedHashSet<>(names);
            return null;
        }

        private Object uuid(long msb, long lsb) throws Exception {
            return uuid.getConstructor(long.class, long.class).newInstance(msb, lsb);
        }

        /** A distinct non-default value for a field of this type, or null to leave it. */
        private Object sample(Class<?> t) throws Exception {
            if (t == byte.class) return (byte) 1;
            seq++;
            if (t == short.class) return (short) (0x1234 + seq);
            if (t == int.class) return 300 + seq;
            if (t == long.class) return 70_000L + seq;
            if (t == boolean.class) return true;
            if (t == String.class) return "jgwire-\u00e9-" + seq;
            if (t == byte[].class) return "cluster-a".getBytes(StandardCharsets.ISO_8859_1);
            if (t.isEnum()) return t.getEnumConstants()[0];
            if (t.isAssignableFrom(uuid)) return uuid(MSB, LSB);
            if (t.isAssignableFrom(ipAddress))
                return ipAddress.getConstructor(String.class, int.class).newInstance("127.0.0.1", 7800);
            if (t == viewId) return viewId.getConstructor(address, long.class).newInstance(uuid(MSB + 1, LSB), 5L);
            if (t == digest) { // StateHeader's: two members, highest received above highest delivered
                Object members = Array.newInstance(address, 2);
                Array.set(members, 0, uuid(MSB + 7, LSB));
                Array.set(members, 1, uuid(MSB + 8, LSB));
                long[] seqnos = {3 + seq, 9 + seq, 1L << 40, (1L << 40) + 300};
                return digest.getConstructor(members.getClass(), long[].class).newInstance(members, seqnos);
            }
            if (t == authToken) { // AuthHeader's: a token class JGroups names by its magic id
                Object token = Class.forName("org.jgroups.auth.FixedMembershipToken", true, loader)
                        .getConstructor()
                        .newInstance();
                field(token.getClass(), "token").set(token, "A,B,token-" + seq);
                return token;
            }
            if (t == mergeId) {
                Constructor<?> k = mergeId.getDeclaredConstructor(address, int.class);
                k.setAccessible(true);
                return k.newInstance(uuid(MSB + 2, LSB), 9);
            }
            if (Collection.class.isAssignableFrom(t)
                    && (t.isAssignableFrom(ArrayList.class) || t.isAssignableFrom(LinkedHashSet.class))) {
                Collection<Object> l = t.isAssignableFrom(ArrayList.class) ? new ArrayList<>() : new LinkedHashSet<>();
                l.add(uuid(MSB + 3, LSB));
                l.add(uuid(MSB + 4, LSB));
                return l;
            }
            if (t.getName().startsWith("org.jgroups.")
                    && !t.isInterface()
                    && !Modifier.isAbstract(t.getModifiers())
                    && depth < 2)
                try { // another Streamable written inside the header (SEQUENCER's, TOA's MessageID): filled alike
                    depth++;
                    return filled(t, null);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return null;
                } finally {
                    depth--;
                }
            return null; // maps: not written by any header with a layout
        }

        /** What the layout must read for a field value. */
        Object expected(Object v) throws Exception {
            if (v == null) return null;
            if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long)
                return ((Number) v).longValue();
            if (v instanceof Boolean || v instanceof String) return v;
            if (v instanceof byte[] b) return new String(b, StandardCharsets.ISO_8859_1);
            if (v instanceof Enum<?> e) return (long) e.ordinal();
            if (uuid.isInstance(v)) {
                long msb = (long) uuid.getMethod("getMostSignificantBits").invoke(v);
                long lsb = (long) uuid.getMethod("getLeastSignificantBits").invoke(v);
                return new UUID(msb, lsb).toString();
            }
            if (ipAddress.isInstance(v)) {
                InetAddress ip =
                        (InetAddress) ipAddress.getMethod("getIpAddress").invoke(v);
                return ip.getHostAddress() + ":"
                        + ipAddress.getMethod("getPort").invoke(v);
            }
            if (viewId.isInstance(v))
                return expected(viewId.getMethod("getCreator").invoke(v)) + "|"
                        + viewId.getMethod("getId").invoke(v);
            if (mergeId.isInstance(v))
                return expected(field(mergeId, "initiator").get(v)) + "::"
                        + field(mergeId, "id").get(v);
            if (digest.isInstance(v)) { // "member: highest delivered (highest received), ..."
                List<String> parts = new ArrayList<>();
                for (Object m : (Object[]) digest.getMethod("getMembersRaw").invoke(v)) {
                    long[] s = (long[]) digest.getMethod("get", address).invoke(v, m);
                    parts.add(expected(m) + ": " + s[0] + " (" + s[1] + ")");
                }
                return String.join(", ", parts);
            }
            if (authToken.isInstance(v)) // FixedMembershipToken: "Class: token"
            return v.getClass().getSimpleName() + ": "
                        + field(v.getClass(), "token").get(v);
            if (v instanceof String[] a) return List.of(a);
            if (v instanceof Collection<?> c) {
                List<Object> out = new ArrayList<>();
                for (Object o : c) out.add(expected(o));
                return out;
            }
            fail("no expected form for a " + v.getClass().getName());
            return null;
        }
    }
}
