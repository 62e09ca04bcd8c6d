package org.jgwire.cli;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.filter.RecordColumns;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.output.FieldsWriter;
import org.jgwire.output.JsonLinesWriter;
import org.jgwire.output.ParallelRecordSink;
import org.jgwire.output.SummaryWriter;
import org.jgwire.output.TextWriter;
import org.jgwire.output.TimeFormat;
import org.jgwire.output.parquet.ParquetRecordFile;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code jgwire decode}: one line (or JSON object) per JGroups message. */
@Command(
        name = "decode",
        versionProvider = JgwireCommand.Version.class,
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
            "  jgwire decode -V capture.pcapng               # every field of every header",
            "  jgwire decode --format jsonl capture.pcap > out.jsonl",
            "  jgwire decode --format parquet -o capture.parquet capture.pcapng",
            "  jgwire decode -i lo -w saved.pcapng           # live, Ctrl-C ends it",
            "  tshark -i lo -T fields -e udp.payload udp | jgwire decode -",
            "  tshark -r x.pcap -qz follow,tcp,raw,0 | jgwire decode --tcp -",
            "  jgwire decode --names names.txt --jgroups-version 5.3.7 frames.bin",
            "  jgwire decode --filter 'gms.type == VIEW || src == \"B\"' capture.pcapng",
            "  jgwire decode --fields frame,src,dest,gms.type,payload.length capture.pcap",
            "  jgwire decode A.pcapng B.pcapng C.pcapng   # one capture per host, merged",
            "",
            "Exit codes: 0 all decoded, 1 some frames not decoded, " + ExitCodes.HELP_2_TO_4
        })
public final class DecodeCommand implements Callable<Integer> {
    // --- options ---

    @Option(
            names = {"-f", "--format"},
            paramLabel = "FORMAT",
            defaultValue = "text",
            description = DecodeFormat.DESCRIPTION)
    DecodeFormat format;

    @Option(
            names = {"-V", "--verbose"},
            description = "Text with every field of every header, the flags, the version and the endpoints, as "
                    + "tshark's -V (the default text is one summary line per message).")
    boolean verbose;

    @Option(
            names = "--time-format",
            paramLabel = "STYLE",
            completionCandidates = OptionValues.TimeFormats.class,
            defaultValue = "time",
            description = "Times in text output: time (of day, the default), iso (date and time), epoch (seconds), "
                    + "relative (seconds since the first record); UTC, microseconds. JSON has ts and ts_ns.")
    TimeFormat timeFormat;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Write records here instead of stdout ('-' is stdout).")
    Path output;

    @Option(
            names = {"-c", "--count"},
            paramLabel = "N",
            description = "Stop after N records (after --filter), as tshark's -c.")
    Long count;

    @Option(
            names = {"-l", "--line-buffered"},
            description = "Flush the output after every record, as tshark's -l (by default records are flushed "
                    + "when the input goes quiet).")
    boolean lineBuffered;

    @Option(
            names = {"-q", "--quiet"},
            description = "No summary line on stderr.")
    boolean quiet;

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

    @CommandLine.Mixin
    RecordSelection selection;

    @Option(
            names = "--fields",
            paramLabel = "FIELD,...",
            description = "Print these fields of each record as tab-separated columns, as tshark's -T fields -e "
                    + "(names as in --filter), e.g. src,dest,gms.type,payload.length.")
    String fields;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Threads that decode frames and format records beside the one reading the capture "
                    + "(default: JGWIRE_THREADS, else one per processor but one; 1: decode on the reading thread). "
                    + "Records come out in capture order whatever N.")
    Integer threads;

    @Option(
            names = "--show-other",
            description = "After the records, list the flows that were not JGroups (other traffic of the host: "
                    + "TCP connections and UDP flows that never showed a JGroups handshake or frame), one line or "
                    + "JSON object each; text and jsonl.")
    boolean showOther;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    // not mixinStandardHelpOptions: its -V is --version, and decode's -V is --verbose, as tshark's
    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--version", versionHelp = true, description = "Print version information and exit.")
    boolean version;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    // --- the decode ---

    /** Capture time of the first record with a time, -1 before it: relative times count from it. */
    private final AtomicLong firstTsNanos = new AtomicLong(-1);

    @Override
    public Integer call() throws IOException {
        try {
            return run();
        } finally {
            in.finished(); // a Ctrl-C that ended a live capture waits for the output and summary
        }
    }

    private int run() throws IOException {
        DecodeOptions options = options();
        if (count != null && count <= 0) throw usage("--count must be positive, got " + count);
        if (showOther && format == DecodeFormat.json)
            throw usage("--show-other lists flows as text or jsonl lines, not in --format json's array");
        RecordFilter recordFilter = selection.compileFilter();
        NameTable names = in.names();
        int n = threads();
        if (format == DecodeFormat.parquet) return runParquet(options, recordFilter, names, n);
        ParallelRecordSink.WriterFactory writers = writers();
        if (in.merging()) return runMerged(options, recordFilter, writers, names, n);
        DecodeSummary summary;
        try (OutputStream out = openOutput();
                Decoder decoder = new Decoder(options)) {
            // a file only: frames decoded ahead would wait for more input on a live one that goes quiet
            if (n > 1 && in.isFile()) decoder.decodeThreads(n);
            try (ParallelRecordSink sink = new ParallelRecordSink(out, writers, names, n);
                    CaptureSource source =
                            in.open(options.limits(), new IdleAwareInput(System.in, sink::flush), sink::flush);
                    Progress p = selection.startProgress(
                            decoder::packetsRead, spec.commandLine().getErr())) {
                summary = decoder.decode(
                        source,
                        new NameStage(names, new Selection(sink, sink::flush, recordFilter, names, decoder::stop)));
            }
            if (showOther) showOther(out, summary);
        }
        if (!quiet) {
            spec.commandLine().getErr().println("jgwire: " + Summaries.line(summary));
            spec.commandLine().getErr().flush();
        }
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    /**
     * {@code --format parquet}: the records as rows of a Parquet file, written by the thread that receives them in
     * capture order (the decoding threads still decode ahead), a row group at a time.
     */
    private int runParquet(DecodeOptions options, RecordFilter recordFilter, NameTable names, int n)
            throws IOException {
        if (output == null || output.toString().equals("-"))
            throw usage("--format parquet writes a file: give it with -o FILE (Parquet's footer comes last)");
        if (fields != null) throw usage("--fields writes tab-separated columns; it does not combine with parquet");
        if (verbose) throw usage("--verbose is a text form; parquet has the columns of docs/scale-out.md");
        if (showOther) throw usage("--show-other lists flows as text or jsonl lines, not in parquet");
        if (lineBuffered) throw usage("--line-buffered flushes lines; parquet is written a row group at a time");
        DecodeSummary summary;
        HostMergeRun merged = in.merging() ? new HostMergeRun(in, options) : null;
        try (ParquetRecordFile file = new ParquetRecordFile(output, names);
                Decoder decoder = merged == null ? new Decoder(options) : null) {
            Runnable none = () -> {};
            if (merged != null) {
                try (Progress p = selection.startProgress(
                        merged::packetsRead, spec.commandLine().getErr())) {
                    summary = merged.run(
                            new NameStage(names, new Selection(file, none, recordFilter, names, merged.merge()::stop)));
                }
            } else {
                if (n > 1 && in.isFile()) decoder.decodeThreads(n);
                try (CaptureSource source = in.open(options.limits(), new IdleAwareInput(System.in, none), none);
                        Progress p = selection.startProgress(
                                decoder::packetsRead, spec.commandLine().getErr())) {
                    summary = decoder.decode(
                            source,
                            new NameStage(names, new Selection(file, none, recordFilter, names, decoder::stop)));
                }
            }
        }
        if (!quiet) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("jgwire: " + Summaries.line(summary));
            if (merged != null) HostMergeRun.report(merged.merge(), err);
            err.flush();
        }
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    /** Several captures of one cluster, merged: the records of one timeline, then what the merge found. */
    private int runMerged(
            DecodeOptions options,
            RecordFilter recordFilter,
            ParallelRecordSink.WriterFactory writers,
            NameTable names,
            int n)
            throws IOException {
        if (showOther) throw usage("--show-other reads one capture; give one INPUT");
        HostMergeRun merged = new HostMergeRun(in, options);
        DecodeSummary summary;
        try (OutputStream out = openOutput();
                ParallelRecordSink sink = new ParallelRecordSink(out, writers, names, n);
                Progress p = selection.startProgress(
                        merged::packetsRead, spec.commandLine().getErr())) {
            summary = merged.run(
                    new NameStage(names, new Selection(sink, sink::flush, recordFilter, names, merged.merge()::stop)));
        }
        if (!quiet) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("jgwire: " + Summaries.line(summary));
            HostMergeRun.report(merged.merge(), err);
        }
        return summary.clean() ? ExitCodes.OK : ExitCodes.UNDECODED;
    }

    /** The flows that were not JGroups, after the records. */
    private void showOther(OutputStream out, DecodeSummary summary) {
        PrintWriter w = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), false);
        OtherFlowLines.write(w, summary.other(), format == DecodeFormat.jsonl);
        w.flush();
    }

    /** --threads, else JGWIRE_THREADS, else {@link #defaultThreads} of the processors the JVM may use. */
    private int threads() {
        int n;
        if (threads != null) n = threads;
        else {
            String env = System.getenv("JGWIRE_THREADS");
            try {
                n = env == null || env.isBlank()
                        ? defaultThreads(Runtime.getRuntime().availableProcessors())
                        : Integer.parseInt(env);
            } catch (NumberFormatException e) {
                throw usage("JGWIRE_THREADS must be a number, got '" + env + "'");
            }
        }
        if (n < 1) throw usage("--threads must be at least 1, got " + n);
        return n;
    }

    /**
     * One thread per processor but one, at least one: the reading thread, the JIT compiler and the collector need a
     * processor too (on 2 processors, 2 threads were slower than 1: tests/bench/README.md).
     */
    static int defaultThreads(int processors) {
        return Math.max(1, processors - 1);
    }

    private DecodeOptions options() throws IOException {
        Limits.Builder limits = CaptureOptions.ANALYSIS_LIMITS.toBuilder(); // no output format shows header texts
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

    /** What formats a batch of records: --fields columns, or the --format's writer. */
    private ParallelRecordSink.WriterFactory writers() {
        if (fields == null) {
            if (format.isJson()) {
                if (verbose) throw usage("--verbose is a text form; JSON always has every field");
                return JsonLinesWriter::new;
            }
            return verbose
                    ? (out, names) -> new TextWriter(out, names, timeFormat, firstTsNanos::get)
                    : (out, names) -> new SummaryWriter(out, names, timeFormat, firstTsNanos::get);
        }
        if (verbose) throw usage("--verbose does not combine with --fields");
        if (format != DecodeFormat.text)
            throw usage("--fields writes tab-separated columns; it does not combine with --format " + format);
        RecordColumns columns = RecordSelection.compileColumns("--fields", fields);
        return (out, names) -> new FieldsWriter(out, names, columns, firstTsNanos::get);
    }

    /** What reaches the sink: records --filter keeps, up to --count, each flushed with --line-buffered. */
    private final class Selection implements Consumer<Record> {
        private final Consumer<Record> sink;
        private final Runnable flush;
        private final RecordFilter filter;
        private final Runnable stop;
        private long left = count != null ? count : Long.MAX_VALUE;

        /** {@code names}: the names stage's table, which has learnt from every record, those the filter drops too. */
        Selection(Consumer<Record> sink, Runnable flush, RecordFilter filter, NameTable names, Runnable stop) {
            this.sink = sink;
            this.flush = flush;
            this.filter = filter == null ? null : filter.withNames(names);
            this.stop = stop;
        }

        @Override
        public void accept(Record r) {
            if (firstTsNanos.get() < 0) firstTsNanos.set(r.frame().tsNanos());
            if (left == 0) return; // the rest of the unit during which --count was reached
            if (filter != null && !filter.test(r)) return;
            sink.accept(r);
            if (lineBuffered) flush.run();
            if (--left == 0) stop.run();
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    private OutputStream openOutput() throws IOException {
        OutputStream raw = output != null && !output.toString().equals("-")
                ? new FileOutputStream(output.toFile())
                : new StandardOutput();
        OutputStream buffered = new BufferedOutputStream(raw, 1 << 16);
        return format == DecodeFormat.json ? new JsonArrayOutput(buffered) : buffered;
    }
}
