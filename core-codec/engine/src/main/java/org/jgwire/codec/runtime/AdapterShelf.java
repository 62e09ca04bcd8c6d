package org.jgwire.codec.runtime;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ApiFamily;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * Adapters loaded ahead of need by a {@linkplain VersionRuntime#lendAdapters lending} runtime (a warm-up decode on
 * another thread, while the command line is still being read), each handed once to the first runtime that asks
 * for the same jar with the same limits. Loading a jar and running its static initialisers is most of a small
 * decode's start-up; a runtime that finds its jar still loading waits for it rather than loading it twice.
 *
 * <p>A taken adapter belongs to its taker, which closes it; the lender may still be decoding with it on its own
 * thread (the adapters keep their buffers per thread) and never closes it. One not taken stays open until the
 * process ends, or until a later lender shelves the same jar again.
 */
final class AdapterShelf {
    private record Key(ApiFamily family, Path jar, Limits limits, List<Path> protocolJars) {
        // Equality written out: a record's own is bound on first use by spinning classes, at the decode's start.
        @Override
        public boolean equals(Object other) {
            return other instanceof Key k
                    && family == k.family
                    && jar.equals(k.jar)
                    && limits.equals(k.limits)
                    && protocolJars.equals(k.protocolJars);
        }

        @Override
        public int hashCode() {
            return ((family.hashCode() * 31 + jar.hashCode()) * 31 + limits.hashCode()) * 31 + protocolJars.hashCode();
        }
    }

    private static final ConcurrentHashMap<Key, CompletableFuture<LoadedAdapter>> SHELF = new ConcurrentHashMap<>();

    private AdapterShelf() {}

    /** Loads the adapter on this thread and shelves it; the lender may use what it returns too. */
    static LoadedAdapter loadAndShelve(
            AdapterFactory factory, ApiFamily family, Path jar, JGroupsVersion version, Limits limits) {
        Key key = new Key(family, jar, limits, factory.userProtocolJars());
        CompletableFuture<LoadedAdapter> loading = new CompletableFuture<>();
        CompletableFuture<LoadedAdapter> before = SHELF.put(key, loading);
        if (before != null) before.thenAccept(LoadedAdapter::close); // never taken: nobody else holds it
        try {
            LoadedAdapter a = factory.load(family, jar, version);
            loading.complete(a);
            return a;
        } catch (RuntimeException | Error e) {
            SHELF.remove(key, loading);
            loading.completeExceptionally(e);
            throw e;
        }
    }

    /** How many adapters are shelved and not taken (loading or loaded). */
    static int size() {
        return SHELF.size();
    }

    /** The shelved adapter of this jar and limits, once loaded; null when none is shelved or its loading failed. */
    static LoadedAdapter take(ApiFamily family, Path jar, Limits limits, List<Path> protocolJars) {
        if (SHELF.isEmpty()) return null;
        CompletableFuture<LoadedAdapter> shelved = SHELF.remove(new Key(family, jar, limits, protocolJars));
        if (shelved == null) return null;
        try {
            return shelved.join();
        } catch (CompletionException e) {
            return null; // the taker loads it itself, and reports what goes wrong then
        }
    }
}
