package org.jgwire.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.jgwire.cli.split.CaptureSplit;
import org.jgwire.cli.split.SplitMode;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.NamesFileReader;
import org.jgwire.codec.analysis.NamesFileWriter;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.pipeline.Decoder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code jgwire split}: a capture cut into parts that each hold whole flows, in one read of the capture. */
@Command(
        name = "split",
        versionProvider = JgwireCommand.Version.class,
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Split a pcap/pcapng capture (compressed too, or '-' for standard input) into N pcapng parts that "
                    + "each hold whole flows, so that decoding the parts loses nothing at the cuts.",
            "--by flow: a TCP connection (both directions) in one part; a UDP sender (address and port) in one "
                    + "part, the IP fragments of its datagrams with it.",
            "--by host: everything a host (source address) sends in its part; a TCP connection in the part of "
                    + "the host that opened it (the SYN's sender; without a handshake, the lower endpoint).",
            "A flow (or host) goes, when it first appears, to the part with the fewest bytes so far. Packets that "
                    + "are neither TCP nor UDP over IP (ARP, ICMP, ...) go to part 1.",
            "The same read decodes the capture and writes the members' names it learns to names.txt in DIR: "
                    + "decode each part with --names DIR/names.txt."
        },
        footer = {
            "",
            "Examples:",
            "  jgwire split --parts 4 -o parts big.pcapng",
            "  jgwire split --by host --parts 3 -o parts big.pcapng.gz",
            "  jgwire decode --names parts/names.txt parts/part-2.pcapng",
            "",
            "Exit codes: 0 the capture was split whole, 1 the capture is damaged (the parts hold every packet "
                    + "before the damage), " + ExitCodes.HELP_2_TO_4
        })
public final class SplitCommand implements Callable<Integer> {
    // --- options ---

    @Option(
            names = "--by",
            paramLabel = "flow|host",
            defaultValue = "flow",
            description = "What a part keeps whole: flow (TCP connection, UDP sender; the default) or host.")
    SplitMode by;

    @Option(
            names = {"-n", "--parts"},
            paramLabel = "N",
            required = true,
            description = "How many parts: DIR/part-1.pcapng to DIR/part-N.pcapng.")
    int parts;

    @Option(
            names = {"-o", "--output-dir"},
            paramLabel = "DIR",
            required = true,
            description = "Where the parts and names.txt go (made if missing; files of the same names are replaced).")
    Path dir;

    @Option(
            names = {"-q", "--quiet"},
            description = "No report of the parts on stderr.")
    boolean quiet;

    @Option(
            names = "--progress",
            negatable = true,
            description = "Progress on stderr (default: on when stderr is a terminal).")
    Boolean progress;

    @Parameters(
            paramLabel = "CAPTURE",
            description = "The pcap or pcapng capture, compressed or not; '-' reads standard input.")
    String capture;

    @Option(
            names = "--names",
            paramLabel = "FILE",
            description =
                    "Logical names to start with, in ParseMessages' -mappings format; names.txt holds them " + "too.")
    Path namesFile;

    @CommandLine.Mixin
    DecoderChoice decoder;

    @Option(names = "--stacktrace", description = "Print stack traces of failures.")
    boolean stacktrace;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** At most this many parts: each is an open file. */
    static final int MAX_PARTS = 1000;

    // --- the split ---

    @Override
    public Integer call() throws IOException {
        if (parts < 1 || parts > MAX_PARTS) throw usage("--parts must be from 1 to " + MAX_PARTS + ", got " + parts);
        InputCheck.check(capture, null); // before the output directory is made for nothing
        Path outDir = outputDir();
        DecodeOptions options = decoder.decodeOptions(spec.commandLine(), CaptureOptions.ANALYSIS_LIMITS, true);
        NameTable names = new NameTable(namesFile != null ? NamesFileReader.read(namesFile) : List.of());
        PrintWriter err = spec.commandLine().getErr();
        DecodeSummary summary;
        CaptureSplit split;
        try (CaptureSplit s = new CaptureSplit(outDir, parts, by, "jgwire " + JgwireCommand.version());
                Decoder decoding = new Decoder(options)) {
            split = s;
            int threads = DecodeCommand.defaultThreads(Runtime.getRuntime().availableProcessors());
            if (threads > 1 && Files.isRegularFile(Path.of(capture))) decoding.decodeThreads(threads);
            CaptureSource input = InputOpener.open(capture, InputHints.AUTO, options.limits(), System.in);
            try (CaptureSource source = s.routing(input);
                    Progress p = Progress.start(
                            progress != null ? progress : Terminal.stderrIsTerminal(), decoding::packetsRead, err)) {
                summary = decoding.decode(source, new NameStage(names, r -> {}));
            }
            s.finish();
        }
        int left = writeNames(outDir.resolve("names.txt"), names);
        if (!quiet) split.report(err, names.size() - left, left, summary.packets());
        if (split.damage() != null) {
            err.println("jgwire: the capture is damaged: " + split.damage().getMessage());
            err.flush();
            return ExitCodes.UNDECODED;
        }
        return ExitCodes.OK;
    }

    /** -o DIR, made if missing; a usage error when it cannot be (a file, no rights). */
    private Path outputDir() {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw usage("-o " + dir + ": cannot make the output directory (" + e.getMessage() + ")");
        }
        if (!Files.isDirectory(dir)) throw usage("-o " + dir + ": not a directory");
        if (!Files.isWritable(dir)) throw usage("-o " + dir + ": the output directory is not writable");
        return dir;
    }

    /** Writes the names learned; returns how many the names file cannot hold. */
    private static int writeNames(Path file, NameTable names) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            return NamesFileWriter.write(names, w);
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
