package org.jgwire.codec.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.CodeSource;
import java.util.Set;
import java.util.zip.CRC32C;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.objectweb.asm.ClassReader;

/**
 * The classes {@link SandboxRewriter} rewrote, kept on disk between runs: rewriting the 200-odd classes a decode
 * loads takes a quarter of a second of CPU, and as much again to compile the rewriter, at every start-up.
 *
 * <p>A class is found by a key of its original bytes (the loader's: {@link VersionClassLoader#entryKey}), in a folder
 * named after a {@linkplain ContentKey key} of the rewriter's own code (its classes and ASM's), so a changed class,
 * jar or rewriter never meets an entry it did not make. A file holds the
 * rewritten bytes behind their length and CRC-32C, checked on every read; it is written under another name and
 * renamed into place, so a reader sees a whole file or none. Anything wrong (a bad file, a folder that cannot be
 * written) means rewriting as if there were no cache.
 *
 * <p>The rewritten bytes run unguarded by anything else, so the folder must be the user's alone: one that another
 * user owns or may write to is not used. {@value #PROPERTY} names another folder, or {@code off}; the default is
 * {@code $XDG_CACHE_HOME/jgwire/sandbox}, else {@code ~/.cache/jgwire/sandbox}.
 */
final class RewrittenClasses {
    static final String PROPERTY = "jgwire.sandbox.cache";

    /**
     * The rewriter's classes besides {@link SandboxRewriter} itself (its nest members, and {@link IndySites} and
     * {@link ResourceCalls} with their own; a test keeps this list whole), read as bytes without loading them.
     */
    static final String[] REWRITER_CLASSES = {
        "SandboxRewriter$1",
        "SandboxRewriter$Guarded",
        "SandboxRewriter$Guarded$Call",
        "SandboxRewriter$Host",
        "IndySites",
        "IndySites$1",
        "IndySites$2",
        "IndySites$2$1",
        "IndySites$Concat",
        "ResourceCalls",
        "ResourceCalls$Created"
    };

    private static final String[] ASM_CLASSES = {
        "org/objectweb/asm/ClassReader.class", "org/objectweb/asm/ClassWriter.class", "org/objectweb/asm/Opcodes.class"
    };
    private static final int HEAD = 8; // length, CRC-32C

    private static volatile RewrittenClasses shared;

    /** Null: no cache, every class is rewritten. */
    private final Path dir;

    RewrittenClasses(Path dir) {
        this.dir = dir;
    }

    /** The cache of this process, where {@value #PROPERTY} or the user's cache folder says. */
    static RewrittenClasses shared() {
        RewrittenClasses c = shared;
        if (c == null) {
            synchronized (RewrittenClasses.class) {
                if (shared == null) shared = new RewrittenClasses(usable(defaultRoot()));
                c = shared;
            }
        }
        return c;
    }

    /** A class file's bytes, read or made only when the cache does not hold them. */
    interface Original {
        byte[] read() throws IOException;
    }

    /**
     * A class the rewriter makes (a rewritten class, a lambda's), named by {@code key} (letters, digits and dashes:
     * a file name): from the cache when it holds it, else made and kept.
     */
    byte[] cached(String key, Original made) throws IOException {
        if (dir == null) return made.read();
        Path file = dir.resolve(key + ".class");
        byte[] cached = read(file);
        if (cached != null) return cached;
        byte[] bytes = made.read();
        write(file, bytes);
        return bytes;
    }

    /**
     * The pack ({@link ClassPack}) named {@code name} (letters, digits and dashes), for the classes of one loader;
     * without a cache folder it keeps nothing.
     */
    ClassPack pack(String name) {
        return new ClassPack(this, dir == null ? null : dir.resolve("pack-" + name + ".pack"));
    }

    /** The folder of the cache: {@code root} with a sub-folder for this rewriter, or null when it cannot be used. */
    static Path usable(Path root) {
        if (root == null) return null;
        try {
            Path dir = root.resolve(fingerprint());
            boolean posix =
                    FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
            if (posix)
                Files.createDirectories(
                        dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            else Files.createDirectories(dir);
            return ownedAlone(root) && ownedAlone(dir) ? dir : null;
        } catch (IOException | UncheckedIOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }

    /** Whether {@code dir} belongs to this user and no one else may write into it. */
    private static boolean ownedAlone(Path dir) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) return true;
        if (!Files.getOwner(dir).getName().equals(System.getProperty("user.name"))) return false;
        Set<PosixFilePermission> p = Files.getPosixFilePermissions(dir);
        return !p.contains(PosixFilePermission.GROUP_WRITE) && !p.contains(PosixFilePermission.OTHERS_WRITE);
    }

    private static Path defaultRoot() {
        String configured = System.getProperty(PROPERTY);
        if (configured != null) return configured.equals("off") ? null : Path.of(configured);
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isEmpty() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("jgwire").resolve("sandbox");
    }

    /**
     * What the rewritten bytes depend on besides the class: the rewriter's code and ASM's, read from where their
     * classes were loaded (a jar, or a folder of a build tree) without the class loader's resource look-up, whose
     * first use is costly at start-up.
     */
    static String fingerprint() throws IOException {
        ContentKey key = new ContentKey();
        String pkg = SandboxRewriter.class.getPackageName().replace('.', '/') + "/";
        String[] rewriter = new String[REWRITER_CLASSES.length + 1];
        rewriter[0] = SandboxRewriter.class.getName().replace('.', '/') + ".class";
        for (int i = 0; i < REWRITER_CLASSES.length; i++) rewriter[i + 1] = pkg + REWRITER_CLASSES[i] + ".class";
        addCode(key, SandboxRewriter.class, rewriter);
        addCode(key, ClassReader.class, ASM_CLASSES);
        return "rewriter-" + key.text();
    }

    /** Adds the class files {@code names} of the jar or folder {@code c} was loaded from. */
    private static void addCode(ContentKey key, Class<?> c, String[] names) throws IOException {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) throw new IOException(c.getName() + ": no code source");
        Path where;
        try {
            where = Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IOException(c.getName() + " loaded from " + source.getLocation(), e);
        }
        if (Files.isDirectory(where)) {
            for (String name : names) key.add(Files.readAllBytes(where.resolve(name)));
            return;
        }
        try (ZipFile jar = new ZipFile(where.toFile())) {
            for (String name : names) {
                ZipEntry e = jar.getEntry(name);
                if (e == null) throw new IOException(name + " not found in " + where);
                try (InputStream in = jar.getInputStream(e)) {
                    key.add(in.readAllBytes());
                }
            }
        }
    }

    /** The rewritten class (or pack) in {@code file}, or null when there is none or it is not whole. */
    static byte[] read(Path file) {
        byte[] all;
        try {
            all = Files.readAllBytes(file);
        } catch (IOException | SecurityException e) {
            return null;
        }
        if (all.length < HEAD) return null;
        ByteBuffer head = ByteBuffer.wrap(all, 0, HEAD);
        int length = head.getInt(), crc = head.getInt();
        if (length != all.length - HEAD || crc != crc(all, HEAD, length)) return null;
        byte[] rewritten = new byte[length];
        System.arraycopy(all, HEAD, rewritten, 0, length);
        return rewritten;
    }

    static void write(Path file, byte[] rewritten) {
        Path tmp = null;
        try {
            tmp = Files.createTempFile(file.getParent(), "write-", ".tmp");
            ByteBuffer out = ByteBuffer.allocate(HEAD + rewritten.length);
            out.putInt(rewritten.length)
                    .putInt(crc(rewritten, 0, rewritten.length))
                    .put(rewritten);
            Files.write(tmp, out.array());
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                return; // never a file a reader could see half-written
            }
            tmp = null;
        } catch (IOException | SecurityException e) {
            // the cache is only a shortcut
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException | SecurityException e) {
                    // left for the next run to overwrite: it never reads a .tmp
                }
            }
        }
    }

    private static int crc(byte[] b, int off, int len) {
        CRC32C c = new CRC32C();
        c.update(b, off, len);
        return (int) c.getValue();
    }
}
