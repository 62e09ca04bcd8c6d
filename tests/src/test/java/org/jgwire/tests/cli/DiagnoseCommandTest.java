package org.jgwire.tests.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jgwire diagnose} on the command line: the incident report, JSON Lines and one JSON document. */
class DiagnoseCommandTest {
    @TempDir
    Path dir;

    private final Path crash = Decoding.sample("5.5.7", "udp", "crash");

    @Test
    void jsonLinesHoldOneFindingPerLineWithItsProof() throws Exception {
        Decoding.Run run = Decoding.cli(dir, "diagnose", "--format", "jsonl", crash.toString());
        assertEquals(0, run.exit(), run.err());
        List<JsonNode> lines = run.json();
        // the crash, then the bounces of C's closed port before its exclusion and of B's after it left
        assertEquals(
                List.of("crash", "icmp-unreachable", "icmp-unreachable"),
                lines.stream().map(l -> l.path("code").asText()).toList(),
                run.out());
        JsonNode f = lines.get(0);
        assertEquals("finding", f.path("kind").asText());
        assertEquals("crash", f.path("code").asText());
        assertEquals("error", f.path("severity").asText());
        assertEquals("C", f.path("members").path(0).asText(), "names, not addresses");
        assertTrue(
                f.path("frames").size() > 0
                        && f.path("start_ns").asLong() < f.path("end_ns").asLong(),
                f.toString());
        assertTrue(f.path("summary").asText().startsWith("C stopped"), f.toString());
        assertTrue(run.err().contains("3 findings; "), run.err());
    }

    @Test
    void textReadsAsAnIncidentReportAndJsonIsOneDocument() throws Exception {
        Decoding.Run text = Decoding.cli(dir, "diagnose", crash.toString());
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().startsWith("ERRORS"), text.out());
        assertTrue(text.out().contains("  crash  ") && text.out().contains("proof: #"), text.out());
        assertTrue(text.out().contains("look at: the member's own log"), "where to look next: " + text.out());

        Decoding.Run json = Decoding.cli(dir, "diagnose", "--format", "json", crash.toString());
        JsonNode doc = new ObjectMapper().readTree(json.out());
        assertEquals(3, doc.path("findings").size(), json.out());
        assertTrue(doc.path("messages").asLong() > 0, json.out());
    }

    @Test
    void theRpcTimeoutIsAnOptionAndTheFindingSaysWhichValueItUsed() throws Exception {
        Path slow = Decoding.sample("5.5.7", "udp", "slow-rpc"); // answers 12 s late
        Decoding.Run byDefault = Decoding.cli(dir, "diagnose", "--format", "jsonl", slow.toString());
        assertEquals(0, byDefault.exit(), byDefault.err());
        assertEquals(1, byDefault.json().size(), byDefault.out());
        JsonNode f = byDefault.json().get(0);
        assertEquals("rpc-timeout", f.path("code").asText(), f.toString());
        assertEquals(10_000, f.path("threshold_ms").asLong(), f.toString());

        Decoding.Run shorter =
                Decoding.cli(dir, "diagnose", "--format", "jsonl", "--rpc-timeout", "5000", slow.toString());
        assertEquals(5_000, shorter.json().get(0).path("threshold_ms").asLong(), shorter.out());
        assertTrue(shorter.json().get(0).path("summary").asText().contains("more than 5.0 s"), shorter.out());

        Decoding.Run longer =
                Decoding.cli(dir, "diagnose", "--format", "jsonl", "--rpc-timeout", "13000", slow.toString());
        assertEquals(0, longer.exit(), longer.err());
        assertEquals("", longer.out(), "12 s is within a 13 s timeout");

        Decoding.Run bad = Decoding.cli(dir, "diagnose", "--rpc-timeout", "0", slow.toString());
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(bad.err().contains("thresholds must be positive"), bad.err());
    }

    @Test
    void theCreditStallThresholdIsAnOption() throws Exception {
        Path blocked = Decoding.sample("5.5.7", "udp", "blocked-receiver");
        Decoding.Run byDefault = Decoding.cli(dir, "diagnose", "--format", "jsonl", blocked.toString());
        JsonNode stall = null;
        for (JsonNode f : byDefault.json()) if (f.path("code").asText().equals("credit-stall")) stall = f;
        assertTrue(stall != null, byDefault.out());
        assertEquals(2_000, stall.path("threshold_ms").asLong(), stall.toString());
        long stalled = stall.path("stalled_ms").asLong();

        Decoding.Run longer = Decoding.cli(
                dir,
                "diagnose",
                "--format",
                "jsonl",
                "--credit-stall",
                String.valueOf(stalled + 1),
                blocked.toString());
        assertTrue(
                longer.json().stream().noneMatch(f -> f.path("code").asText().equals("credit-stall")),
                "a stall shorter than the threshold is none: " + longer.out());
    }

    @Test
    void theSlowMergeThresholdIsAnOptionAndNonPositiveIsAUsageError() throws Exception {
        Path merge = Decoding.sample("5.5.7", "udp", "partition-merge"); // merged at the first attempt
        JsonNode info = slowMerge(Decoding.cli(dir, "diagnose", "--format", "jsonl", merge.toString()));
        assertEquals("info", info.path("severity").asText(), info.toString());
        assertEquals(60_000, info.path("threshold_ms").asLong(), info.toString());
        assertEquals("C|4", info.path("merge_view").asText(), "the merge view C installed (frame #102)");
        assertEquals("[[\"C\"],[\"A\",\"B\"]]", info.path("subgroups").toString(), "named subgroups");
        long took = info.path("duration_ms").asLong();
        assertTrue(took > 0 && took < 60_000, info.toString());

        JsonNode warning = slowMerge(Decoding.cli(
                dir, "diagnose", "--format", "jsonl", "--slow-merge", String.valueOf(took), merge.toString()));
        assertEquals("warning", warning.path("severity").asText(), "as long as the threshold: " + warning);
        assertEquals(took, warning.path("threshold_ms").asLong());

        Decoding.Run bad = Decoding.cli(dir, "diagnose", "--slow-merge", "0", merge.toString());
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(bad.err().contains("slow merge 0 ms"), bad.err());
    }

    @Test
    void theIcmpUnreachableThresholdIsAnOptionAndTheFindingSaysWhichValueItUsed() throws Exception {
        // B left at the end of the run, and A's last datagram to it bounced right after the view without it
        JsonNode left = bounced(Decoding.cli(dir, "diagnose", "--format", "jsonl", crash.toString()), "B");
        assertEquals("info", left.path("severity").asText(), left.toString());
        assertEquals("leave", left.path("left").asText(), left.toString());
        assertEquals(20_000, left.path("threshold_ms").asLong(), left.toString());
        long after = left.path("after_leaving_ms").asLong();
        assertTrue(after >= 1 && after < 1_000, "in flight as the view came: " + left);

        JsonNode strict = bounced(
                Decoding.cli(
                        dir,
                        "diagnose",
                        "--format",
                        "jsonl",
                        "--icmp-unreachable",
                        String.valueOf(Math.max(1, after)),
                        crash.toString()),
                "B");
        assertEquals("warning", strict.path("severity").asText(), "as long as the threshold: " + strict);
        assertEquals(Math.max(1, after), strict.path("threshold_ms").asLong());

        Decoding.Run bad = Decoding.cli(dir, "diagnose", "--icmp-unreachable", "0", crash.toString());
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(bad.err().contains("icmp unreachable 0 ms"), bad.err());
    }

    private static JsonNode bounced(Decoding.Run run, String owner) {
        assertEquals(0, run.exit(), run.err());
        for (JsonNode f : run.json())
            if (f.path("code").asText().equals("icmp-unreachable")
                    && f.path("members").path(0).asText().equals(owner)) return f;
        throw new AssertionError("no icmp-unreachable finding of " + owner + "'s port: " + run.out());
    }

    private static JsonNode slowMerge(Decoding.Run run) {
        assertEquals(0, run.exit(), run.err());
        for (JsonNode f : run.json()) if (f.path("code").asText().equals("slow-merge")) return f;
        throw new AssertionError("no slow-merge finding: " + run.out());
    }

    @Test
    void aCleanCaptureHasNoFindings() throws Exception {
        Decoding.Run run =
                Decoding.cli(dir, "diagnose", Decoding.sample("5.5.7", "udp").toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(run.out().startsWith("No findings"), run.out());
        assertTrue(run.err().contains("0 findings; "), run.err());
    }
}
