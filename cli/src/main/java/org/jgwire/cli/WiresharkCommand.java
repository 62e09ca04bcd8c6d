package org.jgwire.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jgwire.codec.runtime.ProtocolJars;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.wireshark.catalog.CoverageReport;
import org.jgwire.wireshark.catalog.LayoutCatalog;
import org.jgwire.wireshark.lua.PluginGenerator;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jgwire wireshark generate|install}: the Lua dissector generated from the bundled JGroups jars and the
 * protocol jars (jgroups-raft) the decoder loads beside each.
 */
@Command(
        name = "wireshark",
        mixinStandardHelpOptions = true,
        description = {
            "Generate the Wireshark Lua dissector for JGroups (one file for every bundled JGroups version), "
                    + "or install it into your personal Wireshark plugins folder."
        },
        subcommands = {WiresharkCommand.Generate.class, WiresharkCommand.Install.class},
        footer = {
            "",
            "Examples:",
            "  jgwire wireshark generate -o jgroups.lua",
            "  jgwire wireshark install",
            "  tshark -r capture.pcapng -Y 'jgroups.gms.type == \"VIEW\"' -O jgroups",
            "",
            "See docs/wireshark.md.",
            "Exit codes: 0 done, " + ExitCodes.HELP_2_TO_4
        })
public final class WiresharkCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: generate or install");
    }

    /**
     * Writes the plugin readable by all (rw-r--r--), as an installed file should be: Wireshark may run as another user.
     */
    static void write(Path target) throws IOException {
        write(catalog(List.of(), List.of()), target);
    }

    /**
     * The bundled JGroups jars and {@code jgroupsJars}, each with the protocol jars the decoder would load beside it:
     * {@code protocolJars} first, then the bundled ones of the artifacts those do not replace.
     */
    static LayoutCatalog catalog(List<Path> jgroupsJars, List<Path> protocolJars) throws IOException {
        return LayoutCatalog.read(
                jarFolder(), jgroupsJars, ProtocolJars.of(VersionRuntime.defaultHome(), protocolJars));
    }

    static void write(LayoutCatalog catalog, Path target) throws IOException {
        PluginGenerator.write(catalog, JgwireCommand.version(), target);
        if (Files.getFileStore(target).supportsFileAttributeView(PosixFileAttributeView.class))
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
    }

    /** The bundled jars the plugin is made from. */
    static Path jarFolder() {
        return VersionRuntime.defaultHome().resolve("jgroups");
    }

    @Command(
            name = "generate",
            mixinStandardHelpOptions = true,
            description =
                    "Write jgroups.lua, generated from the id maps and header classes of every bundled JGroups jar"
                            + " and of the protocol jars (jgroups-raft) bundled for each.",
            footer = {
                "",
                "Examples:",
                "  jgwire wireshark generate -o jgroups.lua",
                "  jgwire wireshark generate --jgroups-jar jgroups-5.6.0.Final.jar -o mine.lua",
                "  jgwire wireshark generate --protocol-jar my-raft.jar -o raft.lua",
                "  tshark -X lua_script:jgroups.lua -r capture.pcap -O jgroups",
                "",
                "Exit codes: 0 written, " + ExitCodes.HELP_2_TO_4
            })
    static final class Generate implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(
                names = {"-o", "--output"},
                paramLabel = "FILE",
                defaultValue = "jgroups.lua",
                description = "Where to write the plugin, '-' for stdout (default: ${DEFAULT-VALUE}).")
        Path output;

        @Option(
                names = "--jgroups-jar",
                paramLabel = "JAR",
                description = "Also cover this JGroups jar (its version read from its own org.jgroups.Version, whatever"
                        + " the file is called); it replaces a bundled jar of the same version. Repeatable.")
        List<Path> jars = new ArrayList<>();

        @Option(
                names = "--protocol-jar",
                paramLabel = "JAR",
                description = "Also lay out the headers of this jar of third-party protocols (registered in code, as"
                        + " jgroups-raft does), beside every JGroups jar; it replaces the bundled jar of the same"
                        + " artifact. Repeatable.")
        List<Path> protocolJars = new ArrayList<>();

        @Override
        public Integer call() throws IOException {
            LayoutCatalog catalog = catalog(jars, protocolJars);
            PrintWriter err = spec.commandLine().getErr();
            // every layout was held against its class at generation (LayoutCheck); say what could not be laid out
            CoverageReport.summary(catalog).forEach(err::println);
            if (output.toString().equals("-")) {
                OutputStream out = new StandardOutput();
                out.write(PluginGenerator.generate(catalog, JgwireCommand.version())
                        .getBytes(StandardCharsets.UTF_8));
                out.flush();
                return ExitCodes.OK;
            }
            write(catalog, output);
            err.println("wrote " + output.toAbsolutePath());
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "install",
            mixinStandardHelpOptions = true,
            description = {
                "Generate jgroups.lua into your personal Wireshark Lua plugins folder and print where it went.",
                "Wireshark and tshark load it at their next start."
            },
            footer = {
                "",
                "Examples:",
                "  jgwire wireshark install",
                "  jgwire wireshark install --dir /usr/lib/x86_64-linux-gnu/wireshark/plugins",
                "",
                "Exit codes: 0 installed, " + ExitCodes.HELP_2_TO_4
            })
    static final class Install implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(
                names = "--dir",
                paramLabel = "DIR",
                description = "Plugins folder (default: ~/.local/lib/wireshark/plugins, Wireshark's personal folder).")
        Path dir;

        @Override
        public Integer call() throws IOException {
            Path folder = dir != null
                    ? dir
                    : Path.of(System.getProperty("user.home"), ".local", "lib", "wireshark", "plugins");
            Path target = folder.resolve("jgroups.lua");
            write(target);
            PrintWriter out = spec.commandLine().getOut();
            out.println(target.toAbsolutePath());
            StandardOutput.flush(out);
            return ExitCodes.OK;
        }
    }
}
