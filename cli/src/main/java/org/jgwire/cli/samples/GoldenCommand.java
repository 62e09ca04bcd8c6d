package org.jgwire.cli.samples;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.jgwire.cli.ExitCodes;
import org.jgwire.cli.JgwireCommand;
import org.jgwire.cli.StandardOutput;
import org.jgwire.codec.runtime.VersionRuntime;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code jgwire samples golden}: writes each sample's golden decode, exactly what {@code jgwire decode --format jsonl}
 * prints for it, and removes golden files whose sample is gone.
 */
@Command(
        name = "golden",
        mixinStandardHelpOptions = true,
        description = {
            "Rewrite samples/golden/<version>/<stack>-<scenario>.jsonl from each committed sample "
                    + "(the output of 'jgwire decode --format jsonl'). Run it after a deliberate change to the "
                    + "decoder's "
                    + "output, and review the diff ('git diff samples/golden') before committing."
        },
        footer = {"", "Exit codes: 0 done, 1 a sample failed to decode, " + ExitCodes.HELP_2_TO_4})
public final class GoldenCommand implements Callable<Integer> {
    @CommandLine.Mixin
    SamplesCommand.Where where = new SamplesCommand.Where();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path dir = where.samples();
        PrintWriter out = spec.commandLine().getOut();
        Set<Path> written = new HashSet<>();
        int failed = 0;
        for (SampleLibrary.Sample s : SampleLibrary.all(SampleLibrary.bundledVersions(VersionRuntime.defaultHome()))) {
            if (!Files.isRegularFile(s.capture(dir))) {
                out.println("missing capture, no golden decode: " + dir.relativize(s.capture(dir)));
                failed++;
                continue;
            }
            String problem = write(s, dir);
            if (problem != null) out.println(s + ": " + problem);
            StandardOutput.flush(out); // its reader gone: stop
            written.add(s.golden(dir).toAbsolutePath().normalize());
        }
        Path golden = dir.resolve("golden");
        if (Files.isDirectory(golden)) {
            List<Path> stale;
            try (Stream<Path> files = Files.walk(golden)) {
                stale = files.filter(p -> p.toString().endsWith(".jsonl"))
                        .filter(p -> !written.contains(p.toAbsolutePath().normalize()))
                        .toList();
            }
            for (Path p : stale) {
                Files.delete(p);
                out.println("removed " + dir.relativize(p) + " (no such sample)");
            }
        }
        out.println(written.size() + " golden decodes in " + golden);
        StandardOutput.flush(out);
        return failed == 0 ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    /**
     * Writes one sample's golden decode; null, or why the decode did not exit 0 (a capture with frames the decoder
     * cannot read still gets its golden file: the error records are part of the output it must keep).
     */
    static String write(SampleLibrary.Sample s, Path dir) throws IOException {
        Path target = s.golden(dir);
        Files.createDirectories(target.getParent());
        StringWriter err = new StringWriter();
        CommandLine cl = JgwireCommand.commandLine();
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(
                "decode",
                "--format",
                "jsonl",
                "--no-progress",
                "-o",
                target.toString(),
                s.capture(dir).toString());
        if (exit != ExitCodes.OK && exit != ExitCodes.UNDECODED)
            throw new IOException("decode of " + s.capture(dir) + " exited with " + exit + ": "
                    + err.toString().trim());
        return exit == ExitCodes.OK
                ? null
                : "decode exited with " + exit + ": " + err.toString().trim();
    }
}
