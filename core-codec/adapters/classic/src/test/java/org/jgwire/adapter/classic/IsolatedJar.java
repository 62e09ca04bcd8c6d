package org.jgwire.adapter.classic;

import static org.junit.jupiter.api.Assertions.assertNotSame;
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

/**
 * Runs a probe in a class loader of its own beside another JGroups jar, as the version runtime loads an
 * adapter: the test class path's JGroups and adapter classes (and JGroups' id-map resources) stay invisible.
 */
public final class IsolatedJar {
    /**
     * Loads {@code probe} again from the module's classes, test classes and the jar of {@code version} that the
     * module's build copied for the tests (surefire passes jgwire.jars), runs it and returns its result. The context
     * class loader is switched too: JGroups reads its id maps through it first.
     */
    @SuppressWarnings("unchecked")
    public static <T> T run(String version, Class<?> adapter, Class<? extends Supplier<T>> probe) throws Exception {
        Path jar = Path.of(System.getProperty("jgwire.jars", "target/other-jars"), "jgroups-" + version + ".Final.jar");
        assertTrue(Files.isRegularFile(jar), "the module's build copies it to target/other-jars: " + jar);
        URL classes = adapter.getProtectionDomain().getCodeSource().getLocation();
        URL testClasses = probe.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader parent = new HidingJGroups(IsolatedJar.class.getClassLoader());
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {classes, testClasses, jar.toUri().toURL()}, parent)) {
            t.setContextClassLoader(loader);
            Class<?> isolated = loader.loadClass(probe.getName());
            assertNotSame(probe, isolated, "the probe must come from the isolated loader");
            return ((Supplier<T>) isolated.getConstructor().newInstance()).get();
        } finally {
            t.setContextClassLoader(before);
        }
    }

    private static final class HidingJGroups extends ClassLoader {
        HidingJGroups(ClassLoader parent) {
            super(parent);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.startsWith("org.jgroups.") || name.startsWith("org.jgwire.adapter."))
                throw new ClassNotFoundException(name);
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
            urls.removeIf(HidingJGroups::hidden);
            return Collections.enumeration(urls);
        }

        private static boolean hidden(URL u) {
            String s = u.toString();
            return s.contains("/org/jgroups/jgroups/")
                    || s.contains("/target/classes")
                    || s.contains("/target/test-classes");
        }
    }

    private IsolatedJar() {}
}
