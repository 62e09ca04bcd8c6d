package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jgwire.tests.decode.Decoding;
import org.jgwire.wireshark.catalog.JarCatalog;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;

/**
 * The goal of the layouts: every header class that a protocol of a stack XML shipped inside a bundled jar can
 * send has a layout (derived or hand), so traffic of JGroups' own stacks never stops at "layout unknown". Which
 * header classes a protocol sends is read from the jar: the header classes of its magic map that the protocol's
 * class (or a superclass, or a nested class) names in its constant pool.
 */
class ShippedStacksCoverageTest {
    private static final int CONSTANT_CLASS = 7;

    @Test
    void everyHeaderOfTheShippedStacksHasALayout() throws Exception {
        List<String> missing = new ArrayList<>();
        int headers = 0;
        for (JarCatalog jar : GeneratedPlugin.catalog().jars()) {
            String file = "jgroups-" + jar.label() + ".jar";
            try (ZipFile zip =
                    new ZipFile(Decoding.home().resolve("jgroups").resolve(file).toFile())) {
                Set<String> headerClasses = new TreeSet<>(jar.coverage().keySet());
                for (String xml : stackXmls(zip))
                    for (String protocol : protocols(zip, xml))
                        for (String header : headersOf(zip, protocol, headerClasses)) {
                            headers++;
                            if (jar.coverage().get(header).source() == JarCatalog.Coverage.Source.MISSING)
                                missing.add(jar.label() + " " + xml + " " + protocol + ": " + header + " ("
                                        + jar.coverage().get(header).reason() + ")");
                        }
            }
        }
        assertTrue(headers > 100, "header classes found for the shipped stacks: " + headers);
        assertEquals(List.of(), missing.stream().distinct().toList());
    }

    private static List<String> stackXmls(ZipFile zip) {
        List<String> out = new ArrayList<>();
        for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
            String name = e.nextElement().getName();
            if (name.endsWith(".xml") && !name.contains("/") && !name.startsWith("jg-")) out.add(name);
        }
        return out;
    }

    /** The protocol classes of every {@code <config>} of a stack XML (fork-stacks.xml has several). */
    private static Set<String> protocols(ZipFile zip, String xml) throws Exception {
        Set<String> out = new TreeSet<>();
        Element root;
        try (InputStream in = zip.getInputStream(zip.getEntry(xml))) {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(false);
            root = f.newDocumentBuilder().parse(in).getDocumentElement();
        } catch (SAXParseException e) {
            return Set.of(); // not XML a parser takes (5.2.16+'s comment-test.xml tests JGroups' own lenient one)
        }
        NodeList configs = root.getElementsByTagName("config");
        List<Element> all = new ArrayList<>();
        if (root.getTagName().equals("config")) all.add(root);
        for (int i = 0; i < configs.getLength(); i++) all.add((Element) configs.item(i));
        for (Element config : all)
            for (Node n = config.getFirstChild(); n != null; n = n.getNextSibling())
                if (n instanceof Element e) {
                    String name = e.getTagName();
                    String binary = name.startsWith("org.") ? name : "org.jgroups.protocols." + name;
                    if (zip.getEntry(binary.replace('.', '/') + ".class") != null) out.add(binary);
                }
        return out;
    }

    /** The header classes a protocol class, its superclasses and its nested classes name. */
    private static Set<String> headersOf(ZipFile zip, String protocol, Collection<String> headerClasses)
            throws IOException {
        Set<String> out = new TreeSet<>();
        Set<String> seen = new TreeSet<>();
        List<String> todo = new ArrayList<>(List.of(protocol.replace('.', '/')));
        while (!todo.isEmpty()) {
            String internal = todo.remove(todo.size() - 1);
            ZipEntry entry = zip.getEntry(internal + ".class");
            if (entry == null || !seen.add(internal)) continue;
            ClassReader r;
            try (InputStream in = zip.getInputStream(entry)) {
                r = new ClassReader(in.readAllBytes());
            }
            char[] buf = new char[r.getMaxStringLength()];
            for (int i = 1; i < r.getItemCount(); i++) {
                int off = r.getItem(i);
                if (off <= 0 || r.readByte(off - 1) != CONSTANT_CLASS) continue;
                String named = r.readUTF8(off, buf);
                String binary = named.replace('/', '.');
                if (headerClasses.contains(binary)) out.add(binary);
                if (named.startsWith(internal + "$")) todo.add(named); // nested classes: the protocol's own code
            }
            if (r.getSuperName() != null && r.getSuperName().startsWith("org/jgroups/")) todo.add(r.getSuperName());
        }
        return out;
    }
}
