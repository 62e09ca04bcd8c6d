package org.jgwire.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.Limits;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.analysis.NamesFileReader;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.capture.LiveCaptureSource;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The input options {@code decode} and the analysis commands share (a picocli mixin): what to read and how. */
public final class CaptureOptions {
    @Parameters(
            arity = "0..*",
            paramLabel = "INPUT",
            description = "Capture or hex file; '-' reads standard input. Not with -i. Several pcap/pcapng files of "
                    + "one cluster (one per host) are merged into one timeline, each message once with where it "
                    + "was seen.")
    List<String> inputs = List.of();

    @Option(
            names = "--clock-offset",
            paramLabel = "FILE=SECONDS",
            description = "With several captures: FILE's clock is SECONDS ahead of the first capture's (e.g. "
                    + "B.pcapng=-2.5), instead of the offset estimated from messages seen both ways.")
    Map<String, String> clockOffsets = Map.of();

    @Option(
            names = {"-i", "--interface"},
            paramLabel = "IFACE",
            description = "Capture live on this interface through libpcap instead of reading INPUT (needs root or "
                    + "capture rights on java); Ctrl-C ends it.")
    String iface;

    @Option(
            names = "--capture-filter",
            paramLabel = "BPF",
            description = "With -i: the kernel's capture filter, as tcpdump's (default: udp or tcp, and --port).")
    String captureFilter;

    @Option(
            names = {"-w", "--write"},
            paramLabel = "FILE",
            description = "With -i: also write the captured packets to this pcapng file.")
    Path write;

    @Option(
            names = "--duration",
            paramLabel = "TIME",
            description = "With -i: stop capturing after this long, e.g. 30s, 500ms, 2m.")
    String duration;

    private LiveInput live;

    @Option(
            names = "--input-format",
            paramLabel = "KIND",
            completionCandidates = OptionValues.InputKinds.class,
            description = "Input kind: pcap, pcapng, hex, follow or raw (default: detected from the content).")
    String inputFormat;

    @Option(
            names = "--tcp",
            description =
                    "Hex lines or raw bytes are one TCP stream (length-prefixed frames), " + "as ParseMessages' -tcp.")
    boolean tcp;

    @Option(
            names = "--names",
            paramLabel = "FILE",
            description = "Logical names to start with, in ParseMessages' -mappings format.")
    Path namesFile;

    @CommandLine.Mixin
    DecoderChoice decoder;

    @Option(
            names = "--max-fragment-sets",
            paramLabel = "N",
            description = "Messages reassembled at once before the oldest is dropped (default: 1024).")
    Integer maxFragmentSets;

    @Option(
            names = "--max-fragment-bytes",
            paramLabel = "BYTES",
            description = "Fragment bytes held for reassembly at once (default: 268435456).")
    Integer maxFragmentBytes;

    @Option(
            names = "--max-held-bytes",
            paramLabel = "BYTES",
            description = "Bytes held for reassembly at once, TCP segments behind a hole, IP and FRAG fragments"
                    + " together; beyond it the oldest is given up with an error (default: 134217728).")
    Integer maxHeldBytes;

    public String input() {
        return inputs.isEmpty() ? null : inputs.get(0);
    }

    /** Whether several captures are to be merged. */
    public boolean merging() {
        return inputs.size() > 1;
    }

    /** The captures to merge, each checked as a file that can be read. */
    public List<String> mergedInputs() throws IOException {
        if (iface != null) throw new IllegalArgumentException("give several INPUT files or -i " + iface + ", not both");
        for (String f : inputs) {
            if (f.equals("-"))
                throw new IllegalArgumentException("several captures are merged from files, not standard input");
            InputCheck.check(f, inputFormat);
        }
        return inputs;
    }

    /** {@code --clock-offset}, by index among the inputs, in nanoseconds. */
    public Map<Integer, Long> clockOffsetNanos() {
        Map<Integer, Long> out = new TreeMap<>();
        for (Map.Entry<String, String> e : clockOffsets.entrySet()) {
            int at = indexOfInput(e.getKey());
            if (at < 0)
                throw new IllegalArgumentException(
                        "--clock-offset " + e.getKey() + ": not one of the inputs " + inputs);
            try {
                out.put(at, Math.round(Double.parseDouble(e.getValue().strip()) * 1e9));
            } catch (NumberFormatException bad) {
                throw new IllegalArgumentException(
                        "--clock-offset " + e.getKey() + "=" + e.getValue() + ": expected seconds, e.g. 2.5 or -0.004");
            }
        }
        if (!out.isEmpty() && !merging())
            throw new IllegalArgumentException("--clock-offset goes with several INPUT captures to merge");
        return out;
    }

    /** The input named {@code file}, as given or by its file name alone; -1 if none. */
    private int indexOfInput(String file) {
        for (int i = 0; i < inputs.size(); i++) if (inputs.get(i).equals(file)) return i;
        for (int i = 0; i < inputs.size(); i++)
            if (Path.of(inputs.get(i)).getFileName().toString().equals(file)) return i;
        return -1;
    }

    /** Whether the input is a regular file: read as fast as it decodes, never waiting for more (no live input). */
    public boolean isFile() {
        String input = input();
        return iface == null && input != null && !input.equals("-") && Files.isRegularFile(Path.of(input));
    }

    /**
     * Opens the input, after rejecting with one line what can never be decoded (a directory, an empty file, a
     * manifest, text that is not hex lines); {@code stdin} is read for {@code -}.
     */
    public CaptureSource open(Limits limits, InputStream stdin) throws IOException {
        return open(limits, stdin, () -> {});
    }

    /**
     * As {@link #open(Limits, InputStream)}, or the live capture of {@code -i}; {@code onIdle} runs whenever a live
     * capture waits for packets (and every 100 ms while they keep coming), to flush what was decoded.
     */
    public CaptureSource open(Limits limits, InputStream stdin, Runnable onIdle) throws IOException {
        String input = input();
        if (merging()) throw new IllegalStateException("several inputs are merged (HostMergeRun), not opened as one");
        if (!clockOffsets.isEmpty())
            throw new IllegalArgumentException("--clock-offset goes with several INPUT captures to merge");
        if (iface == null && (captureFilter != null || write != null || duration != null))
            throw new IllegalArgumentException("--capture-filter, -w and --duration go with -i IFACE (live capture)");
        if (iface != null) {
            if (input != null)
                throw new IllegalArgumentException(
                        "give an INPUT or -i " + iface + ", not both (INPUT: " + input + ")");
            String filter = captureFilter != null ? captureFilter : LiveCaptureSource.portFilter(decoder.ports());
            live = LiveInput.open(iface, filter, write, durationNanos());
            live.onIdle(onIdle);
            return live;
        }
        if (input == null)
            throw new IllegalArgumentException("give an INPUT file, '-' for standard input, or -i IFACE");
        InputCheck.check(input, inputFormat);
        return InputOpener.open(input, hints(), limits, stdin);
    }

    /** One of {@link #mergedInputs}, opened. */
    public CaptureSource openFile(String file, Limits limits) throws IOException {
        return InputOpener.open(file, hints(), limits, InputStream.nullInputStream());
    }

    /**
     * Call when the command has written everything, summary included: a Ctrl-C that ended a live capture waits for
     * it before the process exits.
     */
    public void finished() {
        if (live != null) live.finished();
    }

    private long durationNanos() {
        if (duration == null) return 0;
        // compiled here, for the one run in many that gives --duration: a run's first pattern costs start-up time
        Matcher m =
                Pattern.compile("(\\d{1,9})(ms|s|m)?").matcher(duration.strip().toLowerCase(Locale.ROOT));
        if (!m.matches() || Long.parseLong(m.group(1)) <= 0)
            throw new IllegalArgumentException("--duration '" + duration + "': expected a time like 500ms, 30s or 2m");
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> TimeUnit.MILLISECONDS.toNanos(n);
            case "m" -> TimeUnit.MINUTES.toNanos(n);
            default -> TimeUnit.SECONDS.toNanos(n);
        };
    }

    public InputHints hints() {
        return new InputHints(tcp, inputFormat);
    }

    public NameTable names() throws IOException {
        return new NameTable(namesFile != null ? NamesFileReader.read(namesFile) : List.of());
    }

    /** The limits of a decode whose output shows no header texts (decode, the analyses) and no option changes. */
    static final Limits ANALYSIS_LIMITS = Limits.builder().headerTexts(false).build();

    /** The decode options for an analysis (reassembly on, no header texts), checked; see below. */
    public DecodeOptions decodeOptions(CommandLine cl) throws IOException {
        return decodeOptions(cl, ANALYSIS_LIMITS, true); // the analyses read header fields only
    }

    /**
     * The decode options, from {@code limits} with these options' reassembly bounds; a bad value is a usage error
     * naming the option.
     */
    public DecodeOptions decodeOptions(CommandLine cl, Limits limits, boolean reassemble) throws IOException {
        int sets = maxFragmentSets != null ? maxFragmentSets : limits.maxFragmentSets();
        int bytes = maxFragmentBytes != null ? maxFragmentBytes : limits.maxFragmentBytes();
        if (sets <= 0)
            throw new CommandLine.ParameterException(cl, "--max-fragment-sets must be positive, got " + sets);
        if (bytes <= 0)
            throw new CommandLine.ParameterException(cl, "--max-fragment-bytes must be positive, got " + bytes);
        int held = maxHeldBytes != null ? maxHeldBytes : limits.maxHeldBytes();
        if (held <= 0) throw new CommandLine.ParameterException(cl, "--max-held-bytes must be positive, got " + held);
        return decoder.decodeOptions(
                cl,
                limits.toBuilder()
                        .maxFragmentSets(sets)
                        .maxFragmentBytes(bytes)
                        .maxHeldBytes(held)
                        .build(),
                reassemble);
    }
}
