package org.jgwire.codec.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Properties;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * A jar of protocols that run on JGroups without being part of it (jgroups-raft, or any jar a user names with
 * {@code --protocol-jar}). Such protocols register their headers and protocol ids in code, in static initialisers
 * ({@code ClassConfigurator.add(magic, Header.class)}, {@code ClassConfigurator.addProtocol(id, Protocol.class)}),
 * not in JGroups' magic map. Those calls are read from the class files ({@link ProtocolJarScanner}) rather than run:
 * a protocol's static initialiser may start anything, and the header classes alone are what a decode needs.
 *
 * @param path         the jar
 * @param artifact     its Maven artifact id (e.g. {@code jgroups-raft}), or its file name without {@code .jar}
 * @param label        what error records and {@code decoded_with} call it, e.g. {@code jgroups-raft 1.1.4.Final}
 * @param classes      the classes it registers by magic id (headers and other wire objects), in the order found
 * @param protocols    the protocols it registers by protocol id
 */
public record ProtocolJar(
        Path path, String artifact, String label, List<Registration> classes, List<Registration> protocols) {

    /** One {@code ClassConfigurator} registration: an id and the binary name of its class. */
    public record Registration(short id, String className) {
        public String simpleName() {
            return className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
        }
    }

    /** The most class files and bytes of one class file a protocol jar may hold: its entries are read whole. */
    static final int MAX_CLASSES = 20_000, MAX_CLASS_BYTES = 4 << 20;

    /**
     * Reads a protocol jar: its registrations and the Maven coordinates in its {@code META-INF/maven}.
     *
     * @throws IllegalArgumentException naming the jar when it cannot be read or registers nothing
     */
    public static ProtocolJar read(Path jar) {
        String file = jar.getFileName().toString();
        String artifact = file.endsWith(".jar") ? file.substring(0, file.length() - 4) : file;
        String version = null;
        int dash = artifact.lastIndexOf('-'); // jgroups-raft-0.2: a jar without Maven coordinates inside
        if (dash > 0 && dash + 1 < artifact.length() && Character.isDigit(artifact.charAt(dash + 1))) {
            version = artifact.substring(dash + 1);
            artifact = artifact.substring(0, dash);
        }
        List<Registration> classes = new ArrayList<>(), protocols = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            int seen = 0;
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                ZipEntry entry = e.nextElement();
                String name = entry.getName();
                if (name.endsWith(".class")) {
                    if (++seen > MAX_CLASSES)
                        throw new IllegalArgumentException(jar + ": more than " + MAX_CLASSES + " classes");
                    ProtocolJarScanner.scan(bytes(zip, entry, jar), classes, protocols);
                } else if (name.startsWith("META-INF/maven/") && name.endsWith("/pom.properties")) {
                    Properties pom = new Properties();
                    pom.load(new StringReader(new String(bytes(zip, entry, jar), StandardCharsets.UTF_8)));
                    if (pom.getProperty("artifactId") != null && pom.getProperty("version") != null) {
                        artifact = pom.getProperty("artifactId").trim();
                        version = pom.getProperty("version").trim();
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            if (e instanceof IllegalArgumentException iae) throw iae;
            throw new IllegalArgumentException(jar + ": not a readable jar (" + e.getMessage() + ")", e);
        }
        if (classes.isEmpty() && protocols.isEmpty())
            throw new IllegalArgumentException(
                    jar + ": registers no header or protocol with JGroups (no ClassConfigurator.add or addProtocol"
                            + " in a static initialiser)");
        String label = version != null ? artifact + " " + version : artifact;
        return new ProtocolJar(jar, artifact, label, List.copyOf(classes), List.copyOf(protocols));
    }

    private static byte[] bytes(ZipFile zip, ZipEntry entry, Path jar) throws IOException {
        try (InputStream in = zip.getInputStream(entry)) {
            byte[] b = in.readNBytes(MAX_CLASS_BYTES + 1);
            if (b.length > MAX_CLASS_BYTES)
                throw new IllegalArgumentException(jar + ": " + entry.getName() + " is larger than 4 MB");
            return b;
        }
    }

    /** The registrations as lines of text, for the cache ({@link #fromText}). */
    String toText() {
        StringBuilder b = new StringBuilder(artifact).append('\n').append(label).append('\n');
        for (Registration r : classes)
            b.append("C ").append(r.id()).append(' ').append(r.className()).append('\n');
        for (Registration r : protocols)
            b.append("P ").append(r.id()).append(' ').append(r.className()).append('\n');
        return b.toString();
    }

    /** The jar at {@code path} as {@link #toText} wrote it. */
    static ProtocolJar fromText(Path path, String text) {
        String[] lines = text.split("\n");
        if (lines.length < 2) throw new IllegalArgumentException(path + ": cached registrations are not whole");
        List<Registration> classes = new ArrayList<>(), protocols = new ArrayList<>();
        for (int i = 2; i < lines.length; i++) {
            String[] f = lines[i].split(" ");
            if (f.length != 3) throw new IllegalArgumentException(path + ": bad cached registration " + lines[i]);
            Registration r = new Registration(Short.parseShort(f[1]), f[2]);
            (f[0].equals("C") ? classes : protocols).add(r);
        }
        return new ProtocolJar(path, lines[0], lines[1], List.copyOf(classes), List.copyOf(protocols));
    }
}
