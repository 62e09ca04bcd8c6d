package org.jgwire.codec.filter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The message flags and header fields a filter accepts, read from {@code filter-vocabulary.txt} (generated from the
 * bundled jars and the samples; a test keeps it in step): a protocol's fields are those of the header classes it
 * writes, and for a protocol the samples do not show, those of any header class; the names an enumerated field takes.
 * Names compare without case.
 */
final class FilterVocabulary {
    private static final FilterVocabulary BUNDLED = load();

    private final Map<String, String> flags = new TreeMap<>();
    private final Map<String, Map<String, String>> fieldsByHeader = new HashMap<>();
    private final Map<String, String> anyHeaderField = new TreeMap<>();
    private final Map<String, Map<String, String>> fieldsByProtocol = new HashMap<>();
    private final Map<String, List<String>> classesByProtocol = new HashMap<>();
    /** Header class, then field (lower case), then the names the field takes. */
    private final Map<String, Map<String, Set<String>>> valuesByHeader = new HashMap<>();

    private FilterVocabulary() {}

    static FilterVocabulary bundled() {
        return BUNDLED;
    }

    /** The flag as JGroups spells it, or null. */
    String flag(String name) {
        return flags.get(name.toUpperCase(Locale.ROOT));
    }

    Collection<String> flags() {
        return flags.values();
    }

    /** The field of {@code protocol}'s headers as the decoder names it, or null. */
    String field(String protocol, String name) {
        return fields(protocol).get(name.toLowerCase(Locale.ROOT));
    }

    /** The fields a header of {@code protocol} can have. */
    Collection<String> fieldsOf(String protocol) {
        return fields(protocol).values();
    }

    /** The field of a header of class {@code headerClass} (simple name), or null. */
    String classField(String headerClass, String name) {
        Map<String, String> f = fieldsByHeader.get(headerClass);
        return f == null ? null : f.get(name.toLowerCase(Locale.ROOT));
    }

    /** The header classes (simple names) listed for {@code protocol}, or null when it has no entry. */
    List<String> classesOf(String protocol) {
        return classesByProtocol.get(protocol.toUpperCase(Locale.ROOT));
    }

    /**
     * The names {@code field} of {@code protocol}'s headers takes when it is enumerated in every header class the
     * protocol writes (a type code, an enum), else null: a value outside them cannot match.
     */
    Set<String> valuesOf(String protocol, String field) {
        List<String> classes = classesOf(protocol);
        return classes == null ? null : classValues(classes, field);
    }

    /**
     * As {@link #valuesOf} for the header classes themselves ({@code Record}: the type of a message, a GossipRouter
     * record or an FD_SOCK signal).
     */
    Set<String> classValues(List<String> headerClasses, String field) {
        Set<String> out = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        for (String c : headerClasses) {
            if (classField(c, field) == null && !c.equals("Record")) continue; // the field is another class's
            Set<String> names = valuesByHeader.getOrDefault(c, Map.of()).get(field.toLowerCase(Locale.ROOT));
            if (names == null) return null;
            out.addAll(names);
        }
        return out.isEmpty() ? null : out;
    }

    private Map<String, String> fields(String protocol) {
        Map<String, String> f = fieldsByProtocol.get(protocol.toUpperCase(Locale.ROOT));
        return f != null ? f : anyHeaderField;
    }

    private static FilterVocabulary load() {
        FilterVocabulary v = new FilterVocabulary();
        try (InputStream in = FilterVocabulary.class.getResourceAsStream("filter-vocabulary.txt")) {
            if (in == null) throw new IllegalStateException("filter-vocabulary.txt missing from the classpath");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                if (line.isBlank() || line.startsWith("#")) continue;
                List<String> w = Arrays.asList(line.strip().split("\\s+"));
                switch (w.get(0)) {
                    case "flags" -> w.subList(1, w.size()).forEach(f -> v.flags.put(f.toUpperCase(Locale.ROOT), f));
                    case "header" -> {
                        Map<String, String> f = v.fieldsByHeader.computeIfAbsent(w.get(1), k -> new TreeMap<>());
                        for (String name : w.subList(2, w.size())) {
                            f.put(name.toLowerCase(Locale.ROOT), name);
                            v.anyHeaderField.put(name.toLowerCase(Locale.ROOT), name);
                        }
                    }
                    case "protocol" -> {
                        Map<String, String> f = v.fieldsByProtocol.computeIfAbsent(
                                w.get(1).toUpperCase(Locale.ROOT), k -> new TreeMap<>());
                        for (String c : w.subList(2, w.size())) f.putAll(v.fieldsByHeader.getOrDefault(c, Map.of()));
                        v.classesByProtocol.put(w.get(1).toUpperCase(Locale.ROOT), List.copyOf(w.subList(2, w.size())));
                    }
                    case "values" -> v.valuesByHeader
                            .computeIfAbsent(w.get(1), k -> new HashMap<>())
                            .put(w.get(2).toLowerCase(Locale.ROOT), Set.copyOf(w.subList(3, w.size())));
                    default -> throw new IllegalStateException("filter-vocabulary.txt: bad line " + line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return v;
    }
}
