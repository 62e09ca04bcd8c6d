package org.jgwire.codec.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jgwire.codec.model.JGroupsVersion;

/**
 * TLSv1 allowed again for the members whose jar cannot ask for anything else. JGroups 4.0's and 4.1's
 * SSL_KEY_EXCHANGE calls {@code SSLContext.getInstance("TLSv1")}, fixed in its code (4.2 made it the property
 * {@code ssl_protocol}); Java 17 lists TLSv1 in {@code jdk.tls.disabledAlgorithms}, so such a member never gets the
 * group key and the cluster never forms. For those members only, the runner writes a java.security override into
 * the run's work directory ({@value #PROPERTY} = this JDK's value without TLSv1, everything else kept) and starts
 * them with {@code -Djava.security.properties=FILE}. The runner, other versions and other stacks keep the JDK's list.
 */
final class TlsV1Override {
    static final String PROPERTY = "jdk.tls.disabledAlgorithms";
    static final String PROTOCOL = "SSL_KEY_EXCHANGE";
    static final String FILE_NAME = "tlsv1.java.security";

    private static final String TLS_V1 = "TLSv1";
    private static final JGroupsVersion SSL_KEY_EXCHANGE_SINCE = JGroupsVersion.of(4, 0, 0);
    private static final JGroupsVersion SSL_PROTOCOL_SINCE = JGroupsVersion.of(4, 2, 0);

    private TlsV1Override() {}

    /**
     * Whether members of {@code version} running a stack of {@code protocols} need TLSv1 that {@code disabled} (a
     * value of {@value #PROPERTY}, null when unset) refuses.
     */
    static boolean needed(JGroupsVersion version, List<String> protocols, String disabled) {
        return protocols.contains(PROTOCOL)
                && version.compareTo(SSL_KEY_EXCHANGE_SINCE) >= 0
                && version.compareTo(SSL_PROTOCOL_SINCE) < 0
                && disabled != null
                && !withoutTlsV1(disabled).equals(entries(disabled));
    }

    /** The entries of a {@value #PROPERTY} value but TLSv1 (not TLSv1.1 nor any other), trimmed, in their order. */
    static List<String> withoutTlsV1(String disabled) {
        List<String> out = new ArrayList<>(entries(disabled));
        out.removeIf(TLS_V1::equalsIgnoreCase);
        return out;
    }

    /** The override file's text: a comment saying why, then {@value #PROPERTY} without TLSv1. */
    static String fileText(JGroupsVersion version, String disabled) {
        return "# jgwire cluster: JGroups " + version + "'s " + PROTOCOL + " asks for TLSv1 (fixed in its code); this"
                + " JDK's " + PROPERTY + " without TLSv1\n"
                + PROPERTY + "=" + String.join(", ", withoutTlsV1(disabled)).replace("\\", "\\\\") + "\n";
    }

    /**
     * The JVM options of the run's members: the override, written into {@code work}, when {@link #needed} with the
     * running JDK's {@value #PROPERTY} (the members run on this JDK); then {@code progress} gets one line saying so
     * and why. Otherwise none, and nothing is written.
     */
    static List<String> memberOptions(
            Path work, JGroupsVersion version, List<String> protocols, Consumer<String> progress) throws IOException {
        String disabled = Security.getProperty(PROPERTY);
        if (!needed(version, protocols, disabled)) return List.of();
        Path file = Files.writeString(work.resolve(FILE_NAME), fileText(version, disabled), StandardCharsets.UTF_8);
        progress.accept("TLSv1 allowed again for the members: JGroups " + version + "'s " + PROTOCOL
                + " asks for TLSv1 (fixed in its code until 4.2), which this JDK disables; " + PROPERTY
                + " without TLSv1 in " + file + " (-Djava.security.properties)");
        return List.of("-Djava.security.properties=" + file.toAbsolutePath());
    }

    private static List<String> entries(String disabled) {
        List<String> out = new ArrayList<>();
        for (String e : disabled.split(",")) if (!e.isBlank()) out.add(e.trim());
        return out;
    }
}
