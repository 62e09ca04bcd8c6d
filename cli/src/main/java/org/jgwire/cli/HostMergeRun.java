package org.jgwire.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecodeSummary;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.codec.merge.CaptureClock;
import org.jgwire.codec.merge.CaptureInput;
import org.jgwire.codec.merge.DecodedStream;
import org.jgwire.codec.merge.HostMerge;
import org.jgwire.codec.merge.LinkStats;
import org.jgwire.codec.merge.RecordStream;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.pipeline.Decoder;

/**
 * Several captures of one cluster decoded side by side, each by a decoder of its own on a thread of its own, and
 * merged ({@link HostMerge}) into the records of one timeline; what the merge found (each capture's host and clock,
 * each link's delays, losses and duplicates) is written after the run.
 */
public final class HostMergeRun {
    private final List<Input> inputs = new ArrayList<>();
    private final HostMerge merge;

    /** One capture file, decoded anew at each {@link #open}: the last decode is the merge's. */
    private static final class Input implements CaptureInput {
        private final CaptureOptions in;
        private final DecodeOptions options;
        private final String file;
        private volatile Decoder decoder;
        private DecodedStream stream;

        Input(CaptureOptions in, DecodeOptions options, String file) {
            this.in = in;
            this.options = options;
            this.file = file;
        }

        @Override
        public String label() {
            return HostMergeRun.label(file);
        }

        @Override
        public RecordStream open() throws IOException {
            Decoder d = new Decoder(options);
            try {
                stream = new DecodedStream(label(), d, in.openFile(file, options.limits()));
            } catch (IOException | RuntimeException e) {
                d.close();
                throw e;
            }
            decoder = d;
            return stream;
        }
    }

    public HostMergeRun(CaptureOptions in, DecodeOptions options) throws IOException {
        for (String f : in.mergedInputs()) inputs.add(new Input(in, options, f));
        merge = new HostMerge(inputs, in.clockOffsetNanos());
    }

    private static String label(String file) {
        return Path.of(file).getFileName().toString();
    }

    /** Packets read so far in all captures, for the progress line. */
    public long packetsRead() {
        long n = 0;
        for (Input i : inputs) {
            Decoder d = i.decoder;
            if (d != null) n += d.packetsRead();
        }
        return n;
    }

    /** Merges into {@code sink}; the captures' summaries added up, with the merged messages counted once. */
    public DecodeSummary run(Consumer<Record> sink) throws IOException {
        try {
            merge.run(sink);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while merging", e);
        }
        long packets = 0, frames = 0, errors = 0;
        TreeSet<String> versions = new TreeSet<>();
        for (Input i : inputs) {
            DecodeSummary one = i.stream == null ? null : i.stream.summary();
            if (one == null) continue;
            packets += one.packets();
            frames += one.frames();
            errors += one.errors();
            versions.addAll(one.versions());
        }
        return new DecodeSummary(packets, frames, merge.merged(), errors, versions);
    }

    public HostMerge merge() {
        return merge;
    }

    // --- the report ---

    /** The captures' hosts and clocks, then every link: what was sent, arrived, lost, twice, and how fast. */
    public static void report(HostMerge merge, PrintWriter w) {
        w.println("jgwire: merged " + merge.clocks().size() + " captures: " + merge.merged() + " messages, seen "
                + merge.observations() + " times");
        for (CaptureClock c : merge.clocks())
            w.println("  " + c.label() + ": host " + (c.host() == null ? "?" : c.host()) + ", clock " + clock(c));
        for (LinkStats l : merge.links()) w.println("  " + link(l));
        w.flush();
    }

    public static String clock(CaptureClock c) {
        String offset = String.format(Locale.ROOT, "%+.6f s", c.offsetNanos() / 1e9);
        return switch (c.how()) {
            case "reference" -> "reference";
            case "given" -> offset + " (given)";
            case "estimated" -> offset + " (estimated from " + c.pairs() + " messages seen both ways)";
            case "one-way" -> offset + " (from " + c.pairs() + " messages seen one way only: delay taken as 0)";
            default -> "unknown (no message seen here and in a capture with a known clock): 0 taken";
        };
    }

    static String link(LinkStats l) {
        StringBuilder b = new StringBuilder();
        b.append(l.from())
                .append(" -> ")
                .append(l.to())
                .append(": ")
                .append(l.sent())
                .append(" sent, ")
                .append(l.arrived())
                .append(" arrived, ")
                .append(l.lost())
                .append(" lost");
        if (l.lost() > 0)
            b.append(" (first lost in ")
                    .append(l.from())
                    .append(": packets ")
                    .append(l.lostPackets().toString().replaceAll("[\\[\\]]", ""))
                    .append(")");
        b.append(", ").append(l.duplicates()).append(l.duplicates() == 1 ? " duplicate" : " duplicates");
        Samples d = l.delaysMicros();
        if (d.count() > 0)
            b.append("; one-way delay ms p50 ")
                    .append(ms(d.percentile(50)))
                    .append(" p90 ")
                    .append(ms(d.percentile(90)))
                    .append(" p99 ")
                    .append(ms(d.percentile(99)))
                    .append(" max ")
                    .append(ms(d.max()));
        return b.toString();
    }

    private static String ms(double micros) {
        return String.format(Locale.ROOT, "%.3f", micros / 1000);
    }
}
