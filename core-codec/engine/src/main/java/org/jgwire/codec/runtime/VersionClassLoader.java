package org.jgwire.codec.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSigner;
import java.security.CodeSource;
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
 *
 * <p>It is also the sandbox: every {@code org.jgroups} class is rewritten by {@link SandboxRewriter} as it is
 * defined, so the real code decoding a frame asks {@link SandboxGuard} before it allocates or resolves a class
 * (kept rewritten between runs by {@link RewrittenClasses}).
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

    /** JGroups classes are defined rewritten; the adapter's as they are. */
    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        if (!name.startsWith("org.jgroups.")) return super.findClass(name);
        String path = name.replace('.', '/') + ".class";
        URL url = findResource(path);
        if (url == null) throw new ClassNotFoundException(name);
        byte[] original;
        try (InputStream in = getResourceAsStream(path)) { // the jar is closed with the loader
            original = in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            throw new ClassNotFoundException(name + ": " + e, e);
        }
        byte[] rewritten = RewrittenClasses.shared().rewrite(original);
        definePackageOf(name);
        Class<?> c = defineClass(name, rewritten, 0, rewritten.length, new CodeSource(jarOf(url), (CodeSigner[]) null));
        if (ArchiveLinking.ON) ArchiveLinking.defined(c);
        return c;
    }

    /** The jar of this loader that {@code url} (a {@code jar:...!/...} resource) points into. */
    private URL jarOf(URL url) {
        for (URL jar : getURLs()) if (url.toString().startsWith("jar:" + jar + "!/")) return jar;
        return url;
    }

    private void definePackageOf(String className) {
        String pkg = className.substring(0, className.lastIndexOf('.'));
        if (getDefinedPackage(pkg) == null) {
            try {
                definePackage(pkg, null, null, null, null, null, null, null);
            } catch (IllegalArgumentException e) {
                // defined meanwhile by another thread
            }
        }
    }

    /** Whether the JVM resolved {@code name} through this loader: what the sandbox refused never is. */
    boolean hasLoaded(String name) {
        return findLoadedClass(name) != null;
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
