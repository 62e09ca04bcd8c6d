package org.jgwire.codec.runtime;

import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * Loads the adapter of a family beside a JGroups jar. The adapter class is found by its conventional name,
 * {@code org.jgwire.adapter.<family>.<Family>WireAdapter} (e.g. {@code org.jgwire.adapter.jg5.Jg5WireAdapter}),
 * and, failing that, as a {@link ServiceLoader} provider of {@link WireAdapter} inside the adapter jar
 * ({@code META-INF/services/org.jgwire.codec.runtime.WireAdapter}).
 */
final class AdapterFactory {
    private final Path home;
    private final Limits limits;
    private final ProtocolJars protocols;

    AdapterFactory(Path home, Limits limits, ProtocolJars protocols) {
        this.home = home;
        this.limits = limits;
        this.protocols = protocols;
    }

    /** The user's protocol jars: adapters loaded with other ones are not interchangeable ({@link AdapterShelf}). */
    List<Path> userProtocolJars() {
        return protocols.userPaths();
    }

    /** The adapter jar of a family: {@code <home>/adapters/jgwire-adapter-<family>.jar}. */
    Path adapterJar(ApiFamily family) {
        return home.resolve("adapters").resolve("jgwire-adapter-" + family.id() + ".jar");
    }

    static String adapterClassName(ApiFamily family) {
        String id = family.id();
        return "org.jgwire.adapter." + id + "." + Character.toUpperCase(id.charAt(0)) + id.substring(1) + "WireAdapter";
    }

    /**
     * Loads and initialises the adapter; throws {@link IllegalStateException} with a message naming the missing
     * piece when the adapter jar or class is absent or fails to start.
     */
    LoadedAdapter load(ApiFamily family, Path jgroupsJar, JGroupsVersion version) {
        Path adapterJar = adapterJar(family);
        if (!Files.isRegularFile(adapterJar))
            throw new IllegalStateException(
                    "adapter " + adapterJar + " not found (set -Djgwire.home to the" + " distribution folder)");
        List<ProtocolJar> extra = protocols.forJGroups(version);
        VersionClassLoader loader;
        try {
            // the JGroups jar before the protocol jars: a class both hold is JGroups' own
            List<URL> urls = new ArrayList<>(
                    List.of(adapterJar.toUri().toURL(), jgroupsJar.toUri().toURL()));
            for (ProtocolJar p : extra) urls.add(p.path().toUri().toURL());
            loader = new VersionClassLoader(
                    "jgwire-" + jgroupsJar.getFileName(), urls.toArray(new URL[0]), WireAdapter.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalStateException("bad jar path " + jgroupsJar + ": " + e.getMessage());
        }
        Thread t = Thread.currentThread();
        ClassLoader before = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            WireAdapter adapter = instantiate(family, loader);
            adapter.init(limits);
            if (!extra.isEmpty()) adapter.protocolJars(ProtocolRegistrar.register(loader, extra));
            return new LoadedAdapter(adapter, loader, adapter.jgroupsVersion());
        } catch (RuntimeException | LinkageError e) {
            LoadedAdapter.rethrowFatal(e);
            closeQuietly(loader);
            throw new IllegalStateException(
                    "adapter " + family + " failed to start on " + jgroupsJar.getFileName() + ": " + e, e);
        } finally {
            t.setContextClassLoader(before);
        }
    }

    private static WireAdapter instantiate(ApiFamily family, ClassLoader loader) {
        try {
            Class<?> c = Class.forName(adapterClassName(family), true, loader);
            return (WireAdapter) c.getDeclaredConstructor().newInstance();
        } catch (ClassNotFoundException e) {
            for (WireAdapter a : ServiceLoader.load(WireAdapter.class, loader))
                if (a.getClass().getClassLoader() == loader) return a;
            throw new IllegalStateException(
                    "no " + adapterClassName(family) + " and no WireAdapter service in the" + " adapter jar");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create " + adapterClassName(family) + ": " + e, e);
        }
    }

    private static void closeQuietly(VersionClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            // nothing more to do
        }
    }
}
