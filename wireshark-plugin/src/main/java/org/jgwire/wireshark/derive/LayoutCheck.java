package org.jgwire.wireshark.derive;

import java.io.ByteArrayOutputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jgwire.wireshark.layout.Item;
import org.jgwire.wireshark.layout.LayoutReader;
import org.jgwire.wireshark.layout.ResolvedLayout;

/**
 * Holds a resolved layout against the real class: instances (one per type code the layout tests or the class
 * names, every field a distinct non-default value, see {@link Samples}) are written with the class's own {@code
 * writeTo} and read back with {@link LayoutReader}, the Java twin of the Lua core; every value read must equal the
 * instance's field (by its path, {@code view_id.id}) and every byte must be consumed. Used at generation time for
 * every header of every jar, so a layout that does not fit a jar is never put into the plugin.
 */
public final class LayoutCheck {
    private LayoutCheck() {}

    /** Null when the layout reads what the class writes, else what differs. */
    public static String check(Class<?> c, ResolvedLayout layout, ClassLoader loader) {
        Samples samples;
        try {
            samples = new Samples(loader);
        } catch (ReflectiveOperationException | LinkageError e) {
            return "cannot make JGroups objects: " + e;
        }
        int checked = 0;
        Throwable unwritable = null;
        for (Object code : typeCodes(c, layout)) {
            String where = "type " + code;
            Object header;
            byte[] bytes;
            try {
                header = samples.filled(c, code);
                bytes = write(header);
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // a code the class cannot write (e.g. asserts in writeTo): nothing to hold the layout to
                unwritable = e instanceof InvocationTargetException t && t.getCause() != null ? t.getCause() : e;
                continue;
            }
            LayoutReader.Result r;
            try {
                r = LayoutReader.read(layout, bytes, 0, bytes.length);
            } catch (LayoutReader.LayoutException | ClassCastException | NullPointerException e) {
                return where + ": " + e.getMessage();
            }
            if (r.consumed() != bytes.length)
                return where + ": the class writes " + bytes.length + " bytes, the layout reads " + r.consumed();
            for (Map.Entry<String, Object> v : r.values().entrySet()) {
                if (wireOnly(layout.layout().items(), v.getKey())) continue;
                Object expected;
                try {
                    expected = samples.expected(value(header, v.getKey()));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return where + ": the layout reads " + v.getKey() + ", which the class does not have";
                }
                if (!Objects.equals(expected, normal(v.getValue())))
                    return where + ": " + v.getKey() + " is " + expected + ", the layout reads " + v.getValue();
            }
            checked++;
        }
        if (checked > 0) return null;
        // a protocol jar built for a later JGroups calls what this jar lacks (Bits.writeLongCompressed before 5.1)
        return "no instance of the class could be written" + (unwritable == null ? "" : " (" + unwritable + ")");
    }

    /** The type codes to try: every code the layout tests on {@code type} and the class names, or one instance. */
    private static List<Object> typeCodes(Class<?> c, ResolvedLayout layout) {
        Field type = Samples.field(c, "type");
        List<Object> out = new ArrayList<>();
        if (type == null) {
            out.add(null);
        } else if (type.getType().isEnum()) {
            out.addAll(List.of(type.getType().getEnumConstants()));
        } else {
            LinkedHashSet<Integer> codes = new LinkedHashSet<>();
            Map<Integer, String> names = layout.valueNames().get("type");
            if (names != null) codes.addAll(names.keySet());
            tested(layout.layout().items(), layout, codes);
            if (codes.isEmpty()) codes.add(1);
            out.addAll(codes);
        }
        return out;
    }

    private static void tested(List<Item> items, ResolvedLayout layout, LinkedHashSet<Integer> codes) {
        for (Item i : items)
            if (i instanceof Item.If f) {
                if (f.on().equals("type") && f.test() instanceof Item.Equals e)
                    for (String code : e.codes()) {
                        Integer n = layout.constants().get(code);
                        if (n != null) codes.add(n);
                    }
                tested(f.then(), layout, codes);
                tested(f.otherwise(), layout, codes);
            }
    }

    private static boolean wireOnly(List<Item> items, String name) {
        for (Item i : items) {
            if (i instanceof Item.Value v && v.name().equals(name)) return v.wireOnly();
            if (i instanceof Item.If f && (wireOnly(f.then(), name) || wireOnly(f.otherwise(), name))) return true;
            if (i instanceof Item.Switch s) for (Item.Case k : s.cases()) if (wireOnly(k.items(), name)) return true;
            if (i instanceof Item.IfBit b && wireOnly(b.items(), name)) return true;
            if (i instanceof Item.IfPositive p && wireOnly(p.items(), name)) return true;
        }
        return false;
    }

    /** A field's value by its path ({@code view_id.id}: the id of the object in view_id). */
    private static Object value(Object header, String path) throws ReflectiveOperationException {
        Object o = header;
        for (String name : path.split("\\.")) {
            if (o == null) return null;
            Field f = Samples.field(o.getClass(), name);
            if (f == null) throw new NoSuchFieldException(path);
            o = f.get(o);
        }
        return o;
    }

    private static byte[] write(Object header) throws ReflectiveOperationException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Method m = header.getClass().getMethod("writeTo", DataOutput.class);
        m.setAccessible(true);
        m.invoke(header, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    private static Object normal(Object read) {
        if (read instanceof Integer i) return (long) i;
        return read;
    }

    /** A non-static field of the class or a superclass, made accessible, or null (what the check reads fields by). */
    public static Field field(Class<?> c, String name) {
        return Samples.field(c, name);
    }

    static boolean isStatic(Field f) {
        return Modifier.isStatic(f.getModifiers());
    }
}
