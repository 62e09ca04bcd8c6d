package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --time-format shapes the text output's times; JSON gives ts and the exact ts_ns. */
class CommandLineTimeFormatTest {
    @TempDir
    Path work;

    private final Path udp = Decoding.sample("5.5.7", "udp");

    private List<JsonNode> records() throws IOException {
        return Decoding.cli(work, "decode", "-f", "jsonl", udp.toString()).json();
    }

    /** The second word of each text line: the time. */
    private List<String> times(String format) throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--time-format", format, udp.toString());
        assertEquals(0, run.exit(), run.err());
        return run.out().lines().map(l -> l.split(" ")[1]).toList();
    }

    @Test
    void tsNsIsTheExactIntegerOfTs() throws IOException {
        // read as a double (what jq and Python do with ts), a capture time keeps only about 7 digits after the point
        ObjectMapper exact = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        String jsonl =
                Decoding.cli(work, "decode", "-f", "jsonl", udp.toString()).out();
        for (String line : jsonl.split("\n")) {
            JsonNode r = exact.readTree(line);
            assertTrue(r.path("ts_ns").isIntegralNumber(), line);
            assertEquals(
                    r.path("ts").decimalValue().movePointRight(9).toBigIntegerExact(),
                    r.path("ts_ns").bigIntegerValue());
        }
    }

    @Test
    void theDefaultIsTheTimeOfDayAsBefore() throws IOException {
        List<String> times = times("time");
        Decoding.Run plain = Decoding.cli(work, "decode", udp.toString());
        assertEquals(plain.out().lines().map(l -> l.split(" ")[1]).toList(), times);
        assertTrue(times.get(0).matches("\\d\\d:\\d\\d:\\d\\d\\.\\d{6}"), times.get(0));
    }

    @Test
    void isoShowsTheDateOfEachRecord() throws IOException {
        List<JsonNode> records = records();
        List<String> times = times("ISO");
        for (int i = 0; i < records.size(); i++) {
            long ns = records.get(i).path("ts_ns").asLong();
            String date = Instant.ofEpochSecond(ns / 1_000_000_000L)
                    .atOffset(ZoneOffset.UTC)
                    .toLocalDate()
                    .toString();
            assertTrue(times.get(i).matches(date + "T\\d\\d:\\d\\d:\\d\\d\\.\\d{6}Z"), times.get(i));
        }
    }

    @Test
    void epochAndRelativeAreSecondsWithMicroseconds() throws IOException {
        List<JsonNode> records = records();
        List<String> epoch = times("epoch"), relative = times("relative");
        long first = records.get(0).path("ts_ns").asLong();
        assertEquals("0.000000", relative.get(0));
        for (int i = 0; i < records.size(); i++) {
            long ns = records.get(i).path("ts_ns").asLong();
            assertEquals(BigDecimal.valueOf(ns / 1_000, 6), new BigDecimal(epoch.get(i)));
            assertEquals(BigDecimal.valueOf((ns - first) / 1_000, 6), new BigDecimal(relative.get(i)));
        }
    }

    @Test
    void anUnknownTimeFormatIsAUsageError() throws IOException {
        assertEquals(
                2,
                Decoding.cli(work, "decode", "--time-format", "local", udp.toString())
                        .exit());
    }
}
