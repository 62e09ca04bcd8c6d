package org.jgwire.codec.cluster;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line a node program wrote on its stdout: {@code {"event":"view","creator":"A","id":2,"members":["A","B"]}}.
 *
 * @param node     the member (or router) that wrote it, as the runner named it
 * @param event    {@code started}, {@code view}, {@code sent}, {@code received}, {@code load-sent},
 *                 {@code load-received}, {@code left}, {@code error}
 * @param fields   the other keys: strings, longs, string lists or null
 * @param atNanos  when the runner read it ({@link System#nanoTime()})
 */
record NodeEvent(String node, String event, Map<String, Object> fields, long atNanos) {
    private static final JsonFactory JSON = new JsonFactory();

    String text(String key) {
        Object v = fields.get(key);
        return v == null ? null : v.toString();
    }

    long number(String key) {
        Object v = fields.get(key);
        return v instanceof Long l ? l : -1;
    }

    @SuppressWarnings("unchecked")
    List<String> list(String key) {
        Object v = fields.get(key);
        return v instanceof List<?> l ? (List<String>) l : List.of();
    }

    /** Parses one line; a line that is not a JSON object becomes an {@code error} event quoting it. */
    static NodeEvent parse(String node, String line) {
        long now = System.nanoTime();
        try (JsonParser p = JSON.createParser(line)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException("not an object");
            String event = null;
            Map<String, Object> fields = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonToken t = p.nextToken();
                Object value =
                        switch (t) {
                            case VALUE_NULL -> null;
                            case VALUE_NUMBER_INT -> p.getLongValue();
                            case START_ARRAY -> {
                                List<String> items = new ArrayList<>();
                                while (p.nextToken() != JsonToken.END_ARRAY) items.add(p.getText());
                                yield Collections.unmodifiableList(items);
                            }
                            default -> p.getText();
                        };
                if (key.equals("event")) event = String.valueOf(value);
                else fields.put(key, value);
            }
            if (event == null) throw new IOException("no \"event\" key");
            return new NodeEvent(node, event, Collections.unmodifiableMap(fields), now);
        } catch (IOException e) {
            return new NodeEvent(node, "error", Map.of("message", "unreadable line from " + node + ": " + line), now);
        }
    }
}
