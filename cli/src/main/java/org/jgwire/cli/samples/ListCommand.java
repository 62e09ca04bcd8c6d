package org.jgwire.cli.samples;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.StandardOutput;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code jgwire samples list}: what the library holds, and which files exist. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "List every sample of the library (version, stack, scenario) with its capture's size, or "
                + "'missing'.",
        footer = {"", "Exit codes: 0 done, " + ExitCodes.HELP_2_TO_4})
public final class ListCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SamplesCommand.Where where = new SamplesCommand.Where();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path dir = where.samples();
        PrintWriter out = spec.commandLine().getOut();
        for (SampleLibrary.Sample s : SampleLibrary.all(SampleLibrary.bundledVersions(VersionRuntime.defaultHome()))) {
            Path c = s.capture(dir);
            out.printf(
                    "%-8s %-8s %-16s %s%n",
                    s.version(),
                    s.stack(),
                    s.scenario(),
                    Files.isRegularFile(c) ? dir.relativize(c) + " (" + Files.size(c) + " bytes)" : "missing");
            StandardOutput.flush(out); // `| head`: stop at once
        }
        return ExitCodes.OK;
    }
}
