package org.jgwire.tests.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;

/**
 * The filter knows protocols by name from a list in core-codec; every name in {@code jg-protocol-ids.xml} of every
 * bundled jar must be on it, so that {@code NAME} and {@code name.field} compile for any protocol a jar can name.
 */
class ProtocolNamesCoverBundledJarsTest {
    private static final Pattern CLASS = Pattern.compile("<class\\s+id=\"\\d+\"\\s+name=\"([^\"]+)\"");

    @Test
    void everyProtocolOfEveryBundledJarCompilesAsAFilter() throws IOException {
        List<Path> jars;
        try (Stream<Path> s = Files.list(Decoding.home().resolve("jgroups"))) {
            jars = s.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
        assertTrue(jars.size() >= 10, "bundled jars under " + Decoding.home() + ": " + jars);
        List<String> missing = new ArrayList<>();
        int seen = 0;
        for (Path jar : jars) {
            try (ZipFile zip = new ZipFile(jar.toFile())) {
                ZipEntry e = zip.getEntry("jg-protocol-ids.xml");
                assertTrue(e != null, jar + " has no jg-protocol-ids.xml");
                String xml;
                try (InputStream in = zip.getInputStream(e)) {
                    xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                }
                for (Matcher m = CLASS.matcher(xml); m.find(); ) {
                    String name = m.group(1).substring(m.group(1).lastIndexOf('.') + 1);
                    seen++;
                    try {
                        RecordFilter.compile(name);
                    } catch (FilterSyntaxException ex) {
                        missing.add(jar.getFileName() + ": " + name + " (" + ex.reason() + ")");
                    }
                    try {
                        RecordFilter.compile(name + ".type == 1");
                    } catch (FilterSyntaxException ex) {
                        // refused as a field its headers lack is right; as an unknown protocol it is not
                        if (!ex.reason().startsWith("unknown field 'type' of "))
                            missing.add(jar.getFileName() + ": " + name + ".type (" + ex.reason() + ")");
                    }
                }
            }
        }
        assertTrue(seen > 500, "protocol ids read: " + seen);
        assertEquals(List.of(), missing, "protocols missing from core-codec's filter/protocol-names.txt");
    }
}
