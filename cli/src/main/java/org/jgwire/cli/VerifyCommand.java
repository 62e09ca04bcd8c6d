package org.jgwire.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.codec.verify.Outcome;
import org.jgwire.codec.verify.VerifyItem;
import org.jgwire.codec.verify.VerifyReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jgwire verify}: a capture's decode against the manifest its cluster run wrote. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Decode a capture made by the cluster runner and check it against the run's manifest: every "
                    + "application message (each copy on the wire, its sender, destination and text), every member's "
                    + "logical name and physical address, the full view and each member's final view.",
            "Prints what is missing from the capture, what is extra in it and what differs."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire verify samples/5.5.7/udp-chat.pcapng",
            "  jgwire verify capture.pcapng run.json",
            "  jgwire verify --format json --all capture.pcap run.json",
            "",
            "Exit codes: 0 capture and manifest agree, 1 something is missing, extra or different, "
                    + ExitCodes.HELP_2_TO_4 + " A manifest naming another cluster than the capture's is a usage error."
        })
public final class VerifyCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CAPTURE", description = "The pcap/pcapng file.")
    Path capture;

    @Parameters(
            index = "1",
            paramLabel = "MANIFEST",
            arity = "0..1",
            description = "The run's manifest (default: the capture's name with .json).")
    Path manifest;

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = OutputFormat.REPORT)
    OutputFormat format;

    @Option(names = "--all", description = "List every item checked, not only those that disagree.")
    boolean all;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Mixin
    KeyOptions keys = new KeyOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path manifestFile = manifest != null ? manifest : Manifest.pathFor(capture);
        Manifest m = Manifest.read(manifestFile);
        DecryptionKeys k = keys.keys(spec.commandLine());
        // with the run's key the encrypting stack's messages and views are checked in clear
        CaptureVerifier verifier = new CaptureVerifier(m, !k.isEmpty());
        Decoder.decodeFile(
                capture, DecodeOptions.defaults(VersionRuntime.defaultHome()).withKeys(k), verifier);
        if (!verifier.otherClusters().isEmpty())
            throw new IllegalArgumentException(manifestFile + " is the manifest of cluster " + m.cluster()
                    + "; the capture is of " + String.join(", ", new TreeSet<>(verifier.otherClusters()))
                    + " (another run's manifest?)");
        VerifyReport report = verifier.report();
        PrintWriter out = spec.commandLine().getOut();
        if (format.isJson()) json(report, manifestFile, out);
        else text(report, manifestFile, out);
        StandardOutput.flush(out);
        return report.agrees() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    private void text(VerifyReport r, Path manifestFile, PrintWriter out) {
        out.printf(
                "verify %s against %s: JGroups %s, %s stack, scenario %s, %d members, %d messages decoded%n",
                capture, manifestFile, r.jgroupsVersion(), r.stack(), r.scenario(), r.members(), r.messages());
        for (String c : r.categories()) {
            StringBuilder line = new StringBuilder(String.format("  %-8s %d checked", c, r.count(c)));
            for (Outcome o : Outcome.values()) {
                long n = r.count(c, o);
                if (n > 0)
                    line.append(", ").append(n).append(' ').append(o.name().toLowerCase());
            }
            out.println(line);
        }
        for (VerifyItem i : r.items())
            if (all || i.outcome().disagrees())
                out.printf("  %-8s %-8s %s: %s%n", i.outcome(), i.category(), i.item(), i.detail());
        long missing =
                r.items().stream().filter(i -> i.outcome() == Outcome.MISSING).count();
        long extra =
                r.items().stream().filter(i -> i.outcome() == Outcome.EXTRA).count();
        long mismatch =
                r.items().stream().filter(i -> i.outcome() == Outcome.MISMATCH).count();
        out.println(
                r.agrees()
                        ? "result: the capture agrees with the manifest"
                        : "result: DISAGREES (" + missing + " missing, " + extra + " extra, " + mismatch
                                + " different)");
    }

    private void json(VerifyReport r, Path manifestFile, PrintWriter out) throws IOException {
        try (JsonGenerator g = format.configure(new JsonFactory().createGenerator(out))) {
            g.writeStartObject();
            g.writeStringField("capture", capture.toString());
            g.writeStringField("manifest", manifestFile.toString());
            g.writeStringField("jgroups_version", r.jgroupsVersion());
            g.writeStringField("stack", r.stack());
            g.writeStringField("scenario", r.scenario());
            g.writeNumberField("members", r.members());
            g.writeNumberField("messages", r.messages());
            g.writeBooleanField("agrees", r.agrees());
            g.writeObjectFieldStart("counts");
            for (String c : r.categories()) {
                g.writeObjectFieldStart(c);
                for (Outcome o : Outcome.values()) g.writeNumberField(o.name().toLowerCase(), r.count(c, o));
                g.writeEndObject();
            }
            g.writeEndObject();
            g.writeArrayFieldStart("items");
            for (VerifyItem i : r.items()) {
                if (!all && !i.outcome().disagrees()) continue;
                g.writeStartObject();
                g.writeStringField("category", i.category());
                g.writeStringField("outcome", i.outcome().name().toLowerCase());
                g.writeStringField("item", i.item());
                g.writeStringField("detail", i.detail());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        out.println();
    }
}
