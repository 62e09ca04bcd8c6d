package org.jgwire.codec.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The stack XMLs a JGroups jar ships at its root ({@code udp.xml}, {@code tcp.xml}, {@code sequencer.xml}, ...),
 * named on the command line as {@code --stack jgroups:udp.xml}: read from the jar of the version under test.
 */
final class ShippedStacks {
    static final String PREFIX = Stack.SHIPPED_PREFIX;

    private ShippedStacks() {}

    static boolean names(String stack) {
        return stack.startsWith(PREFIX);
    }

    /** The entry's text, or null when the jar has no such root entry. */
    static String read(Path jar, String name) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry e = zip.getEntry(name);
            if (e == null) return null;
            try (InputStream in = zip.getInputStream(e)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    /** Every XML at the jar's root whose document is a protocol stack ({@code <config>}), sorted. */
    static List<String> list(Path jar) throws IOException {
        List<String> out = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> en = zip.entries(); en.hasMoreElements(); ) {
                ZipEntry e = en.nextElement();
                if (e.getName().contains("/") || !e.getName().endsWith(".xml")) continue;
                try (InputStream in = zip.getInputStream(e)) {
                    String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    if (text.replaceAll("(?s)<!--.*?-->", "").contains("<config")) out.add(e.getName());
                }
            }
        }
        out.sort(null);
        return out;
    }
}
