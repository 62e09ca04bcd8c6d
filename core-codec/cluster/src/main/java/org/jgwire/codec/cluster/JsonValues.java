package org.jgwire.codec.cluster;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads a small JSON document into maps, lists, strings, longs, booleans and nulls (jackson-core only). */
final class JsonValues {
    private JsonValues() {}

    static Object read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file);
                JsonParser p = new JsonFactory().createParser(in)) {
            p.nextToken();
            return value(p);
        }
    }

    private static Object value(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == null) throw new IOException("unexpected end of JSON");
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String k = p.currentName();
                    p.nextToken();
                    m.put(k, value(p));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(value(p));
                return l;
            }
            case VALUE_NULL:
                return null;
            case VALUE_NUMBER_INT:
                return p.getLongValue();
            case VALUE_TRUE:
            case VALUE_FALSE:
                return p.getBooleanValue();
            default:
                return p.getText();
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> object(Object v, String where) throws IOException {
        if (v instanceof Map<?, ?> m) return (Map<String, Object>) m;
        throw new IOException("expected a JSON object at " + where);
    }

    static List<Map<String, Object>> objects(Map<String, Object> o, String key) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        if (o.get(key) instanceof List<?> l) for (Object v : l) out.add(object(v, key + "[]"));
        return out;
    }

    static String str(Map<String, Object> o, String key) {
        Object v = o.get(key);
        return v == null ? null : v.toString();
    }

    static long num(Map<String, Object> o, String key) {
        return o.get(key) instanceof Long l ? l : -1;
    }

    /** An array of string arrays; absent: empty. */
    static List<List<String>> stringLists(Map<String, Object> o, String key) {
        List<List<String>> out = new ArrayList<>();
        if (o.get(key) instanceof List<?> l)
            for (Object v : l) {
                List<String> inner = new ArrayList<>();
                if (v instanceof List<?> il) for (Object x : il) inner.add(String.valueOf(x));
                out.add(List.copyOf(inner));
            }
        return List.copyOf(out);
    }

    static List<String> strings(Map<String, Object> o, String key) {
        List<String> out = new ArrayList<>();
        if (o.get(key) instanceof List<?> l) for (Object v : l) out.add(String.valueOf(v));
        return List.copyOf(out);
    }
}
