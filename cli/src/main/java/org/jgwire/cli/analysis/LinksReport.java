package org.jgwire.cli.analysis;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import org.jgwire.cli.HostMergeRun;
import org.jgwire.codec.analysis.stats.Samples;
import org.jgwire.codec.merge.CaptureClock;
import org.jgwire.codec.merge.HostMerge;
import org.jgwire.codec.merge.LinkStats;

/**
 * What {@code stats} adds for several captures merged: each capture's host and clock, and each link between two
 * captured hosts (sent, arrived, lost with the first lost packets, duplicates, one-way delays in milliseconds).
 */
final class LinksReport {
    private final HostMerge merge;

    LinksReport(HostMerge merge) {
        this.merge = merge;
    }

    void text(PrintWriter out) {
        out.println();
        out.println("Captures (one per host, merged)");
        TextTable c = new TextTable("CAPTURE", "HOST", "CLOCK");
        for (CaptureClock k : merge.clocks())
            c.row(k.label(), k.host() == null ? "?" : k.host(), HostMergeRun.clock(k));
        c.print(out);
        out.println();
        out.println("Links (messages seen leaving one host for another; one-way delay in ms)");
        TextTable t = new TextTable(
                "FROM", "TO", ">SENT", ">ARRIVED", ">LOST", ">DUPS", ">P50", ">P90", ">P99", ">MAX", "FIRST_LOST");
        for (LinkStats l : merge.links()) {
            Samples.Summary d = l.delaysMicros().summary();
            t.row(
                    l.from(),
                    l.to(),
                    l.sent(),
                    l.arrived(),
                    l.lost(),
                    l.duplicates(),
                    ms(d.p50()),
                    ms(d.p90()),
                    ms(d.p99()),
                    ms(d.max()),
                    l.lostPackets().isEmpty() ? "" : "#" + l.lostPackets().get(0));
        }
        t.print(out);
    }

    void json(JsonGenerator g) throws IOException {
        g.writeArrayFieldStart("captures");
        for (CaptureClock k : merge.clocks()) {
            g.writeStartObject();
            g.writeStringField("capture", k.label());
            g.writeStringField("host", k.host());
            g.writeNumberField("clock_offset_ns", k.offsetNanos());
            g.writeStringField("clock", k.how());
            g.writeNumberField("clock_pairs", k.pairs());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeArrayFieldStart("links");
        for (LinkStats l : merge.links()) {
            g.writeStartObject();
            g.writeStringField("from", l.from());
            g.writeStringField("to", l.to());
            g.writeNumberField("sent", l.sent());
            g.writeNumberField("arrived", l.arrived());
            g.writeNumberField("lost", l.lost());
            g.writeNumberField("duplicates", l.duplicates());
            g.writeArrayFieldStart("first_lost_frames");
            for (long p : l.lostPackets()) g.writeNumber(p);
            g.writeEndArray();
            Samples.Summary d = l.delaysMicros().summary();
            g.writeObjectFieldStart("delay_ms");
            g.writeNumberField("count", d.count());
            number(g, "p50", d.p50());
            number(g, "p90", d.p90());
            number(g, "p99", d.p99());
            number(g, "max", d.max());
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void number(JsonGenerator g, String key, double micros) throws IOException {
        if (Double.isNaN(micros)) g.writeNullField(key);
        else g.writeNumberField(key, micros / 1000);
    }

    private static String ms(double micros) {
        return Double.isNaN(micros) ? "-" : String.format(Locale.ROOT, "%.3f", micros / 1000);
    }
}
