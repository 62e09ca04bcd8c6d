package org.jgwire.adapter.jg4;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Supplier;
import org.jgwire.codec.model.GossipRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The jg4 adapter is compiled against 4.2.30 but must run on every 4.x jar jgwire bundles: load it beside 4.0.24
 * and 4.1.10 in a class loader of its own, as the runtime does, and decode frames those jars wrote.
 */
class OtherJarsTest {
    @ParameterizedTest
    @ValueSource(strings = {"4.0.24", "4.1.10"})
    @SuppressWarnings("unchecked")
    void decodesFramesOfAnother4xJarOnThatJar(String version) throws Exception {
        Path jar = Path.of(System.getProperty("jgwire.m2", System.getProperty("user.home") + "/.m2/repository"),
                "org/jgroups/jgroups", version + ".Final", "jgroups-" + version + ".Final.jar");
        assertTrue(Files.isRegularFile(jar), "bundled jar missing: " + jar);
        URL classes = Jg4WireAdapter.class.getProtectionDomain().getCodeSource().getLocation();
        URL testClasses = IsolatedProbe.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader parent = new HidingJGroups(getClass().getClassLoader());
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        List<List<Record>> frames;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes, testClasses, jar.toUri().toURL()}, parent)) {
            // JGroups reads its id maps through the context class loader first
            t.setContextClassLoader(loader);
            Class<?> probe = loader.loadClass(IsolatedProbe.class.getName());
            assertTrue(probe != IsolatedProbe.class, "probe must come from the isolated loader");
            frames = ((Supplier<List<List<Record>>>) probe.getConstructor().newInstance()).get();
        } finally {
            t.setContextClassLoader(before);
        }

        MessageRecord view = assertInstanceOf(MessageRecord.class, frames.get(0).get(0), frames.get(0)::toString);
        assertEquals(version, view.version());
        assertEquals(version + ".Final", view.decodedWith());
        assertEquals(List.of("GMS", "TP"), view.headers().stream().map(h -> h.protocol()).toList());
        assertEquals("demo", view.cluster());
        assertEquals("DELTA_VIEW", view.view().kind());
        assertEquals(2, view.view().refId());
        assertEquals(1, view.view().left().size());

        assertEquals(2, frames.get(1).size(), frames.get(1)::toString);
        MessageRecord second = assertInstanceOf(MessageRecord.class, frames.get(1).get(1));
        assertEquals("PING", second.headers().get(0).protocol());
        assertEquals("node-b", second.discovery().get(0).logicalName());
        assertEquals(1, second.batchIndex());

        GossipRecord register = assertInstanceOf(GossipRecord.class, frames.get(2).get(0), frames.get(2)::toString);
        assertEquals("REGISTER", register.type());
        assertEquals("node-a", register.discovery().get(0).logicalName());
        assertEquals(version + ".Final", register.version());
    }

    /** The test class path's own JGroups (4.2.30) and adapter classes stay invisible to the isolated loader. */
    private static final class HidingJGroups extends ClassLoader {
        HidingJGroups(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("org.jgroups.") || name.startsWith("org.jgwire.adapter.")) throw new ClassNotFoundException(name);
            return super.loadClass(name, resolve);
        }

        @Override
        public URL getResource(String name) {
            URL u = super.getResource(name);
            return u != null && hidden(u) ? null : u;
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            List<URL> urls = Collections.list(super.getResources(name));
            urls.removeIf(OtherJarsTest::hidden);
            return Collections.enumeration(urls);
        }
    }

    private static boolean hidden(URL u) {
        String s = u.toString();
        return s.contains("/org/jgroups/jgroups/") || s.contains("/adapters/jg4/target/");
    }
}
