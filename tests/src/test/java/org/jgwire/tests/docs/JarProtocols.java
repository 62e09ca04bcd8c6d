package org.jgwire.tests.docs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jgwire.codec.runtime.ProtocolJar;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * What one JGroups jar says about its protocols, read from the jar's files without loading a class: the protocols of
 * its {@code jg-protocol-ids.xml}, the header classes each one makes (a {@code new} of a header class, or a static
 * call on one, in the protocol's bytecode, its nested classes and its superclasses up to {@code Protocol}) and the
 * instance fields of each header class, superclass first, as jgwire's header field reader lists them.
 *
 * <p>A protocol jar ({@link ProtocolJar}: jgroups-raft) is read the same way, its registrations standing in for the
 * two maps, with the JGroups jar it serves beside it: its classes extend JGroups' ({@code Header}, {@code Protocol}).
 */
final class JarProtocols {
    private static final Pattern PROTOCOL_ID = Pattern.compile("<class\\s+id=\"(\\d+)\"\\s+name=\"([^\"]+)\"");
    private static final Pattern MAGIC_CLASS = Pattern.compile("name=\"([^\"]+)\"");
    private static final String HEADER = "org/jgroups/Header";
    private static final String PROTOCOL = "org/jgroups/stack/Protocol";

    /** A protocol of the jar's id map; {@code inJar} is false when the map names a class the jar does not have. */
    record Protocol(int id, String className, boolean inJar, Set<String> headerClasses) {
        String name() {
            return className.substring(className.lastIndexOf('.') + 1);
        }
    }

    /** Where classes are looked up, first jar first: the jar read, then (for a protocol jar) its JGroups jar. */
    private final List<ZipFile> zips;

    private final Map<String, ClassFacts> facts = new LinkedHashMap<>();
    final List<Protocol> protocols = new ArrayList<>();
    /** Every header class of the jar's magic map, with its instance fields as jgwire reads them. */
    final Map<String, List<String>> headerFields = new TreeMap<>();

    private JarProtocols(List<ZipFile> zips) {
        this.zips = zips;
    }

    static JarProtocols read(Path jar) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            JarProtocols j = new JarProtocols(List.of(zip));
            j.readMagicMap();
            j.readProtocolIds();
            return j;
        }
    }

    /** A protocol jar's protocols and header classes, as it registers them, read beside {@code jgroups}. */
    static JarProtocols read(ProtocolJar jar, Path jgroups) throws IOException {
        try (ZipFile own = new ZipFile(jar.path().toFile());
                ZipFile base = new ZipFile(jgroups.toFile())) {
            JarProtocols j = new JarProtocols(List.of(own, base));
            for (ProtocolJar.Registration r : jar.classes()) {
                String internal = r.className().replace('.', '/');
                if (j.isHeader(internal)) j.headerFields.put(r.className(), j.fieldsOf(internal));
            }
            for (ProtocolJar.Registration r : jar.protocols()) j.addProtocol(r.id(), r.className());
            return j;
        }
    }

    private void readMagicMap() throws IOException {
        Matcher m = MAGIC_CLASS.matcher(text("jg-magic-map.xml"));
        while (m.find()) {
            String internal = m.group(1).replace('.', '/');
            if (isHeader(internal)) headerFields.put(m.group(1), fieldsOf(internal));
        }
    }

    private void readProtocolIds() throws IOException {
        Matcher m = PROTOCOL_ID.matcher(text("jg-protocol-ids.xml"));
        while (m.find()) addProtocol(Integer.parseInt(m.group(1)), m.group(2));
    }

    private void addProtocol(int id, String className) throws IOException {
        String internal = className.replace('.', '/');
        ClassFacts f = facts(internal);
        Set<String> headers = new TreeSet<>();
        if (f != null) madeHeaders(internal, headers);
        protocols.add(new Protocol(id, className, f != null, headers));
    }

    /** Header classes of the magic map that the protocol's code, or code it inherits, makes. */
    private void madeHeaders(String protocol, Set<String> out) throws IOException {
        for (String k = protocol; k != null && !k.equals(PROTOCOL); ) {
            ClassFacts f = facts(k);
            if (f == null) break;
            collect(f, out);
            for (ZipEntry e : nested(k)) collect(facts(e.getName().replace(".class", "")), out);
            k = f.superName;
        }
    }

    private void collect(ClassFacts f, Set<String> out) {
        if (f == null) return;
        for (String used : f.used) {
            String name = used.replace('/', '.');
            if (headerFields.containsKey(name)) out.add(name);
        }
    }

    private List<ZipEntry> nested(String internal) {
        List<ZipEntry> out = new ArrayList<>();
        String prefix = internal + "$";
        for (ZipFile zip : zips)
            zip.stream()
                    .filter(e -> e.getName().startsWith(prefix) && e.getName().endsWith(".class"))
                    .forEach(out::add);
        return out;
    }

    private boolean isHeader(String internal) throws IOException {
        for (String k = internal; k != null; ) {
            if (k.equals(HEADER)) return true;
            ClassFacts f = facts(k);
            if (f == null) return false;
            k = f.superName;
        }
        return false;
    }

    private List<String> fieldsOf(String internal) throws IOException {
        List<String> chain = new ArrayList<>();
        for (String k = internal; k != null && !k.equals("java/lang/Object"); ) {
            chain.add(0, k);
            ClassFacts f = facts(k);
            k = f == null ? null : f.superName;
        }
        List<String> out = new ArrayList<>();
        for (String k : chain) {
            ClassFacts f = facts(k);
            if (f == null) continue;
            // Header.prot_id is the protocol id, which records give on their own (see HeaderFieldReader)
            for (String field : f.fields) if (!(k.equals(HEADER) && field.equals("prot_id"))) out.add(field);
        }
        return out;
    }

    private String text(String entry) throws IOException {
        ZipFile zip = zips.get(0);
        ZipEntry e = zip.getEntry(entry);
        if (e == null) return "";
        try (InputStream in = zip.getInputStream(e)) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    /** The facts of a class of the jars, or null when none has it (a JDK class, or a stale id). */
    private ClassFacts facts(String internal) throws IOException {
        if (facts.containsKey(internal)) return facts.get(internal);
        ClassFacts f = null;
        for (ZipFile zip : zips) {
            ZipEntry e = zip.getEntry(internal + ".class");
            if (e == null) continue;
            try (InputStream in = zip.getInputStream(e)) {
                f = ClassFacts.of(in.readAllBytes());
            }
            break;
        }
        facts.put(internal, f);
        return f;
    }

    /** A class's superclass, its instance fields in declaration order, and the classes its code makes or calls. */
    private static final class ClassFacts {
        String superName;
        final List<String> fields = new ArrayList<>();
        final Set<String> used = new TreeSet<>();

        static ClassFacts of(byte[] bytes) {
            ClassFacts f = new ClassFacts();
            new ClassReader(bytes)
                    .accept(
                            new ClassVisitor(Opcodes.ASM9) {
                                @Override
                                public void visit(
                                        int v, int access, String name, String sig, String superName, String[] ifs) {
                                    f.superName = superName;
                                }

                                @Override
                                public FieldVisitor visitField(
                                        int access, String name, String desc, String sig, Object value) {
                                    if ((access & (Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC)) == 0)
                                        f.fields.add(name);
                                    return null;
                                }

                                @Override
                                public MethodVisitor visitMethod(
                                        int access, String name, String desc, String sig, String[] ex) {
                                    return new MethodVisitor(Opcodes.ASM9) {
                                        @Override
                                        public void visitTypeInsn(int opcode, String type) {
                                            if (opcode == Opcodes.NEW) f.used.add(type);
                                        }

                                        @Override
                                        public void visitMethodInsn(
                                                int op, String owner, String m, String d, boolean itf) {
                                            if (op == Opcodes.INVOKESTATIC) f.used.add(owner);
                                        }
                                    };
                                }
                            },
                            ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            return f;
        }
    }
}
