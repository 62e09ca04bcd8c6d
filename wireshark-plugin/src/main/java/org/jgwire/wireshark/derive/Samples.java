package org.jgwire.wireshark.derive;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.UUID;
import org.jgwire.wireshark.layout.AuthTokens;

/**
 * Makes JGroups objects of one jar for {@link LayoutCheck} (every field a distinct non-default value, so that
 * swapped fields cannot pass) and says what a layout must read for each value.
 */
final class Samples {
    private static final long MSB = 0x1122334455667788L, LSB = 0x99aabbccddeeff01L;

    private final ClassLoader loader;
    private int depth;
    private int seq; // makes every field's value distinct, so that swapped fields cannot pass
    private final Class<?> uuid, ipAddress, viewId, mergeId, address, digest, authToken;

    Samples(ClassLoader loader) throws ReflectiveOperationException {
        this.loader = loader;
        uuid = Class.forName("org.jgroups.util.UUID", true, loader);
        ipAddress = Class.forName("org.jgroups.stack.IpAddress", true, loader);
        viewId = Class.forName("org.jgroups.ViewId", true, loader);
        mergeId = Class.forName("org.jgroups.util.MergeId", true, loader);
        address = Class.forName("org.jgroups.Address", true, loader);
        digest = Class.forName("org.jgroups.util.Digest", true, loader);
        authToken = Class.forName("org.jgroups.auth.AuthToken", false, loader);
    }

    Object filled(Class<?> c, Object typeCode) throws ReflectiveOperationException {
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

    private Object uuid(long msb, long lsb) throws ReflectiveOperationException {
        return uuid.getConstructor(long.class, long.class).newInstance(msb, lsb);
    }

    /** A distinct non-default value for a field of this type, or null to leave it. */
    private Object sample(Class<?> t) throws ReflectiveOperationException {
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
        if (t == digest) { // two members, highest delivered and received apart (a delta on the wire)
            Object members = Array.newInstance(address, 2);
            Array.set(members, 0, uuid(MSB + 5, LSB));
            Array.set(members, 1, uuid(MSB + 6, LSB));
            long[] seqnos = {40 + seq, 45 + seq, 70_000L + seq, 70_000L + seq};
            return digest.getConstructor(members.getClass(), long[].class).newInstance(members, seqnos);
        }
        if (t == authToken) { // AuthHeader's token: one of the classes the AUTH_TOKEN kind reads
            Object token = filled(Class.forName("org.jgroups.auth.FixedMembershipToken", true, loader), null);
            Field f = field(token.getClass(), "token");
            if (f != null) f.set(token, "A,B,jgwire-" + seq);
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
            try { // another Streamable written inside the header: filled the same way
                depth++;
                return filled(t, null);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                return null;
            } finally {
                depth--;
            }
        return null; // maps and the like: left as the constructor made them
    }

    /** What the layout must read for a field value. */
    Object expected(Object v) throws ReflectiveOperationException {
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
            InetAddress ip = (InetAddress) ipAddress.getMethod("getIpAddress").invoke(v);
            return ip.getHostAddress() + ":" + ipAddress.getMethod("getPort").invoke(v);
        }
        if (viewId.isInstance(v))
            return expected(viewId.getMethod("getCreator").invoke(v)) + "|"
                    + viewId.getMethod("getId").invoke(v);
        if (mergeId.isInstance(v))
            return expected(field(mergeId, "initiator").get(v)) + "::"
                    + field(mergeId, "id").get(v);
        if (digest.isInstance(v)) { // as LayoutReader reads Kind.DIGEST
            StringBuilder out = new StringBuilder();
            for (Object m : (Object[]) digest.getMethod("getMembersRaw").invoke(v)) {
                long[] s = (long[]) digest.getMethod("get", address).invoke(v, m);
                if (out.length() > 0) out.append(", ");
                out.append(expected(m))
                        .append(": [")
                        .append(s[0])
                        .append(" (")
                        .append(s[1])
                        .append(")]");
            }
            return out.length() == 0 ? "[]" : out.toString();
        }
        if (authToken.isInstance(v)) { // as LayoutReader reads Kind.AUTH_TOKEN
            String simple = v.getClass().getSimpleName();
            AuthTokens.Token token = AuthTokens.of(simple);
            if (token == null || token.field() == null) return simple;
            Object body = field(v.getClass(), token.field()).get(v);
            if (body instanceof byte[] b) return simple + ": " + b.length + " bytes";
            return simple + ": " + expected(body);
        }
        if (v instanceof String[] a) return List.of(a);
        if (v instanceof Collection<?> c) {
            List<Object> out = new ArrayList<>();
            for (Object o : c) out.add(expected(o));
            return out;
        }
        throw new IllegalArgumentException(
                "no expected form for a " + v.getClass().getName());
    }

    /** A non-static field of the class or a superclass, made accessible, or null. */
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
}
