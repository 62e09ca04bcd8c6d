package org.jgwire.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.analysis.NameStage;
import org.jgwire.codec.analysis.NameTable;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.NodeAddress;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;

class ParallelRecordSinkTest {
    private static final NodeAddress A = NodeAddress.uuid("00000000-0000-0001-0000-000000000001");
    private static final NodeAddress B = NodeAddress.uuid("00000000-0000-0002-0000-000000000002");

    /** Messages from A to B; some teach (or change) a name, at points inside and across batches. */
    private static List<Record> records() {
        List<Record> out = new ArrayList<>();
        for (int i = 1; i <= 3 * ParallelRecordSink.BATCH + 17; i++) {
            List<Discovery> names = i == 100
                    ? List.of(new Discovery(A, "alpha", null, true, "discovery"))
                    : i == ParallelRecordSink.BATCH + 1
                            ? List.of(new Discovery(B, "beta", null, false, "discovery"))
                            : i == 2 * ParallelRecordSink.BATCH + 5
                                    ? List.of(new Discovery(A, "alpha2", null, true, "merge3"))
                                    : List.of();
            byte[] text = ("m" + i).getBytes(StandardCharsets.UTF_8);
            out.add(MessageRecord.builder(new FrameInfo(i, i * 1000L, null, null, Transport.NONE))
                    .version(JGroupsVersion.parse("5.5.7"))
                    .decodedWith("5.5.7.Final")
                    .type("BYTES")
                    .src(A)
                    .dest(B)
                    .payload(new Payload(text.length, "m" + i, text, null))
                    .discovery(names)
                    .build());
        }
        return out;
    }

    private static String sequential(List<Record> records, NameTable names) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonLinesWriter w = new JsonLinesWriter(bytes, names);
        records.forEach(new NameStage(names, w::write));
        w.flush();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Hands records to a sink behind the names stage, as {@code decode} does. */
    private static void write(
            ParallelRecordSink.WriterFactory writers,
            OutputStream out,
            List<Record> records,
            NameTable names,
            int threads) {
        try (ParallelRecordSink sink = new ParallelRecordSink(out, writers, names, threads)) {
            records.forEach(new NameStage(names, sink));
        }
    }

    @Test
    void writesExactlyWhatOneSequentialWriterWrites() throws IOException {
        List<Record> records = records();
        String expected = sequential(records, new NameTable());
        for (int threads : new int[] {1, 2, 4}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            write(JsonLinesWriter::new, bytes, records, new NameTable(), threads);
            assertEquals(expected, bytes.toString(StandardCharsets.UTF_8), threads + " threads");
        }
        // the check above could not fail if names never showed: make sure they do, and change where they should
        assertTrue(expected.lines().skip(98).findFirst().orElseThrow().contains("\"src\":\"00000000-0000-0001"));
        assertTrue(expected.lines().skip(99).findFirst().orElseThrow().contains("\"src\":\"alpha\""));
        assertTrue(expected.lines()
                .skip(ParallelRecordSink.BATCH)
                .findFirst()
                .orElseThrow()
                .contains("\"dest\":\"beta\""));
        assertTrue(expected.lines().reduce((x, y) -> y).orElseThrow().contains("\"src\":\"alpha2\""));
    }

    @Test
    void startsFromTheNamesItIsGiven() throws IOException {
        NameTable known = new NameTable(List.of(new Discovery(B, "from-file", null, false, "names-file")));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        write(TextWriter::new, bytes, records().subList(0, 3), known, 2);
        assertEquals(
                3,
                bytes.toString(StandardCharsets.UTF_8)
                        .lines()
                        .filter(l -> l.contains("-> from-file"))
                        .count());
    }

    @Test
    void namesOfRecordsNotHandedInShowFromTheNextRecordOn() throws IOException {
        List<Record> records = records();
        NameTable names = new NameTable();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ParallelRecordSink sink = new ParallelRecordSink(bytes, TextWriter::new, names, 2)) {
            // as decode --filter: the names stage sees every record, the sink only some (here not the 100th)
            NameStage stage = new NameStage(names, r -> {
                if (r.frame().packet() != 100) sink.accept(r);
            });
            records.subList(0, 101).forEach(stage);
        }
        List<String> lines = bytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(100, lines.size());
        assertTrue(lines.get(98).contains(" " + A.id() + " -> "), lines.get(98));
        assertTrue(lines.get(99).contains(" alpha -> "), lines.get(99));
    }

    @Test
    void flushWritesAndFlushesWhatWasHandedInWhileTheSinkStaysOpen() throws Exception {
        BlockingQueue<String> flushed = new LinkedBlockingQueue<>();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream() {
            @Override
            public synchronized void flush() {
                flushed.add(toString(StandardCharsets.UTF_8));
            }
        };
        List<Record> records = records();
        try (ParallelRecordSink sink = new ParallelRecordSink(bytes, TextWriter::new, new NameTable(), 2)) {
            records.subList(0, 3).forEach(sink);
            sink.flush();
            String first = flushed.poll(30, TimeUnit.SECONDS);
            assertEquals(3, first.lines().count(), first);
            assertTrue(first.lines().reduce((x, y) -> y).orElseThrow().contains("m3"), first);
            sink.flush(); // nothing new: no second flush of the stream
            sink.accept(records.get(3));
            sink.flush();
            String second = flushed.poll(30, TimeUnit.SECONDS);
            assertEquals(4, second.lines().count(), second);
        }
        flushed.poll(30, TimeUnit.SECONDS); // the one of close()
        assertTrue(flushed.isEmpty(), "flushed again after close: " + flushed);
    }

    @Test
    void aFailingOutputStopsTheDecodingThreadWithTheCause() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> {
            try (ParallelRecordSink sink = new ParallelRecordSink(broken, JsonLinesWriter::new, new NameTable(), 2)) {
                for (int i = 0; i < 200; i++) records().forEach(sink);
            }
        });
        assertEquals("Broken pipe", e.getCause().getMessage());
    }
}
