package org.jgwire.codec.runtime;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * One JGroups jar plus the adapter of its family. Child-first for {@code org.jgroups} and the adapters, so that a
 * JGroups jar that happens to sit on the application class path (tests, an embedding application) can never
 * shadow the jar of the frame's version; everything else (the SPI, the records) comes from the parent, which
 * is what lets the adapter's records be used by the rest of jgwire. Resources are child-first too:
 * {@code ClassConfigurator} reads {@code jg-magic-map.xml} and {@code jg-protocol-ids.xml} through its own loader.
 */
final class VersionClassLoader extends URLClassLoader {
    static {
        registerAsParallelCapable();
    }

    VersionClassLoader(String name, URL[] urls, ClassLoader parent) {
        super(name, urls, parent);
    }

    /**
     * Logging frameworks on jgwire's own class path are hidden from the jar: JGroups' LogFactory would pick them
     * up (pcap4j brings slf4j-api without a binding, which prints warnings), and JDK logging serves it fine.
     */
    private static final String[] HIDDEN = {"org.slf4j.", "org.apache.log4j.", "org.apache.logging.log4j."};

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        for (String prefix : HIDDEN)
            if (name.startsWith(prefix)) throw new ClassNotFoundException(name + " (hidden from the JGroups jar)");
        if (!name.startsWith("org.jgroups.") && !name.startsWith("org.jgwire.adapter."))
            return super.loadClass(name, resolve);
        synchronized (getClassLoadingLock(name)) {
            Class<?> c = findLoadedClass(name);
            if (c == null) {
                try {
                    c = findClass(name);
                } catch (ClassNotFoundException e) {
                    c = super.loadClass(name, false);
                }
            }
            if (resolve) resolveClass(c);
            return c;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        ClassLoader parent = getParent();
        if (parent != null) all.addAll(Collections.list(parent.getResources(name)));
        return Collections.enumeration(all);
    }
}
