package org.jgwire.cli.output;

import com.fasterxml.jackson.core.io.SerializedString;
import java.util.HashMap;
import java.util.Map;
import org.jgwire.codec.model.Endpoint;

/**
 * JSON-encoded forms of the strings that repeat from record to record (addresses, names, protocol and header names,
 * endpoints), so each is escaped and UTF-8 encoded once instead of once per record. Bounded: the cache starts over
 * when full, which costs only re-encoding.
 */
final class EncodedStrings {
    static final int MAX = 8192;

    private final Map<String, SerializedString> cache = new HashMap<>();
    private final Map<Endpoint, SerializedString> endpoints = new HashMap<>();

    SerializedString of(String s) {
        SerializedString e = cache.get(s);
        if (e == null) {
            if (cache.size() >= MAX) cache.clear();
            e = new SerializedString(s);
            e.asQuotedUTF8(); // encode now, once
            e.asUnquotedUTF8();
            cache.put(s, e);
        }
        return e;
    }

    /** An endpoint as {@code ip:port}, without building the text again for every record. */
    SerializedString of(Endpoint endpoint) {
        SerializedString e = endpoints.get(endpoint);
        if (e == null) {
            if (endpoints.size() >= MAX) endpoints.clear();
            e = of(endpoint.toString());
            endpoints.put(endpoint, e);
        }
        return e;
    }
}
