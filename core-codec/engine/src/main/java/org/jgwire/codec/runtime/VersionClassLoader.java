package org.jgwire.codec.runtime;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.net.URLStreamHandler;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * One JGroups jar plus the adapter of its family. Child-first for {@code org.jgroups} and the adapters, so that a
 * JGroups jar that happens to sit on the application class path (tests, an embedding application) can never
 * shadow the jar of the frame's version; everything else (the SPI, the records) comes from the parent, which
 * is what lets the adapter's records be used by the rest of jgwire. Resources are child-first too:
 * {@code ClassConfigurator} reads {@code jg-magic-map.xml} and {@code jg-protocol-ids.xml} through its own loader.
 *
 * <p>It is also the sandbox: every {@code org.jgroups} class, and every class of a protocol jar beside it
 * ({@link ProtocolJars}) in any package, is rewritten by {@link SandboxRewriter} as it is defined, so the real code
 * decoding a frame asks {@link SandboxGuard} before it allocates or resolves a class
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

    /**
     * JGroups classes are defined rewritten; the adapter's as they are. The class file is read straight from the
     * jar, and a JGroups class only when the cache of rewritten classes does not hold it already: going through the
     * loader's resource URLs, and inflating every class to find it in the cache, would weigh on a small decode's
     * start-up.
     */
    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        // every class of the jars but the adapter's is rewritten: JGroups' and a protocol jar's, whatever its package
        boolean jgroups = !name.startsWith("org.jgwire.adapter.");
        int lambda = jgroups ? name.indexOf(IndySites.LAMBDA) : -1;
        if (lambda < 0)
            return define(
                    name,
                    name,
                    (zip, entry) -> jgroups
                            ? pack.cached(entryKey(entry), () -> SandboxRewriter.rewrite(read(zip, entry)))
                            : read(zip, entry));
        // a class that stands for a lambda of a JGroups class (IndySites), made from that class's original bytes
        String number = name.substring(lambda + IndySites.LAMBDA.length());
        return define(name, name.substring(0, lambda), (zip, entry) -> {
            int n = Integer.parseInt(number);
            return pack.cached(entryKey(entry) + "-lambda-" + n, () -> IndySites.lambdaClassOf(read(zip, entry), n));
        });
    }

    /** How a class's bytes come from a class file of the jar: its own, or its host's for a lambda. */
    private interface ClassBytes {
        byte[] of(ZipFile zip, ZipEntry entry) throws IOException;
    }

    /** Defines {@code name} from the class file of {@code from} in the first jar that holds it. */
    private Class<?> define(String name, String from, ClassBytes bytesOf) throws ClassNotFoundException {
        String path = from.replace('.', '/') + ".class";
        try {
            for (Jar jar : jars()) {
                ZipEntry entry = jar.zip().getEntry(path);
                if (entry == null) continue;
                byte[] bytes = bytesOf.of(jar.zip(), entry);
                definePackageOf(name);
                Class<?> c = defineClass(name, bytes, 0, bytes.length, new CodeSource(jar.url(), (CodeSigner[]) null));
                if (ArchiveLinking.ON) ArchiveLinking.defined(c);
                return c;
            }
        } catch (IOException | RuntimeException e) {
            throw new ClassNotFoundException(name + ": " + e, e);
        }
        throw new ClassNotFoundException(name);
    }

    /**
     * The key of a jar's class file in the rewritten-class cache: its name, and its CRC-32 and size as the jar's
     * directory records them, so the class is found without being inflated.
     */
    static String entryKey(ZipEntry entry) {
        String name = new ContentKey()
                .add(entry.getName().getBytes(StandardCharsets.UTF_8))
                .text();
        return name + "-" + Long.toHexString(entry.getCrc()) + "-" + entry.getSize();
    }

    private static byte[] read(ZipFile zip, ZipEntry entry) throws IOException {
        try (InputStream in = zip.getInputStream(entry)) {
            return in.readAllBytes();
        }
    }

    /** A jar of this loader, opened for reading its entries directly. */
    private record Jar(URL url, ZipFile zip) {}

    private volatile List<Jar> jars;
    /** The pack of the classes this loader takes from the cache, made with {@link #jars()}, which define asks first. */
    private volatile ClassPack pack;

    /** The loader's jars, in its search order, opened on first use (and closed with the loader). */
    private List<Jar> jars() throws IOException {
        List<Jar> opened = jars;
        if (opened != null) return opened;
        synchronized (this) {
            if (jars == null) {
                List<Jar> all = new ArrayList<>();
                try {
                    for (URL url : getURLs())
                        all.add(new Jar(url, new ZipFile(Path.of(url.toURI()).toFile())));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    closeAll(all);
                    throw new IOException("not a jar file: " + e.getMessage(), e);
                } catch (IOException e) {
                    closeAll(all);
                    throw e;
                }
                pack = RewrittenClasses.shared().pack(packName(all));
                jars = List.copyOf(all);
            }
            return jars;
        }
    }

    /** A pack's name: the loader's jars, each by its path, size and time (its classes' keys hold their content). */
    private static String packName(List<Jar> jars) {
        ContentKey key = new ContentKey();
        for (Jar j : jars) {
            File f = new File(j.zip().getName());
            key.add((f.getPath() + "|" + f.length() + "|" + f.lastModified() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return key.text();
    }

    private static void closeAll(List<Jar> jars) {
        for (Jar j : jars) {
            try {
                j.zip().close();
            } catch (IOException e) {
                // closing only
            }
        }
    }

    @Override
    public void close() throws IOException {
        if (ArchiveLinking.ON) ArchiveLinking.linkAll();
        ClassPack p = pack;
        if (p != null) p.save();
        synchronized (this) {
            if (jars != null) closeAll(jars);
        }
        super.close();
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

    /**
     * A resource of this loader's jars, read from the jar as this loader opened it. The URL class loader's own
     * {@code jar:} URLs read through the JDK's one open file per jar URL, which every loader of the same jar shares
     * and any of them closes when it is closed (it keeps the files its resources were read from): the decoders of
     * captures merged side by side each load the same JGroups jar, and one closing while another's {@code Util} read
     * its message bundle failed that whole jar in the other.
     */
    @Override
    public URL findResource(String name) {
        try {
            for (Jar jar : jars()) {
                ZipEntry entry = jar.zip().getEntry(name);
                if (entry != null) return entryUrl(jar, entry);
            }
        } catch (IOException | IllegalStateException e) { // not a jar, or the loader closed: none, as the JDK's
        }
        return null;
    }

    @Override
    public Enumeration<URL> findResources(String name) throws IOException {
        List<URL> own = new ArrayList<>();
        try {
            for (Jar jar : jars()) {
                ZipEntry entry = jar.zip().getEntry(name);
                if (entry != null) own.add(entryUrl(jar, entry));
            }
        } catch (IllegalStateException e) { // the loader closed: none, as the JDK's
            own.clear();
        }
        return Collections.enumeration(own);
    }

    /** The usual {@code jar:} URL of an entry, its connection reading it from this loader's open jar. */
    private static URL entryUrl(Jar jar, ZipEntry entry) throws MalformedURLException {
        URLStreamHandler handler = new URLStreamHandler() {
            @Override
            protected URLConnection openConnection(URL u) {
                return new URLConnection(u) {
                    @Override
                    public void connect() {
                        connected = true;
                    }

                    @Override
                    public InputStream getInputStream() throws IOException {
                        try {
                            return jar.zip().getInputStream(entry);
                        } catch (IllegalStateException e) { // the loader was closed
                            throw new IOException(u + ": " + e.getMessage(), e);
                        }
                    }

                    @Override
                    public long getContentLengthLong() {
                        return entry.getSize();
                    }
                };
            }
        };
        return new URL("jar", "", -1, jar.url() + "!/" + entry.getName(), handler);
    }

    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        ClassLoader parent = getParent();
        if (parent != null) all.addAll(Collections.list(parent.getResources(name)));
        return Collections.enumeration(all);
    }
}
