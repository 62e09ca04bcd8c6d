package org.jgwire.codec.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Names of a header class's type codes from its own constants, for classes without a {@code type2Str}-style namer:
 * the static final fields of the {@code type} field's primitive type, declared by the class or a superclass up to the
 * one that declares {@code type} ({@code RequestCorrelator.Header}: {@code REQ=0, RSP=1, EXC_RSP=2}, also for its
 * {@code MultiDestinationHeader}; {@code SEQUENCER.SequencerHeader}: {@code FORWARD=1 ... WRAPPED_BCAST=4}, which its
 * {@code printType} prints). A value two constants share is left unnamed.
 */
public final class TypeConstants {
    private TypeConstants() {}

    /** Code to name, empty when the class has no primitive {@code type} field or no such constants. */
    public static Map<Integer, String> of(Class<?> c) {
        Field type = null;
        for (Class<?> k = c; k != null && type == null; k = k.getSuperclass())
            for (Field f : k.getDeclaredFields())
                if (f.getName().equals("type") && !Modifier.isStatic(f.getModifiers())) type = f;
        if (type == null || !type.getType().isPrimitive() || type.getType() == boolean.class) return Map.of();
        Map<Integer, String> names = new HashMap<>();
        Set<Integer> shared = new HashSet<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isStatic(mod) || !Modifier.isFinal(mod) || f.getType() != type.getType()) continue;
                try {
                    f.setAccessible(true);
                    int v = ((Number) f.get(null)).intValue();
                    if (names.putIfAbsent(v, f.getName()) != null) shared.add(v);
                } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                    // inaccessible: that constant stays unnamed
                }
            }
            if (k == type.getDeclaringClass()) break;
        }
        shared.forEach(names::remove);
        return Map.copyOf(names);
    }
}
