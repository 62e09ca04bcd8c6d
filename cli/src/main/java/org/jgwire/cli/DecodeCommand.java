package org.jgwire.cli;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.Decoder;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.Record;
import org.jgwire.output.JsonLinesWriter;
import org.jgwire.output.ParallelRecordSink;
import org.jgwire.output.TextWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jgwire decode}: one line (or JSON object) per JGroups message. */
@Command(
        name = "decode",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Decode JGroups messages from a pcap/pcapng file, tshark hex output, "
                    + "'follow,tcp,raw' output or raw binary frames.",
            "Each frame is decoded by the bundled JGroups jar of the version that sent it."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire decode capture.pcapng",
            "  jgwire decode --format jsonl capture.pcap > out.jsonl",
            "  tshark -i lo -T fields -e udp.payload udp | jgwire decode -",
            "  tshark -r x.pcap -qz follow,tcp,raw,0 | jgwire decode --tcp -",
            "  jgwire decode --names names.txt --jgroups-version 5.3.7 frames.bin",
            "  jgwire decode --filter 'gms.type == VIEW || payload.text contains \"hello\"' capture.pcapng",
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, 2 usage error, 3 I/O error."
        })
public final class DecodeCommand implements Callable<Integer> {
    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write records here instead of stdout.")
    Path output;

    @CommandLine.Mixin
    CaptureOptions in;

    @Option(
            names = "--max-frame",
            paramLabel = "BYTES",
            description = "Largest TCP frame accepted (default: 67108864).")
    Integer maxFrame;

    @Option(names = "--payload-bytes", paramLabel = "N", description = "Payload bytes shown as hex (default: 64).")
    Integer payloadBytes;

    @Option(
            names = "--no-reassemble",
            negatable = false,
            description = "Show FRAG2/FRAG3/FRAG4 fragments as they are instead of reassembling the original messages.")
    boolean noReassemble;

    @Option(
            names = "--filter",
            paramLabel = "EXPR",
            description =
                    "Only records matching this expression (docs/filter.md), e.g. 'gms.type == VIEW || src == \"B\"'.")
    String filter;

    @Option(
            names = "--progress",
            negatable = true,
            description = "Progress on stderr (default: on when stderr is a terminal).")
    Boolean progress;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    enum OutputFormat {
        text,
        jsonl
    }

    /** Formatting costs more than decoding: it gets a thread per core, decoding runs beside them. */
    private static final int FORMAT_THREADS = Integer.getInteger(
            "jgwire.formatThreads", Math.max(1, Runtime.getRuntime().availableProcessors()));

    @Override
    public Integer call() throws IOException {
        DecodeOptions options = options();
        RecordFilter recordFilter = compileFilter();
        NameTable names = in.names();
        ParallelRecordSink.WriterFactory writers =
                format == OutputFormat.jsonl ? JsonLinesWriter::new : TextWriter::new;
        try (CaptureSource source = InputOpener.open(in.input(), in.hints(), options.limits());
                Decoder decoder = new Decoder(options);
                OutputStream out = openOutput();
                Progress p = Progress.start(
                        progressWanted(),
                        decoder::packetsRead,
                        spec.commandLine().getErr())) {
            DecodeSummary summary;
            try (ParallelRecordSink sink = new ParallelRecordSink(out, writers, names, FORMAT_THREADS)) {
                summary = decoder.decode(source, recordFilter == null ? sink : filtered(recordFilter, names, sink));
            }
            p.close();
            spec.commandLine().getErr().println("jgwire: " + Summaries.line(summary));
            spec.commandLine().getErr().flush();
            return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
        }
    }

    private DecodeOptions options() throws IOException {
        Limits.Builder limits = Limits.builder().headerTexts(false); // neither output format shows them
        if (maxFrame != null) {
            if (maxFrame <= 0) throw usage("--max-frame must be positive, got " + maxFrame);
            limits.maxFrameLength(maxFrame);
        }
        if (payloadBytes != null) {
            if (payloadBytes < 0) throw usage("--payload-bytes must be 0 or more, got " + payloadBytes);
            limits.payloadHeadBytes(payloadBytes);
        }
        return in.decodeOptions(spec.commandLine(), limits.build(), !noReassemble);
    }

    /** The --filter expression compiled, or null; a bad one is a usage error showing where it went wrong. */
    private RecordFilter compileFilter() {
        if (filter == null) return null;
        try {
            return RecordFilter.compile(filter);
        } catch (FilterSyntaxException e) {
            throw new IllegalArgumentException(
                    "bad --filter: " + e.reason() + "\n  " + e.pointer().replace("\n", "\n  "), e);
        }
    }

    /** Records the filter rejects still teach the writers their names, so later lines show them. */
    private static Consumer<Record> filtered(RecordFilter f, NameTable known, ParallelRecordSink sink) {
        RecordFilter withNames = f.withNames(known.copy());
        return r -> {
            if (withNames.test(r)) sink.accept(r);
            else sink.learnNames(r);
        };
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    private OutputStream openOutput() throws IOException {
        OutputStream raw = output != null ? new FileOutputStream(output.toFile()) : new UnclosedStdout();
        return new BufferedOutputStream(raw, 1 << 16);
    }

    /** Standard output that a finished command flushes but never closes (in-process callers keep using it). */
    private static final class UnclosedStdout extends OutputStream {
        @Override
        public void write(int b) {
            System.out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            System.out.write(b, off, len); // whole arrays: FilterOutputStream would pass them on byte by byte
        }

        @Override
        public void flush() {
            System.out.flush();
        }

        @Override
        public void close() {
            flush();
        }
    }

    private boolean progressWanted() {
        return progress != null ? progress : Terminal.stderrIsTerminal();
    }
}
