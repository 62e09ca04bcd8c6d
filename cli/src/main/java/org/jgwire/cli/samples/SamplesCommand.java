package org.jgwire.cli.samples;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jgwire.cli.ExitCodes;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code jgwire samples}: the sample library's commands. */
@Command(
        name = "samples",
        mixinStandardHelpOptions = true,
        description = {
            "The sample library (samples/): real captures of real clusters with their manifests, and the "
                    + "golden decodes the regression test compares with. See docs/samples-and-regression.md."
        },
        subcommands = {RegenerateCommand.class, GoldenCommand.class, ListCommand.class},
        footer = {
            "",
            "Examples:",
            "  jgwire samples list",
            "  jgwire samples regenerate    # all samples and golden decodes (capture rights)",
            "  jgwire samples regenerate --only 5.5.7/udp-chat",
            "  jgwire samples golden        # the golden decodes of the committed captures",
            "",
            "Exit codes: 0 done, 1 a run failed, " + ExitCodes.HELP_2_TO_4
        })
public final class SamplesCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "a subcommand is required: regenerate, golden or list");
    }

    /** Options every subcommand shares. */
    static final class Where {
        @CommandLine.Option(
                names = "--samples",
                paramLabel = "DIR",
                description =
                        "The sample library (default: samples/ of the source tree the distribution was built in).")
        Path samples;

        @CommandLine.Option(names = "--stacktrace", description = "Print stack traces of failures.")
        boolean stacktrace;

        Path samples() {
            if (samples != null) return samples;
            Path home = VersionRuntime.defaultHome().toAbsolutePath().normalize();
            // <root>/cli/target/jgwire
            Path root = home.getParent() != null && home.getParent().getParent() != null
                    ? home.getParent().getParent().getParent()
                    : null;
            Path dir = root == null ? null : root.resolve("samples");
            if (dir == null || !Files.isDirectory(dir))
                throw new IllegalArgumentException(
                        "no samples directory beside the distribution " + home + "; name it with --samples DIR");
            return dir;
        }
    }
}
