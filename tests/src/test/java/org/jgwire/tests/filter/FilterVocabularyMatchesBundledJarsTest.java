package org.jgwire.tests.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.model.HeaderClass;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.catalog.JarCatalog;
import org.jgwire.wireshark.catalog.LayoutCatalog;
import org.jgwire.wireshark.layout.ResolvedLayout;
import org.junit.jupiter.api.Test;

/**
 * The filter refuses header fields and flags it does not know, from a list in core-codec
 * ({@code filter/filter-vocabulary.txt}); the list must say what the bundled jars say: the message flags of every jar,
 * the instance fields of every header class of every jar's magic map (as the decoder reads them), and which header
 * classes each protocol writes in the sample captures. Run with {@code -Djgwire.regenerate=true} to rewrite the list.
 */
class FilterVocabularyMatchesBundledJarsTest {
    private static final Path LIST =
            Path.of("../core-codec/analysis/src/main/resources/org/jgwire/codec/filter/filter-vocabulary.txt");

    @Test
    void theFilterVocabularyIsWhatTheBundledJarsAndSamplesSay() throws Exception {
        Set<String> flags = new TreeSet<>();
        Map<String, Set<String>> fieldsByHeader = new TreeMap<>();
        LayoutCatalog catalog = LayoutCatalog.read(Decoding.home().resolve("jgroups"));
        for (JarCatalog jar : catalog.jars()) {
            flags.addAll(jar.messageFlags().keySet());
            Path file = jarFile(jar);
            try (URLClassLoader loader =
                    new URLClassLoader(new URL[] {file.toUri().toURL()}, null)) {
                Class<?> header = loader.loadClass("org.jgroups.Header");
                for (String className : jar.magics().values()) {
                    Class<?> c;
                    try {
                        c = Class.forName(className, false, loader);
                    } catch (ClassNotFoundException | LinkageError e) {
                        continue; // a class of an optional dependency
                    }
                    if (!header.isAssignableFrom(c)) continue;
                    Set<String> fields = fieldsByHeader.computeIfAbsent(simpleName(className), k -> new TreeSet<>());
                    for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass())
                        for (Field f : k.getDeclaredFields())
                            if (!Modifier.isStatic(f.getModifiers())
                                    && !f.isSynthetic()
                                    && !(f.getName().equals("prot_id") && k == header)) fields.add(f.getName());
                }
            }
        }
        // the names a header class's enumerated fields take (type codes, enums), as the decoder shows them
        Map<String, Map<String, Set<String>>> valuesByHeader = new TreeMap<>();
        Set<String> messageTypes = new TreeSet<>();
        for (JarCatalog jar : catalog.jars()) {
            messageTypes.addAll(jar.messageTypes().values());
            messageTypes.addAll(jar.gossipTypes().values());
            messageTypes.addAll(jar.fdSockSignals().values()); // an FD_SOCK connection's signal is its type
            for (ResolvedLayout l : jar.layouts().values())
                l.valueNames().forEach((field, names) -> {
                    Set<String> all = new TreeSet<>(names.values());
                    // what the class's namer answers for a code it does not name (4.x EncryptHeader: its own name)
                    String other = l.otherNames().get(field);
                    if (other != null) all.add(other);
                    all.stream().filter(n -> n.matches("\\S+")).forEach(n -> valuesByHeader
                            .computeIfAbsent(l.layout().simpleName(), k -> new TreeMap<>())
                            .computeIfAbsent(field, k -> new TreeSet<>())
                            .add(n));
                });
        }
        messageTypes.add(MessageRecord.ABNORMAL_TERMINATION); // the end of an FD_SOCK stream: no constant of a jar
        Map<String, Set<String>> headersByProtocol = new TreeMap<>();
        // a value the decoder shows that the list does not name would make a filter for it refused
        Set<String> unnamed = new TreeSet<>();
        List<Path> captures;
        try (Stream<Path> s = Files.walk(Decoding.samples())) {
            captures = s.filter(p -> p.toString().endsWith(".pcapng")).sorted().toList();
        }
        for (Path capture : captures) {
            for (Record r : Decoding.decode(
                            capture,
                            InputHints.AUTO,
                            DecodeOptions.defaults(Decoding.home()).withReassemble(false))
                    .records()) {
                if (!(r instanceof MessageRecord m)) continue;
                String at = capture.getFileName() + " #" + m.frame().packet() + " ";
                if (m.type() != null && !messageTypes.contains(m.type())) unnamed.add(at + "type " + m.type());
                for (HeaderRecord h : m.headers())
                    for (HeaderField f : h.fields()) {
                        Set<String> names = valuesByHeader
                                .getOrDefault(h.headerClass().name(), Map.of())
                                .get(f.name());
                        if (names != null && f.value() instanceof String v && !names.contains(v))
                            unnamed.add(at + h.headerClass().name() + "." + f.name() + " " + v);
                    }
                for (HeaderRecord h : m.headers())
                    if (!h.protocol().startsWith("id=") && h.headerClass() != HeaderClass.UNKNOWN)
                        headersByProtocol
                                .computeIfAbsent(h.protocol(), k -> new TreeSet<>())
                                .add(h.headerClass().name());
            }
        }
        // a protocol of no sample is still known by the section the plugin gives its header class (jgroups.rtt.*)
        Set<String> known = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        known.addAll(headersByProtocol.keySet());
        for (JarCatalog jar : catalog.jars())
            for (ResolvedLayout l : jar.layouts().values()) {
                String section = l.layout().section();
                if (!known.contains(section))
                    headersByProtocol
                            .computeIfAbsent(section.toUpperCase(Locale.ROOT), k -> new TreeSet<>())
                            .add(l.layout().simpleName());
            }
        StringBuilder b = new StringBuilder();
        b.append("# What a filter accepts after flags. and PROTOCOL., from the bundled JGroups jars and the sample\n")
                .append("# captures. Generated: FilterVocabularyMatchesBundledJarsTest -Djgwire.regenerate=true\n")
                .append("# flags NAME...: message flags of any jar; header CLASS FIELD...: a header class's fields;\n")
                .append("# protocol NAME CLASS...: the header classes the protocol writes in the samples (or, for a\n")
                .append("# protocol of no sample, the class of the Wireshark plugin's section of that name);\n")
                .append("# values CLASS FIELD NAME...: the names an enumerated field of a header class takes in any\n")
                .append("# jar (the type of a message, GossipRouter record or FD_SOCK signal: CLASS Record).\n");
        b.append("flags ").append(String.join(" ", flags)).append('\n');
        fieldsByHeader.forEach((c, f) -> b.append("header ")
                .append(c)
                .append(f.isEmpty() ? "" : " " + String.join(" ", f))
                .append('\n'));
        headersByProtocol.forEach((p, c) -> b.append("protocol ")
                .append(p)
                .append(' ')
                .append(String.join(" ", c))
                .append('\n'));
        if (!messageTypes.isEmpty())
            b.append("values Record type ")
                    .append(String.join(" ", messageTypes))
                    .append('\n');
        valuesByHeader.forEach((c, fields) -> fields.forEach((f, names) -> b.append("values ")
                .append(c)
                .append(' ')
                .append(f)
                .append(' ')
                .append(String.join(" ", names))
                .append('\n')));
        assertEquals(Set.of(), unnamed, "values of enumerated fields in the samples that the list does not name");
        String expected = b.toString();
        if (Boolean.getBoolean("jgwire.regenerate")) Files.writeString(LIST, expected, StandardCharsets.UTF_8);
        assertEquals(
                expected,
                Files.readString(LIST, StandardCharsets.UTF_8),
                LIST + " is stale: run this test with -Djgwire.regenerate=true");
    }

    private static String simpleName(String binaryName) {
        String s = binaryName.substring(binaryName.lastIndexOf('.') + 1);
        return s.substring(s.lastIndexOf('$') + 1);
    }

    private static Path jarFile(JarCatalog jar) throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> s = Files.list(Decoding.home().resolve("jgroups"))) {
            s.filter(p -> p.getFileName().toString().equals("jgroups-" + jar.label() + ".jar"))
                    .forEach(found::add);
        }
        assertEquals(1, found.size(), "jar of " + jar.label());
        return found.get(0);
    }
}
