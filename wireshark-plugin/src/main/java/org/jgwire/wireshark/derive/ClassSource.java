package org.jgwire.wireshark.derive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/** The bytecode of one jar's classes, read with ASM from a class loader over that jar (never initialised). */
public final class ClassSource {
    private final ClassLoader loader;
    private final Map<String, ClassNode> nodes = new HashMap<>();

    public ClassSource(ClassLoader loader) {
        this.loader = loader;
    }

    /** The class, or null when the jar (and the JDK) has none by that binary name. */
    ClassNode node(String className) {
        return nodes.computeIfAbsent(className, n -> {
            try (InputStream in = loader.getResourceAsStream(n.replace('.', '/') + ".class")) {
                if (in == null) return null;
                ClassNode c = new ClassNode();
                new ClassReader(in).accept(c, ClassReader.SKIP_DEBUG);
                return c;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** The writeTo(DataOutput) the class runs: its own or its nearest superclass's. */
    MethodNode writeTo(String className) {
        for (ClassNode c = node(className);
                c != null;
                c = c.superName == null ? null : node(c.superName.replace('/', '.')))
            for (MethodNode m : c.methods)
                if (m.name.equals("writeTo")
                        && m.desc.equals("(Ljava/io/DataOutput;)V")
                        && (m.access & Opcodes.ACC_ABSTRACT) == 0) return m;
        return null;
    }

    /** The class that declares {@code m} among {@code className} and its superclasses. */
    String owner(String className, MethodNode m) {
        for (ClassNode c = node(className);
                c != null;
                c = c.superName == null ? null : node(c.superName.replace('/', '.')))
            if (c.methods.contains(m)) return c.name.replace('/', '.');
        return className;
    }

    /**
     * A class that is no interface and not abstract: its writeTo is taken for the field's. (A subclass in the field
     * would write otherwise; the conformance check at generation catches what the declared class does not.)
     */
    boolean isConcrete(String className) {
        ClassNode c = node(className);
        return c != null && (c.access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ABSTRACT)) == 0;
    }
}
