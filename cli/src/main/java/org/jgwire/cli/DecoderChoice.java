package org.jgwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.runtime.ProtocolJar;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * Which JGroups jar decodes, which ports are read and the keys to decrypt with: a picocli mixin of {@code decode},
 * the analyses and {@code gui}.
 */
public final class DecoderChoice {
    @Option(
            names = "--jgroups-version",
            paramLabel = "X.Y.Z",
            completionCandidates = OptionValues.BundledVersions.class,
            description = "Decode every frame as this JGroups version, whatever its version short says.")
    String jgroupsVersion;

    @Option(
            names = "--jgroups-jar",
            paramLabel = "JAR",
            description = "Decode with this JGroups jar (a patched or newer build) instead of the bundled ones.")
    Path jgroupsJar;

    @Option(
            names = "--protocol-jar",
            paramLabel = "JAR",
            description = "Also read the headers of this jar's protocols, with its own classes (third-party protocols"
                    + " that register their headers in code). Replaces a bundled jar of the same artifact"
                    + " (jgroups-raft is bundled). Repeatable.")
    List<Path> protocolJars = new ArrayList<>();

    @Option(
            names = "--port",
            paramLabel = "PORT",
            split = ",",
            description =
                    "Only traffic to or from these ports (default: JGroups is recognised by content on any port).")
    List<Integer> ports = new ArrayList<>();

    @CommandLine.Mixin
    KeyOptions keys = new KeyOptions();

    public List<Integer> ports() {
        return List.copyOf(ports);
    }

    /**
     * The decode options with these choices, checked: a bad version or port is a usage error naming the option, a
     * jar that cannot be read an I/O error.
     */
    public DecodeOptions decodeOptions(CommandLine cl, Limits limits, boolean reassemble) throws IOException {
        if (jgroupsVersion != null) {
            try {
                JGroupsVersion.parse(jgroupsVersion);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, "--jgroups-version: " + e.getMessage());
            }
        }
        if (jgroupsJar != null && !Files.isReadable(jgroupsJar)) throw new NoSuchFileException(jgroupsJar.toString());
        for (Path jar : protocolJars) {
            if (!Files.isReadable(jar)) throw new NoSuchFileException(jar.toString());
            try {
                ProtocolJar.read(jar);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, "--protocol-jar " + e.getMessage());
            }
        }
        for (int port : ports)
            if (port < 0 || port > 65535)
                throw new CommandLine.ParameterException(cl, "--port must be 0 to 65535, got " + port);
        return new DecodeOptions(
                limits,
                VersionRuntime.defaultHome(),
                jgroupsVersion,
                jgroupsJar,
                new LinkedHashSet<>(ports),
                reassemble,
                keys.keys(cl),
                protocolJars);
    }
}
