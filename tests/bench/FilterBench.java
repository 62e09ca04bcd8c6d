import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.Record;

/**
 * How many records per second a compiled filter tests: the records of one capture, decoded once and held in memory,
 * tested over and over (not a test, nothing is asserted). Single-file program on the distribution's lib/:
 * <pre>
 * java -cp 'cli/target/jgwire/lib/*' -Djgwire.home=cli/target/jgwire tests/bench/FilterBench.java [CAPTURE [RECORDS]]
 * </pre>
 * Default: samples/5.5.7/udp-chat.pcapng repeated to 2,000,000 records.
 */
public class FilterBench {
    static final String[] EXPRESSIONS = {
        "frame > 10",
        "gms.type == VIEW",
        "nakack2.seqno >= 3 && flags.OOB",
        "gms.type == VIEW || src == \"B\"",
        "payload.text contains \"to all\"",
        "unicast3.conn_id in {0, 1} && !multicast && version >= 5.3",
        "payload.text matches \"C#[0-9]\"",
    };

    public static void main(String[] a) throws Exception {
        Path capture = Path.of(a.length > 0 ? a[0] : "samples/5.5.7/udp-chat.pcapng");
        int total = a.length > 1 ? Integer.parseInt(a[1]) : 2_000_000;
        List<Record> one = new ArrayList<>();
        try (CaptureSource s = InputOpener.open(capture.toString(), InputHints.AUTO);
             Decoder d = new Decoder(DecodeOptions.defaults(Path.of(System.getProperty("jgwire.home", "cli/target/jgwire"))))) {
            d.decode(s, one::add);
        }
        Record[] records = new Record[total];
        for (int i = 0; i < total; i++) records[i] = one.get(i % one.size());
        System.out.printf("%s: %d records, repeated to %,d%n", capture, one.size(), total);
        for (String e : EXPRESSIONS) {
            long best = Long.MAX_VALUE, kept = 0;
            for (int round = 0; round < 7; round++) { // the first rounds warm up the JIT; the best is reported
                RecordFilter f = RecordFilter.compile(e);
                kept = 0;
                long t0 = System.nanoTime();
                for (Record r : records) if (f.test(r)) kept++;
                best = Math.min(best, System.nanoTime() - t0);
            }
            System.out.printf("%-62s %,14.0f records/s  (kept %,d)%n", e, total * 1e9 / best, kept);
        }
    }
}
