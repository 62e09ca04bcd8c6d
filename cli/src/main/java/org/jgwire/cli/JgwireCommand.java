package org.jgwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.jgwire.cli.analysis.DiagnoseCommand;
import org.jgwire.cli.analysis.StatsCommand;
import org.jgwire.cli.analysis.ViewsCommand;
import org.jgwire.cli.samples.SamplesCommand;
import org.jgwire.codec.runtime.ProtocolJars;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The top-level {@code jgwire} command: subcommands only. They are added when the command line is built, not named
 * in the annotation: picocli reflects over every command it is given, a large share of a small decode's start-up,
 * so a run builds only the subcommand it names ({@link #commandLine(String...)}).
 */
@Command(
        name = "jgwire",
        mixinStandardHelpOptions = true,
        versionProvider = JgwireCommand.Version.class,
        description = "Decode and analyse JGroups traffic from captures, pipes and streams, with the real JGroups "
                + "code of the version that sent it.",
        footer = {"", "Exit codes: 0 all decoded, 1 some frames not decoded, " + ExitCodes.HELP_2_TO_4})
public final class JgwireCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                spec.commandLine(), "a command is required, e.g. 'jgwire decode FILE'");
    }

    /**
     * Every subcommand by its name, in the order of the help. The names are written here as well as in each
     * command's annotation (a test keeps them equal): reading the annotations to find one would cost every run's
     * start-up.
     */
    static final Map<String, Class<?>> SUBCOMMANDS = new LinkedHashMap<>();

    static {
        // picocli looks for Groovy's Closure class unless told not to: a failed class look-up through every jar of
        // the class path at each run's start. jgwire's annotations hold no closures.
        if (System.getProperty("picocli.disable.closures") == null)
            System.setProperty("picocli.disable.closures", "true");
        // picocli registers converters for java.time and java.sql types by loading and initialising each class (its
        // formatters among them) at each run's start; no jgwire option has such a type.
        if (System.getProperty("picocli.converters.excludes") == null)
            System.setProperty("picocli.converters.excludes", "java\\.time\\..*,java\\.sql\\..*");
        SUBCOMMANDS.put("decode", DecodeCommand.class);
        SUBCOMMANDS.put("views", ViewsCommand.class);
        SUBCOMMANDS.put("stats", StatsCommand.class);
        SUBCOMMANDS.put("diagnose", DiagnoseCommand.class);
        SUBCOMMANDS.put("parse-messages", ParseMessagesCommand.class);
        SUBCOMMANDS.put("cluster", ClusterCommand.class);
        SUBCOMMANDS.put("gui", GuiCommand.class);
        SUBCOMMANDS.put("wireshark", WiresharkCommand.class);
        SUBCOMMANDS.put("split", SplitCommand.class);
        SUBCOMMANDS.put("verify", VerifyCommand.class);
        SUBCOMMANDS.put("diff", DiffCommand.class);
        SUBCOMMANDS.put("samples", SamplesCommand.class);
        SUBCOMMANDS.put("completion", CompletionCommand.class);
        SUBCOMMANDS.put("help", CommandLine.HelpCommand.class);
    }

    /** Subcommands whose work needs every other one (the help, the completion script). */
    private static final List<String> NEED_ALL = List.of("help", "completion");

    /** The command line with every subcommand and jgwire's exit-code mapping. */
    public static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * The command line for these arguments: when the first names a subcommand, only that one is built (its help,
     * usage errors and exit codes are the same); else every one.
     */
    public static CommandLine commandLine(String... args) {
        String first = args.length > 0 ? args[0] : null;
        Class<?> one = first == null || NEED_ALL.contains(first) ? null : SUBCOMMANDS.get(first);
        CommandLine cl = new CommandLine(new JgwireCommand());
        if (one != null) cl.addSubcommand(one);
        else for (Class<?> c : SUBCOMMANDS.values()) cl.addSubcommand(c);
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
            List<String> protocols =
                    ProtocolJars.of(VersionRuntime.defaultHome(), List.of()).bundledLabels();
            return new String[] {
                "jgwire " + version(),
                "Java " + System.getProperty("java.version"),
                "JGroups (bundled): " + (jars.isEmpty() ? "none found in " + VersionRuntime.defaultHome() : "")
                        + String.join(", ", jars),
                "Protocol jars (bundled, with the JGroups line each was built for): "
                        + (protocols.isEmpty() ? "none" : String.join(", ", protocols))
            };
        }
    }
}
