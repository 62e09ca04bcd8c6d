package org.jgwire.codec.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.jgwire.codec.runtime.JGroupsVersion;

/**
 * A stack XML for one member: the template {@code <stack>-<family>.xml} from this package's resources with its
 * {@code @TOKEN@}s filled in. Protocol names and attributes differ by family (3.6/4.x: FD_ALL, FRAG2;
 * 5.x: FD_ALL3, FRAG4); diagnostics are switched off by {@code enable_diagnostics} before 5.2 and by
 * {@code diag.enabled} since (TP lost the former in 5.2.0).
 */
final class StackTemplate {
    private static final Pattern TOKEN = Pattern.compile("@([A-Z_]+)@");
    private static final JGroupsVersion DIAG_COMPONENT_SINCE = new JGroupsVersion(5, 2, 0);

    private StackTemplate() {}

    /** Renders the template; every token must have a value in {@code tokens} (DIAGNOSTICS_OFF is added here). */
    static String render(Stack stack, JGroupsVersion version, Map<String, String> tokens) throws IOException {
        String name = stack.id() + "-" + ApiFamily.of(version).id + ".xml";
        String text;
        try (InputStream in = StackTemplate.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("stack template " + name + " missing from the class path");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Matcher m = TOKEN.matcher(text);
        StringBuilder out = new StringBuilder(text.length() + 64);
        while (m.find()) {
            String key = m.group(1);
            String value = key.equals("DIAGNOSTICS_OFF") ? diagnosticsOff(version) : tokens.get(key);
            if (value == null) throw new IllegalArgumentException("no value for @" + key + "@ in " + name);
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    static boolean hasDiagComponent(JGroupsVersion version) {
        return version.compareTo(DIAG_COMPONENT_SINCE) >= 0;
    }

    private static String diagnosticsOff(JGroupsVersion version) {
        return hasDiagComponent(version) ? "diag.enabled=\"false\"" : "enable_diagnostics=\"false\"";
    }
}
