package org.jgwire.codec.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * A stack XML for one member: the template {@code <stack>-<family>.xml} from this package's resources with its
 * {@code @TOKEN@}s filled in. Protocol names and attributes differ by family (3.6/4.x: FD_ALL, FRAG2;
 * 5.x: FD_ALL3, FRAG4); diagnostics are switched off by {@code enable_diagnostics} before 5.2 and by
 * {@code diag.enabled} since (TP lost the former in 5.2.0).
 */
final class StackTemplate {
    private static final Pattern TOKEN = Pattern.compile("@([A-Z_]+)@");
    private static final JGroupsVersion DIAG_COMPONENT_SINCE = JGroupsVersion.of(5, 2, 0);
    /** Set to {@code on} in the tokens to leave diagnostics on (jgwire cluster --diagnostics). */
    static final String DIAGNOSTICS = "DIAGNOSTICS";

    /**
     * Values of the tokens a scenario may change: failure detection (FD_ALL/FD_ALL3 timeout and heartbeat
     * interval, VERIFY_SUSPECT timeout), MERGE3's intervals, an optional protocol right above the transport
     * (DISCARD), the fragmentation protocol (FRAG: per family, see {@link #render}), and UFC's and MFC's credits
     * and further attributes (udp stacks only).
     */
    static final Map<String, String> DEFAULTS = Map.of(
            "FD_TIMEOUT",
            "10000",
            "FD_INTERVAL",
            "2000",
            "VERIFY_TIMEOUT",
            "1500",
            "MERGE_MIN",
            "10000",
            "MERGE_MAX",
            "30000",
            "DISCARD",
            "",
            "FC_CREDITS",
            "2M",
            "FC_ATTRS",
            "");

    private StackTemplate() {}

    /**
     * Renders the template; every token must have a value in {@code tokens} or {@link #DEFAULTS}
     * (DIAGNOSTICS_OFF is added here, FRAG defaults to FRAG4 from 5.0 and FRAG2 before).
     */
    static String render(Stack stack, JGroupsVersion version, Map<String, String> tokens) throws IOException {
        String name = stack.templateId() + "-" + NodePrograms.familyOf(version).id() + ".xml";
        String text;
        try (InputStream in = StackTemplate.class.getResourceAsStream(name)) {
            if (in == null) throw new IOException("stack template " + name + " missing from the class path");
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Map<String, String> values = new HashMap<>(DEFAULTS);
        values.put("FRAG", version.major() >= 5 ? "FRAG4" : "FRAG2");
        values.putAll(tokens);
        values.put("DIAGNOSTICS_OFF", "on".equals(tokens.get(DIAGNOSTICS)) ? "" : diagnosticsOff(version));
        Matcher m = TOKEN.matcher(text);
        StringBuilder out = new StringBuilder(text.length() + 64);
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) throw new IllegalArgumentException("no value for @" + m.group(1) + "@ in " + name);
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    static boolean hasDiagComponent(JGroupsVersion version) {
        return version.compareTo(DIAG_COMPONENT_SINCE) >= 0;
    }

    static String diagnosticsOff(JGroupsVersion version) {
        return hasDiagComponent(version) ? "diag.enabled=\"false\"" : "enable_diagnostics=\"false\"";
    }
}
