package org.jgwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Properties;
import org.jgwire.cli.analysis.StatsCommand;
import org.jgwire.cli.analysis.ViewsCommand;
import org.jgwire.cli.samples.SamplesCommand;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level {@code jgwire} command: subcommands only. */
@Command(
        name = "jgwire",
        mixinStandardHelpOptions = true,
        versionProvider = JgwireCommand.Version.class,
        description = "Decode and analyse JGroups traffic from captures, pipes and streams, with the real JGroups "
                + "code of the version that sent it.",
        subcommands = {
            DecodeCommand.class,
            ViewsCommand.class,
            StatsCommand.class,
            ParseMessagesCommand.class,
            ClusterCommand.class,
            GuiCommand.class,
            WiresharkCommand.class,
            VerifyCommand.class,
            DiffCommand.class,
            SamplesCommand.class,
            CompletionCommand.class,
            CommandLine.HelpCommand.class
        },
        footer = {
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, 2 usage error, 3 I/O error, 4 internal error."
        })
public final class JgwireCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "a command is required, e.g. 'jgwire decode FILE'");
    }

    /** The command line with jgwire's exit-code mapping. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new JgwireCommand());
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setParameterExceptionHandler(JgwireCommand::usageError);
        return cl;
    }

    /** A usage error: the message and where help is, not the whole help (exit 2). */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine cl = e.getCommandLine();
        cl.getErr().println("jgwire: " + e.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(e, cl.getErr());
        cl.getErr().println("Try '" + cl.getCommandSpec().qualifiedName() + " --help'");
        cl.getErr().flush();
        return ExitCodes.USAGE;
    }

    static String version() {
        try (InputStream in = JgwireCommand.class.getResourceAsStream("jgwire.properties")) {
            Properties p = new Properties();
            if (in != null) p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            List<String> jars;
            try (VersionRuntime runtime = new VersionRuntime(VersionRuntime.defaultHome(), null, null, null)) {
                jars = runtime.bundledVersions();
            }
            return new String[] {
                "jgwire " + version(),
                "Java " + System.getProperty("java.version"),
                "JGroups (bundled): " + (jars.isEmpty() ? "none found in " + VersionRuntime.defaultHome() : "")
                        + String.join(", ", jars)
            };
        }
    }
}
