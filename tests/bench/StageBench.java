import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jgwire.output.JsonLinesWriter;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.pipeline.Decoder;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.capture.CaptureSource;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.capture.InputOpener;
import org.jgwire.codec.model.Record;

/**
 * The steady-state CPU cost per record of the two halves of {@code decode --format jsonl}, each on one thread,
 * once the JIT is done: decoding (capture to records, one Decoder reused so the jar's classes stay compiled) and
 * JSON Lines formatting (the last round's records, held in memory, written into a discarding stream). Thread CPU
 * time, so other work on the machine disturbs it less than wall time; the best round after the first is the
 * figure. Not a test: nothing is asserted. Single-file program on the distribution's lib/:
 * <pre>
 * java -XX:+UseParallelGC -XX:-TieredCompilation -cp 'cli/target/jgwire/lib/*' -Djgwire.home=cli/target/jgwire \
 *     tests/bench/StageBench.java CAPTURE [ROUNDS]
 * </pre>
 * The capture's records are all held for the formatting rounds: use one of some 300,000 messages (the bench's
 * 1000-packet prefix), not the whole 3 M-message capture.
 */
public class StageBench {
    public static void main(String[] a) throws Exception {
        if (a.length < 1) {
            System.err.println("usage: StageBench CAPTURE [ROUNDS]");
            System.exit(2);
        }
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        int rounds = a.length > 1 ? Integer.parseInt(a[1]) : 6;
        Path home = Path.of(System.getProperty("jgwire.home", "cli/target/jgwire"));
        List<Record> kept = new ArrayList<>();
        long bestDecode = Long.MAX_VALUE;
        try (Decoder d = new Decoder(DecodeOptions.defaults(home))) {
            for (int r = 0; r < rounds; r++) {
                long[] n = new long[1];
                boolean keep = r == rounds - 1;
                try (CaptureSource s = InputOpener.open(a[0], InputHints.AUTO)) {
                    long t0 = cpu.getCurrentThreadCpuTime();
                    d.decode(s, rec -> {
                        n[0]++;
                        if (keep) kept.add(rec);
                    });
                    long ns = (cpu.getCurrentThreadCpuTime() - t0) / Math.max(1, n[0]);
                    System.out.printf("decode round %d: %,d records, %d ns/record%n", r, n[0], ns);
                    if (r > 0 || rounds == 1) bestDecode = Math.min(bestDecode, ns);
                }
            }
        }
        long[] bytes = new long[1];
        OutputStream discard = new OutputStream() {
            @Override
            public void write(int b) {
                bytes[0]++;
            }

            @Override
            public void write(byte[] b, int off, int len) {
                bytes[0] += len;
            }
        };
        long bestFormat = Long.MAX_VALUE;
        for (int r = 0; r < rounds; r++) {
            bytes[0] = 0;
            long t0 = cpu.getCurrentThreadCpuTime();
            JsonLinesWriter w = new JsonLinesWriter(discard, new NameTable());
            for (Record rec : kept) w.write(rec);
            w.flush();
            long ns = (cpu.getCurrentThreadCpuTime() - t0) / Math.max(1, kept.size());
            System.out.printf("format round %d: %,d bytes, %d ns/record%n", r, bytes[0], ns);
            if (r > 0 || rounds == 1) bestFormat = Math.min(bestFormat, ns);
        }
        System.out.printf("best: decode %d ns/record, JSON Lines %d ns/record (%d bytes/record)%n", bestDecode,
                bestFormat, kept.isEmpty() ? 0 : bytes[0] / kept.size());
    }
}
