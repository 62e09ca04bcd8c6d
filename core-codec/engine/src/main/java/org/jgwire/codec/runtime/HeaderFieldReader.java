package org.jgwire.codec.runtime;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.HeaderField;

/**
 * Reads the instance fields of a JGroups header (or any wire object) into {@link HeaderField}s by reflection, so
 * that every header class of every version gets structured fields without a hand-written list that could drift
 * from the jar. Type codes become names through the class's own static {@code type2Str(byte)}-style method when
 * it has one, else through its own constants ({@link TypeConstants}). Field lists are computed once per class.
 *
 * <p>Values that are not plain Java values (addresses, view ids, ...) go through the adapter's converter, which
 * returns a neutral value or null to fall back to {@code toString()}.
 */
public final class HeaderFieldReader {
    private static final String[] TYPE_NAMERS = {"type2Str", "typeToString", "type2String", "typeToStr"};

    private final Function<Object, Object> converter;
    private final int maxItems;
    private final Map<Class<?>, Layout> layouts = new ConcurrentHashMap<>();
    private Layout lastLayout;

    /**
     * @param converter turns a JGroups value into a neutral one, or returns null when it has no special form
     * @param maxItems  items of a collection or array kept ({@link Limits#maxHeaderFieldItems()})
     */
    public HeaderFieldReader(Function<Object, Object> converter, int maxItems) {
        this.converter = converter;
        this.maxItems = maxItems;
    }

    // --- the fields of a header ---

    public List<HeaderField> read(Object header) {
        Layout layout = layoutOf(header.getClass());
        Field[] fields = layout.fields;
        HeaderField[] out = new HeaderField[fields.length];
        int n = 0;
        for (int i = 0; i < fields.length; i++) {
            Object raw;
            try {
                raw = fields[i].get(header);
            } catch (IllegalAccessException e) {
                continue;
            }
            Object value = layout.isType[i] ? layout.typeName(this, raw) : neutral(raw);
            // the same plain value as this field's last one (a type, a flag, a null address): the same field object
            HeaderField last = layout.last[i];
            if (last == null || !samePlainValue(last.value(), value))
                layout.last[i] = last = new HeaderField(layout.names[i], value);
            out[n++] = last;
        }
        return Arrays.asList(n == out.length ? out : Arrays.copyOf(out, n));
    }

    private static boolean samePlainValue(Object a, Object b) {
        if (a == b) return true;
        if (a == null || b == null || a.getClass() != b.getClass()) return false;
        return (a instanceof String || a instanceof Number || a instanceof Boolean) && a.equals(b);
    }

    /** The layout of a class; headers come in runs of one class, so the last one is checked first. */
    private Layout layoutOf(Class<?> c) {
        Layout last = lastLayout;
        if (last != null && last.type == c) return last;
        Layout l = layouts.computeIfAbsent(c, Layout::of);
        lastLayout = l;
        return l;
    }

    // --- values as records hold them ---

    /** A value as jgwire records hold it. */
    public Object neutral(Object v) {
        if (v == null || v instanceof String || v instanceof Number || v instanceof Boolean) return v;
        if (v instanceof Character c) return String.valueOf(c);
        if (v instanceof Enum<?> e) return e.name();
        if (v instanceof byte[] b) return b.length + " bytes";
        Object converted = converter.apply(v);
        if (converted != null) return converted;
        if (v instanceof Collection<?> c) return items(c.toArray());
        if (v.getClass().isArray()) {
            Object[] a = new Object[Math.min(Array.getLength(v), maxItems)];
            for (int i = 0; i < a.length; i++) a[i] = Array.get(v, i);
            return items(a);
        }
        return printsItself(v.getClass()) ? String.valueOf(v) : fieldsText(v);
    }

    /** Whether the class has a {@code toString} of its own, not {@code Object}'s class name and identity hash. */
    private static boolean printsItself(Class<?> c) {
        try {
            return c.getMethod("toString").getDeclaringClass() != Object.class;
        } catch (NoSuchMethodException | RuntimeException e) {
            return true;
        }
    }

    /**
     * An object whose class prints no value (an AUTH token): {@code Object.toString} would give an identity hash that
     * differs on every run, so its fields are shown instead, one level deep, e.g.
     * {@code FixedMembershipToken{memberList=[], token=emptyToken}}.
     */
    private String fieldsText(Object v) {
        Layout layout = layouts.computeIfAbsent(v.getClass(), Layout::of);
        StringBuilder b = new StringBuilder(v.getClass().getSimpleName()).append('{');
        for (int i = 0; i < layout.fields.length; i++) {
            // its logger says nothing about the object
            if (layout.fields[i].getType().getName().startsWith("org.jgroups.logging.")) continue;
            Object raw;
            try {
                raw = layout.fields[i].get(v);
            } catch (IllegalAccessException | RuntimeException e) {
                continue;
            }
            if (b.charAt(b.length() - 1) != '{') b.append(", ");
            b.append(layout.names[i]).append('=').append(shallow(raw));
        }
        return b.append('}').toString();
    }

    // --- the items of a collection ---

    /**
     * The items of a wire object that is a collection (jgroups-raft's {@code LogEntries}), each by its fields with
     * byte arrays shown as text when they are printable UTF-8, else in hex: what a log entry's command says, e.g.
     * {@code [LogEntry{term=1, command="put k1=v1", offset=0, length=9, internal=false}]}. At most {@code maxItems}
     * items, the text cut at {@code maxChars}.
     */
    public String itemsText(Iterable<?> items, int maxChars) {
        StringBuilder b = new StringBuilder("[");
        int n = 0;
        for (Object item : items) {
            if (b.length() > maxChars) break;
            if (n++ == maxItems) {
                b.append(", ...");
                break;
            }
            if (n > 1) b.append(", ");
            if (item == null || printsItselfOnly(item)) {
                b.append(shallow(item));
                continue;
            }
            Layout layout = layouts.computeIfAbsent(item.getClass(), Layout::of);
            b.append(item.getClass().getSimpleName()).append('{');
            for (int i = 0; i < layout.fields.length; i++) {
                Object raw;
                try {
                    raw = layout.fields[i].get(item);
                } catch (IllegalAccessException | RuntimeException e) {
                    continue;
                }
                if (b.charAt(b.length() - 1) != '{') b.append(", ");
                b.append(layout.names[i]).append('=');
                if (raw instanceof byte[] bytes) b.append(bytesText(bytes, maxChars));
                else b.append(shallow(raw));
            }
            b.append('}');
        }
        String text = b.append(b.length() > maxChars ? "..." : "]").toString();
        return text.length() <= maxChars + 4 ? text : text.substring(0, maxChars) + "...";
    }

    private static boolean printsItselfOnly(Object item) {
        return item instanceof CharSequence || item instanceof Number || item instanceof Boolean;
    }

    /** Bytes as a quoted string when they are printable UTF-8, else as hex; at most {@code max} bytes of them. */
    static String bytesText(byte[] bytes, int max) {
        int n = Math.min(bytes.length, Math.max(0, max));
        String text = new String(bytes, 0, n, java.nio.charset.StandardCharsets.UTF_8);
        boolean printable = text.indexOf('\uFFFD') < 0;
        for (int i = 0; printable && i < text.length(); i++) {
            char c = text.charAt(i);
            printable = c >= 0x20 && c != 0x7F || c == '\t' || c == '\n' || c == '\r';
        }
        String more = n < bytes.length ? "..." : "";
        if (printable) return '"' + text + more + '"';
        StringBuilder hex = new StringBuilder("0x");
        for (int i = 0; i < n; i++)
            hex.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        return hex.append(more).toString();
    }

    /** A field of an object shown by its fields: plain values as they are, other objects by their own text only. */
    private static String shallow(Object raw) {
        if (raw == null || raw instanceof CharSequence || raw instanceof Number || raw instanceof Boolean)
            return String.valueOf(raw);
        if (raw instanceof byte[] bytes) return bytes.length + " bytes";
        if (raw instanceof Collection<?> c && c.isEmpty()) return "[]";
        return printsItself(raw.getClass())
                ? String.valueOf(raw)
                : raw.getClass().getSimpleName();
    }

    private List<Object> items(Object[] a) {
        List<Object> out = new ArrayList<>(Math.min(a.length, maxItems));
        for (int i = 0; i < a.length && i < maxItems; i++) out.add(neutral(a[i]));
        return out;
    }

    // --- type codes and layouts ---

    private Object typeName(Method namer, Map<Integer, String> constants, Object raw) {
        if (raw == null) return null;
        if (namer == null) {
            String name = raw instanceof Number n ? constants.get(n.intValue()) : null;
            return name != null ? name : neutral(raw);
        }
        try {
            Class<?> p = namer.getParameterTypes()[0];
            // not a ?: chain: numeric promotion would box every branch as an Integer, which invoke() rejects
            // for a byte or short parameter
            Object arg;
            if (p == byte.class) arg = ((Number) raw).byteValue();
            else if (p == short.class) arg = ((Number) raw).shortValue();
            else arg = ((Number) raw).intValue();
            Object name = namer.invoke(null, arg);
            return name != null ? name.toString() : neutral(raw);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return neutral(raw);
        }
    }

    /**
     * A class's fields in declaration order (superclass first), their names, which are type codes named through
     * {@code typeNamer}, and the field object last made for each (shared while the value repeats; fields are
     * immutable, so readers racing on one layout at worst make a new one).
     */
    private record Layout(
            Class<?> type,
            Field[] fields,
            String[] names,
            boolean[] isType,
            Method typeNamer,
            Map<Integer, String> typeConstants,
            Object[] typeNames,
            HeaderField[] last) {
        /** The name of a type code, through the class's namer once per code (codes are few, names fixed). */
        Object typeName(HeaderFieldReader reader, Object raw) {
            if (raw instanceof Number n && n.intValue() >= -128 && n.intValue() < 128) {
                int i = n.intValue() + 128;
                Object name = typeNames[i];
                if (name == null) typeNames[i] = name = reader.typeName(typeNamer, typeConstants, raw);
                return name;
            }
            return reader.typeName(typeNamer, typeConstants, raw);
        }

        /**
         * {@code org.jgroups.Header.prot_id} is the protocol id, which the records already give, and in 5.x it is
         * set by the stack after reading (setProtId), never read from the header body.
         */
        private static boolean isProtocolIdOfHeader(Class<?> declaring, Field f) {
            return f.getName().equals("prot_id") && declaring.getName().equals("org.jgroups.Header");
        }

        static Layout of(Class<?> c) {
            List<Field> fields = new ArrayList<>();
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) chain.add(0, k);
            for (Class<?> k : chain)
                for (Field f : k.getDeclaredFields()) {
                    if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic() || isProtocolIdOfHeader(k, f)) continue;
                    try {
                        f.setAccessible(true);
                        fields.add(f);
                    } catch (RuntimeException e) {
                        // inaccessible (module rules): leave the field out rather than fail the header
                    }
                }
            Field[] array = fields.toArray(new Field[0]);
            String[] names = new String[array.length];
            Method namer = typeNamer(c);
            Map<Integer, String> constants = namer == null ? TypeConstants.of(c) : Map.of();
            boolean[] isType = new boolean[array.length];
            for (int i = 0; i < array.length; i++) {
                names[i] = array[i].getName();
                isType[i] = names[i].equals("type") && (namer != null || !constants.isEmpty());
            }
            return new Layout(
                    c, array, names, isType, namer, constants, new Object[256], new HeaderField[array.length]);
        }

        private static Method typeNamer(Class<?> c) {
            for (String name : TYPE_NAMERS)
                for (Class<?> p : new Class<?>[] {byte.class, short.class, int.class})
                    try {
                        Method m = c.getDeclaredMethod(name, p);
                        if (Modifier.isStatic(m.getModifiers())) {
                            m.setAccessible(true);
                            return m;
                        }
                    } catch (NoSuchMethodException | RuntimeException e) {
                        // try the next spelling
                    }
            return null;
        }
    }
}
