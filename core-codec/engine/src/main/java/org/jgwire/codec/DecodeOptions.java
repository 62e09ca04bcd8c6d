package org.jgwire.codec;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * What the user chose for one decode run.
 *
 * @param limits         every bound (see {@link Limits})
 * @param jgwireHome     the distribution folder holding {@code jgroups/} and {@code adapters/}
 * @param forcedVersion  decode every frame as this JGroups version ({@code --jgroups-version}), or null
 * @param userJar        decode with this JGroups jar ({@code --jgroups-jar}), or null
 * @param ports          only traffic to or from these ports ({@code --port}); empty = recognise by content
 * @param reassemble     FRAG2/FRAG3/FRAG4 fragments are reassembled into the original message (the default);
 *                       false shows the fragments ({@code --no-reassemble})
 * @param keys           keys to decrypt SYM_ENCRYPT/ASYM_ENCRYPT traffic with ({@code --keystore}, {@code
 *                       --secret-key}); {@link DecryptionKeys#NONE}: encrypted payloads are shown as such
 * @param protocolJars   jars of third-party protocols loaded beside every JGroups jar ({@code --protocol-jar}), before
 *                       the bundled ones
 */
public record DecodeOptions(
        Limits limits,
        Path jgwireHome,
        String forcedVersion,
        Path userJar,
        Set<Integer> ports,
        boolean reassemble,
        DecryptionKeys keys,
        List<Path> protocolJars) {
    public DecodeOptions {
        if (keys == null) keys = DecryptionKeys.NONE;
        protocolJars = protocolJars == null ? List.of() : List.copyOf(protocolJars);
    }

    /** Options with no protocol jars of the user's. */
    public DecodeOptions(
            Limits limits,
            Path jgwireHome,
            String forcedVersion,
            Path userJar,
            Set<Integer> ports,
            boolean reassemble,
            DecryptionKeys keys) {
        this(limits, jgwireHome, forcedVersion, userJar, ports, reassemble, keys, List.of());
    }

    /** Options with no decryption keys. */
    public DecodeOptions(
            Limits limits,
            Path jgwireHome,
            String forcedVersion,
            Path userJar,
            Set<Integer> ports,
            boolean reassemble) {
        this(limits, jgwireHome, forcedVersion, userJar, ports, reassemble, DecryptionKeys.NONE);
    }

    /** Options with fragment reassembly on. */
    public DecodeOptions(Limits limits, Path jgwireHome, String forcedVersion, Path userJar, Set<Integer> ports) {
        this(limits, jgwireHome, forcedVersion, userJar, ports, true);
    }

    public static DecodeOptions defaults(Path jgwireHome) {
        return new DecodeOptions(Limits.DEFAULTS, jgwireHome, null, null, Set.of());
    }

    public DecodeOptions withReassemble(boolean on) {
        return new DecodeOptions(limits, jgwireHome, forcedVersion, userJar, ports, on, keys, protocolJars);
    }

    public DecodeOptions withKeys(DecryptionKeys k) {
        return new DecodeOptions(limits, jgwireHome, forcedVersion, userJar, ports, reassemble, k, protocolJars);
    }

    public DecodeOptions withProtocolJars(List<Path> jars) {
        return new DecodeOptions(limits, jgwireHome, forcedVersion, userJar, ports, reassemble, keys, jars);
    }
}
