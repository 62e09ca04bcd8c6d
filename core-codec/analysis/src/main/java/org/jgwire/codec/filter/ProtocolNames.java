package org.jgwire.codec.filter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The protocol names a filter knows (from {@code jg-protocol-ids.xml} of every bundled jar, listed in
 * {@code protocol-names.txt}), looked up without regard to case. A protocol outside the list is still reachable
 * with {@code protocols contains "NAME"}.
 */
final class ProtocolNames {
    private static final Map<String, String> BY_UPPER = load();

    private ProtocolNames() {}

    /** The name as JGroups spells it ({@code NAKACK2} for {@code nakack2}), or null when unknown. */
    static String canonical(String name) {
        return BY_UPPER.get(name.toUpperCase(Locale.ROOT));
    }

    static Collection<String> all() {
        return Collections.unmodifiableCollection(BY_UPPER.values());
    }

    private static Map<String, String> load() {
        Map<String, String> m = new TreeMap<>();
        try (InputStream in = ProtocolNames.class.getResourceAsStream("protocol-names.txt")) {
            if (in == null) throw new IllegalStateException("protocol-names.txt missing from the classpath");
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line; (line = r.readLine()) != null; ) {
                line = line.strip();
                if (!line.isEmpty() && !line.startsWith("#")) m.put(line.toUpperCase(Locale.ROOT), line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return m;
    }
}
