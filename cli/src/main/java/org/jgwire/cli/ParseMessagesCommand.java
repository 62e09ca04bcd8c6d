package org.jgwire.cli;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.NamesFileReader;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.runtime.VersionRuntime;
import org.jgwire.output.parsemessages.ParseMessagesPrinter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code jgwire parse-messages}: a drop-in for {@code org.jgroups.tests.ParseMessages}, with its options and its
 * output lines, decoding each frame with the jar of its own version and going on after errors.
 */
@Command(
        name = "parse-messages",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Drop-in for org.jgroups.tests.ParseMessages: the same options, the same output lines "
                    + "('N: [src to dest, L bytes, flags=..], hdrs: ...'), for frames of any JGroups version.",
            "Unlike ParseMessages it also reads pcap/pcapng files, keeps TCP connections apart there, and goes "
                    + "on after a frame it cannot decode (reported on stderr)."
        },
        footer = {
            "",
            "Examples:",
            "  tshark -r capture.pcap -T fields -e udp.payload | jgwire parse-messages",
            "  tshark -r capture.pcap -T fields -e tcp.payload tcp \\",
            "      | jgwire parse-messages -tcp -mappings names.txt",
            "  jgwire parse-messages -file capture.pcapng -show-views false",
            "  jgwire parse-messages -binary-to-ascii false -file frame.bin",
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, " + ExitCodes.HELP_2_TO_4,
            "Compatibility notes: docs/parse-messages.md."
        })
public final class ParseMessagesCommand implements Callable<Integer> {
    @Option(
            names = "-file",
            paramLabel = "FILE",
            description = "Input file (hex text, raw bytes, pcap or pcapng); " + "standard input when missing.")
    Path file;

    @Option(names = "-tcp", description = "The input is a TCP stream: 'bela' handshakes and length-prefixed frames.")
    boolean tcp;

    @Option(
            names = "-gossip",
            description = "Also print GossipRouter control messages ('-- gossip: REGISTER(...)'). "
                    + "TUNNEL traffic is recognised by content either way.")
    boolean gossip;

    @Option(
            names = "-mappings",
            paramLabel = "FILE",
            description = "Logical names: '<uuid|long> <name>' pairs, one per line.")
    Path mappings;

    @Option(
            names = "-binary-to-ascii",
            paramLabel = "true|false",
            arity = "1",
            defaultValue = "true",
            description = "true (default): the input is hex text; false: raw bytes. jgwire tells hex text, raw "
                    + "bytes, pcap and pcapng apart by content either way; accepted for compatibility.")
    boolean binaryToAscii;

    @Option(
            names = "-parse-discovery-responses",
            paramLabel = "true|false",
            arity = "1",
            defaultValue = "true",
            description = "Learn logical names from the traffic (discovery, MERGE3, GossipRouter) (default: true).")
    boolean parseDiscoveryResponses;

    @Option(
            names = "-show-views",
            paramLabel = "true|false",
            arity = "1",
            defaultValue = "true",
            description = "Show the view of GMS VIEW and JOIN_RSP messages (default: true).")
    boolean showViews;

    @Option(names = "-version", description = "Print each frame's JGroups version after the message number.")
    boolean printVersion;

    @Option(
            names = "-instance",
            paramLabel = "CLASS",
            hidden = true,
            description = "ParseMessages 5.x: a subclass to run. Not supported: jgwire runs no user classes.")
    String instance;

    @Option(
            names = "--filter",
            paramLabel = "EXPR",
            description = "Only messages matching this expression " + "(docs/filter.md), e.g. 'gms.type == VIEW'.")
    String filter;

    @Option(
            names = "--jgroups-version",
            paramLabel = "X.Y.Z",
            completionCandidates = OptionValues.BundledVersions.class,
            description = "Decode every frame as this JGroups version, whatever its version short says.")
    String jgroupsVersion;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (instance != null)
            throw new IllegalArgumentException("-instance " + instance + " is not supported: jgwire does not run "
                    + "ParseMessages subclasses (its input handling is built in)");
        if (jgroupsVersion != null) {
            try {
                JGroupsVersion.parse(jgroupsVersion);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--jgroups-version: " + e.getMessage());
            }
        }
        RecordFilter recordFilter = compileFilter();
        NameTable names = new NameTable(mappings != null ? NamesFileReader.read(mappings) : List.of());
        // ParseMessages prints every fragment as it is on the wire: no reassembly here
        DecodeOptions options =
                DecodeOptions.defaults(VersionRuntime.defaultHome()).withReassemble(false);
        if (jgroupsVersion != null)
            options = new DecodeOptions(
                    options.limits(), options.jgwireHome(), jgroupsVersion, null, options.ports(), false);
        // ParseMessages prints with System.out's encoding
        PrintWriter out =
                new PrintWriter(new OutputStreamWriter(new StandardOutput(), Charset.defaultCharset()), false);
        PrintWriter err = spec.commandLine().getErr();
        Consumer<ErrorRecord> errors =
                e -> err.println("jgwire: frame " + e.frame().packet() + ": "
                        + e.problem().jsonName() + (e.offset() >= 0 ? " @" + e.offset() : "") + ": " + e.message());
        String input = file != null ? file.toString() : "-";
        // ParseMessages reads raw bytes without -tcp as datagrams back to back (InputHints.backToBack)
        InputHints hints = new InputHints(tcp, null, !binaryToAscii);
        DecodeSummary summary;
        try (ParseMessagesPrinter printer = new ParseMessagesPrinter(
                        out, errors, names, parseDiscoveryResponses, showViews, printVersion, gossip);
                CaptureSource source = InputOpener.open(
                        input, hints, Limits.DEFAULTS, new IdleAwareInput(System.in, () -> flush(out)));
                Decoder decoder = new Decoder(options)) {
            Consumer<Record> print = printer;
            if (recordFilter != null) {
                // The filter reads every name the traffic teaches; the printer learns its own as ParseMessages does,
                // only with -parse-discovery-responses and at the points ParseMessages does.
                NameTable filterNames = names.copy();
                RecordFilter f = recordFilter.withNames(filterNames);
                print = new NameStage(filterNames, r -> {
                    if (f.test(r) || r instanceof ErrorRecord) printer.accept(r);
                    else if (parseDiscoveryResponses) names.learnFrom(r);
                });
            }
            Consumer<Record> printing = print;
            long[] printed = {0};
            summary = decoder.decode(source, r -> {
                printing.accept(r);
                if (++printed[0] % 256 == 0) flush(out); // a closed stdout ends the run here
            });
        }
        flush(out);
        err.println("jgwire: " + Summaries.line(summary));
        err.flush();
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    /** Flushes the output; fails when its reader went away (the print writer only keeps a flag). */
    private static void flush(PrintWriter out) {
        try {
            StandardOutput.flush(out);
        } catch (OutputClosedException e) {
            throw new UncheckedIOException(e);
        }
    }

    private RecordFilter compileFilter() {
        if (filter == null) return null;
        try {
            return RecordFilter.compile(filter);
        } catch (FilterSyntaxException e) {
            throw RecordSelection.usage("--filter", e);
        }
    }
}
