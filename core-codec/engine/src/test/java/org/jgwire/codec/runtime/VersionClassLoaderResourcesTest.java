package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two loaders of the same jar, as the decoders of several captures merged at once have: what one reads of its
 * resources never depends on the other. The JDK keeps one open file per jar URL for {@code jar:} URL connections;
 * a loader that read a resource through it closes that file when it is closed, under any other loader reading the
 * same jar then (JGroups' {@code Util} reads its message bundle in its static initialiser: a bundle lost there fails
 * the whole jar in that loader, and a capture's warm-up decode became errors only).
 */
class VersionClassLoaderResourcesTest {
    private static final byte[] TEXT = "hello=world\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private URL jar() throws IOException {
        Path jar = dir.resolve("resources.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry("jgwire-test-messages.properties"));
            out.write(TEXT);
            out.closeEntry();
        }
        return jar.toUri().toURL();
    }

    private VersionClassLoader loader(String name, URL jar) {
        return new VersionClassLoader(name, new URL[] {jar}, getClass().getClassLoader());
    }

    @Test
    void aResourceBeingReadOutlivesAnotherLoaderOfTheSameJarClosing() throws Exception {
        URL jar = jar();
        VersionClassLoader first = loader("first", jar);
        try (VersionClassLoader second = loader("second", jar)) {
            try (InputStream in = first.getResourceAsStream("jgwire-test-messages.properties")) {
                assertArrayEquals(TEXT, in.readAllBytes()); // as ClassConfigurator reads its files
            }
            URL url = second.getResource("jgwire-test-messages.properties");
            assertNotNull(url);
            try (InputStream bundle = url.openConnection().getInputStream(); // as ResourceBundle.Control does
                    InputStream stream = second.getResourceAsStream("jgwire-test-messages.properties")) {
                first.close(); // another capture's decode ended meanwhile
                assertArrayEquals(TEXT, bundle.readAllBytes());
                assertArrayEquals(TEXT, stream.readAllBytes());
            }
            ResourceBundle b = ResourceBundle.getBundle("jgwire-test-messages", Locale.ROOT, second);
            assertEquals("world", b.getString("hello"));
        } finally {
            first.close();
        }
    }

    @Test
    void resourcesKeepTheirJarUrls() throws Exception {
        URL jar = jar();
        try (VersionClassLoader loader = loader("own", jar)) {
            URL url = loader.getResource("jgwire-test-messages.properties");
            assertEquals("jar:" + jar + "!/jgwire-test-messages.properties", url.toExternalForm());
            try (InputStream in = url.openStream()) {
                assertArrayEquals(TEXT, in.readAllBytes());
            }
            List<URL> all = Collections.list(loader.getResources("jgwire-test-messages.properties"));
            assertEquals(url.toExternalForm(), all.get(0).toExternalForm());
            assertNull(loader.findResource("absent.properties"));
        }
    }
}
