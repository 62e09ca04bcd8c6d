package org.jgwire.gui;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * A small distribution for the tests ({@code -Djgwire.home}, target/test-home): {@code jgroups/} holds the 5.5.7
 * jar (copied by the pom), and this class adds {@code adapters/jgwire-adapter-jg5.jar},
 * {@code nodes/jgwire-node-jg5.jar} and {@code lib/jgwire-cluster-test.jar} (the cluster runner's nodes run on
 * those two) from this build's classes. Under {@code mvn test} those modules are class folders, not jars yet, so
 * they are jarred here.
 */
public final class TestHome {
    private static Path home;

    private TestHome() {}

    public static synchronized Path get() {
        if (home != null) return home;
        Path h = Path.of(System.getProperty("jgwire.home"));
        try {
            jar(location("org.jgwire.adapter.jg5.Jg5WireAdapter"), h.resolve("adapters/jgwire-adapter-jg5.jar"));
            jar(location("org.jgwire.cluster.node.jg5.ClusterNode"), h.resolve("nodes/jgwire-node-jg5.jar"));
            jar(location("org.jgwire.codec.cluster.ClusterRunner"), h.resolve("lib/jgwire-cluster-test.jar"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        home = h;
        return h;
    }

    /**
     * The class folder or jar that holds a class, found as a resource: the node program's classes cannot be loaded
     * here (their JGroups superclasses are not on this class path).
     */
    private static Path location(String className) {
        String resource = className.replace('.', '/') + ".class";
        URL url = TestHome.class.getClassLoader().getResource(resource);
        if (url == null) throw new IllegalStateException(className + " is not on the test class path");
        try {
            if (url.getProtocol().equals("jar")) {
                String s = url.getPath();
                return Path.of(new URI(s.substring(0, s.indexOf("!/"))));
            }
            Path file = Path.of(url.toURI());
            for (int i = 0; i < resource.split("/").length; i++) file = file.getParent();
            return file;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(url.toString(), e);
        }
    }

    /** Copies a jar, or jars a class folder, to {@code to} (always anew: never a stale copy). */
    private static void jar(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.deleteIfExists(to);
        if (Files.isRegularFile(from)) {
            Files.copy(from, to);
            return;
        }
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(to));
                Stream<Path> files = Files.walk(from)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                out.putNextEntry(new JarEntry(from.relativize(p).toString().replace('\\', '/')));
                Files.copy(p, out);
                out.closeEntry();
            }
        }
    }
}
