package org.jgwire.output;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;

/**
 * JSON-encoded forms of the strings that repeat from record to record (addresses, names, protocol and header names,
 * field names, endpoints), so each is escaped and UTF-8 encoded once instead of once per record. The same string
 * instances come back most of the time: an identity check comes before the hash map. Bounded: the cache starts
 * over when full, which costs only re-encoding.
 */
final class EncodedStrings {
    static final int MAX = 8192;

    private final IdentityMemo<String, byte[]> recent = new IdentityMemo<>();
    private final Map<String, byte[]> cache = new HashMap<>();
    private final IdentityMemo<String, byte[]> recentKeys = new IdentityMemo<>();
    private final Map<String, byte[]> keys = new HashMap<>();
    private final Map<Endpoint, byte[]> endpoints = new HashMap<>();

    /** {@code s} quoted. */
    byte[] of(String s) {
        byte[] e = recent.get(s);
        if (e != null) return e;
        e = cache.get(s);
        if (e == null) {
            if (cache.size() >= MAX) cache.clear();
            e = JsonText.quoted(s);
            cache.put(s, e);
        }
        recent.put(s, e);
        return e;
    }

    /** {@code s} quoted with a colon after it: an object's key. */
    byte[] key(String s) {
        byte[] e = recentKeys.get(s);
        if (e != null) return e;
        e = keys.get(s);
        if (e == null) {
            if (keys.size() >= MAX) keys.clear();
            byte[] q = JsonText.quoted(s);
            e = Arrays.copyOf(q, q.length + 1);
            e[q.length] = ':';
            keys.put(s, e);
        }
        recentKeys.put(s, e);
        return e;
    }

    /** An endpoint as {@code ip:port}, without building the text again for every record. */
    byte[] of(Endpoint endpoint) {
        byte[] e = endpoints.get(endpoint);
        if (e == null) {
            if (endpoints.size() >= MAX) endpoints.clear();
            e = of(endpoint.toString());
            endpoints.put(endpoint, e);
        }
        return e;
    }
}
