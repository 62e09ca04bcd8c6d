package org.jgwire.codec.runtime;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The classes one loader took from the cache of rewritten classes ({@link RewrittenClasses}), kept together in one
 * cache file as well, so that a decode's start-up, on the path every run waits for, reads one file instead of some 250
 * small ones. The pack is read whole when the loader first needs a class; what the loader took that the pack did not
 * hold (from the class's own file, or made anew) is added when the loader closes, by writing the pack anew (a whole
 * file renamed into place, as every cache file). The files of single classes stay the cache's truth: a missing, damaged
 * or foreign pack only means reading them.
 */
final class ClassPack {
    private static final int FORMAT = 1;

    private final RewrittenClasses cache;
    /** Null: no cache folder, so nothing is kept. */
    private final Path file;

    private Map<String, byte[]> held;
    private final Map<String, byte[]> added = new ConcurrentHashMap<>();

    ClassPack(RewrittenClasses cache, Path file) {
        this.cache = cache;
        this.file = file;
    }

    /** As {@link RewrittenClasses#cached}, looked up in the pack first. */
    byte[] cached(String key, RewrittenClasses.Original made) throws IOException {
        byte[] bytes = held().get(key);
        if (bytes != null) return bytes;
        bytes = cache.cached(key, made);
        if (file != null) added.put(key, bytes);
        return bytes;
    }

    private synchronized Map<String, byte[]> held() {
        if (held == null) held = file == null ? Map.of() : parse(RewrittenClasses.read(file));
        return held;
    }

    /** Writes the pack anew if the loader took classes it did not hold; the loader calls it as it closes. */
    synchronized void save() {
        if (file == null || added.isEmpty()) return;
        Map<String, byte[]> all = new TreeMap<>(held());
        all.putAll(added);
        added.clear();
        RewrittenClasses.write(file, format(all));
        held = all;
    }

    static byte[] format(Map<String, byte[]> classes) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeInt(FORMAT);
            out.writeInt(classes.size());
            for (Map.Entry<String, byte[]> e : classes.entrySet()) {
                byte[] key = e.getKey().getBytes(StandardCharsets.UTF_8);
                out.writeShort(key.length);
                out.write(key);
                out.writeInt(e.getValue().length);
                out.write(e.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
        return bytes.toByteArray();
    }

    /** The classes of a pack's bytes; none when there are no bytes or they are not a pack of this format. */
    static Map<String, byte[]> parse(byte[] pack) {
        if (pack == null) return Map.of();
        try {
            ByteBuffer in = ByteBuffer.wrap(pack);
            if (in.getInt() != FORMAT) return Map.of();
            int count = in.getInt();
            if (count < 0 || count > in.remaining()) return Map.of();
            Map<String, byte[]> classes = new HashMap<>();
            for (int i = 0; i < count; i++) {
                byte[] key = bytes(in, in.getShort() & 0xFFFF);
                classes.put(new String(key, StandardCharsets.UTF_8), bytes(in, in.getInt()));
            }
            return in.hasRemaining() ? Map.of() : classes;
        } catch (BufferUnderflowException | IllegalArgumentException e) {
            return Map.of();
        }
    }

    private static byte[] bytes(ByteBuffer in, int length) {
        if (length < 0 || length > in.remaining()) throw new IllegalArgumentException("length " + length);
        int from = in.position();
        in.position(from + length);
        return Arrays.copyOfRange(in.array(), from, from + length);
    }
}
