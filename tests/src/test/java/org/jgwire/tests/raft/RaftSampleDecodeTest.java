package org.jgwire.tests.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed capture of a real jgroups-raft cluster (election, replication through the leader, the leader stopped
 * and a new one elected; {@link RaftClusterCaptureTest} makes it) decoded with the bundled jgroups-raft jar: what the
 * members said they did, in the sample's {@code .raft} file, is what the decode shows.
 */
class RaftSampleDecodeTest {
    private static final Path SAMPLE = Decoding.sample("5.5.7", "raft", "election");
    private static JsonNode raft;
    private static Decoding.Result decoded;

    @BeforeAll
    static void decode() throws IOException {
        raft = new ObjectMapper()
                .readTree(SAMPLE.resolveSibling("raft-election.raft").toFile());
        decoded = Decoding.decode(SAMPLE, InputHints.AUTO);
    }

    private static List<MessageRecord> messages() {
        List<MessageRecord> out = new ArrayList<>();
        for (Record r : decoded.records()) if (r instanceof MessageRecord m) out.add(m);
        return out;
    }

    private static List<HeaderRecord> headers(String header) {
        List<HeaderRecord> out = new ArrayList<>();
        for (MessageRecord m : messages())
            for (HeaderRecord h : m.headers()) if (h.headerClass().name().equals(header)) out.add(h);
        return out;
    }

    @Test
    void decodesWithoutAnError() {
        List<Record> errors =
                decoded.records().stream().filter(r -> r instanceof ErrorRecord).toList();
        assertEquals(List.of(), errors);
        assertEquals(0, decoded.summary().errors());
    }

    @Test
    void raftHeadersAreNamedAndCarryTheirFields() {
        Set<String> protocols = new TreeSet<>();
        for (MessageRecord m : messages()) for (HeaderRecord h : m.headers()) protocols.add(h.protocol());
        assertTrue(protocols.containsAll(List.of("RAFT", "ELECTION", "REDIRECT")), protocols.toString());
        List<HeaderRecord> appends = headers("AppendEntriesRequest");
        assertFalse(appends.isEmpty());
        for (HeaderRecord h : appends)
            for (String field : List.of("curr_term", "leader", "prev_log_index", "prev_log_term", "leader_commit"))
                assertNotNull(h.field(field), field + " of " + h);
        assertFalse(headers("AppendEntriesResponse").isEmpty());
        assertFalse(headers("VoteRequest").isEmpty());
        assertFalse(headers("RedirectHeader").isEmpty(), "commands submitted on followers");
    }

    @Test
    void theLeadersAndTermsAreTheOnesTheMembersReported(@TempDir Path work) throws IOException {
        Set<String> reported = new LinkedHashSet<>();
        for (JsonNode l : raft.path("leaders"))
            reported.add(l.path("leader").asText() + " term " + l.path("term").asLong());
        assertEquals(List.of("B term 1", "A term 2"), List.copyOf(reported), "the manifest: " + raft);
        Set<String> elected = new LinkedHashSet<>();
        for (JsonNode m : named(work))
            for (JsonNode h : m.path("headers"))
                if (h.path("header").asText().equals("LeaderElected"))
                    elected.add(h.path("fields").path("leader").asText() + " term "
                            + h.path("fields").path("curr_term").asLong());
        assertEquals(reported, elected);
    }

    @Test
    void everyCommandIsFoundInTheLogEntriesTheLeaderOfItsTermReplicated(@TempDir Path work) throws IOException {
        List<JsonNode> messages = named(work);
        for (JsonNode c : raft.path("commands")) {
            String command = "command=\"" + c.path("text").asText() + "\"";
            String leader = c.path("leader").asText();
            boolean found = messages.stream()
                    .anyMatch(m -> m.path("src").asText().equals(leader)
                            && m.path("payload").path("object").asText().contains(command)
                            && m.path("headers").toString().contains("\"header\":\"AppendEntriesRequest\""));
            assertTrue(found, c + ": no AppendEntriesRequest from " + leader + " with " + command);
        }
    }

    /** The sample's messages as {@code decode --format jsonl} writes them: names learnt and shown. */
    private static List<JsonNode> named(Path work) throws IOException {
        Decoding.Run run = Decoding.cli(work, "decode", "--format", "jsonl", SAMPLE.toString());
        assertEquals(0, run.exit(), run.err());
        return run.messages();
    }

    /** A distribution folder without the bundled protocol jars. */
    private static Path withoutProtocolJars(Path home) throws IOException {
        for (String dir : List.of("jgroups", "adapters", "lib"))
            Files.createSymbolicLink(home.resolve(dir), Decoding.home().resolve(dir));
        return home;
    }

    @Test
    void aProtocolJarGivenByTheUserReadsTheHeaders(@TempDir Path home, @TempDir Path work) throws IOException {
        Path raftJar;
        try (var jars = Files.list(Decoding.home().resolve("protocols").resolve("5.4"))) {
            raftJar = work.resolve("my-raft.jar");
            Files.copy(
                    jars.filter(p -> p.toString().endsWith(".jar")).findFirst().orElseThrow(), raftJar);
        }
        DecodeOptions options =
                DecodeOptions.defaults(withoutProtocolJars(home)).withProtocolJars(List.of(raftJar));
        Decoding.Result given = Decoding.decode(SAMPLE, InputHints.AUTO, options);
        assertEquals(
                0,
                given.summary().errors(),
                given.records().stream()
                        .filter(r -> r instanceof ErrorRecord)
                        .toList()
                        .toString());
        assertEquals(
                messages().size(),
                given.records().stream().filter(r -> r instanceof MessageRecord).count());

        Path notAJar = Files.writeString(work.resolve("notes.jar"), "not a jar");
        Decoding.Run bad = Decoding.cli(work, "decode", "--protocol-jar", notAJar.toString(), SAMPLE.toString());
        assertEquals(2, bad.exit(), bad.err());
        assertTrue(
                bad.err().contains("--protocol-jar " + notAJar) && bad.err().contains("not a readable jar"), bad.err());
    }

    @Test
    void withoutRaftsJarEachHeaderKindIsOneErrorAndEveryMessageIsKept(@TempDir Path home) throws IOException {
        Decoding.Result bare =
                Decoding.decode(SAMPLE, InputHints.AUTO, DecodeOptions.defaults(withoutProtocolJars(home)));
        List<ErrorRecord> errors = new ArrayList<>();
        for (Record r : bare.records()) if (r instanceof ErrorRecord e) errors.add(e);
        Set<String> pairs = new TreeSet<>();
        for (ErrorRecord e : errors) {
            assertEquals(ProblemKind.UNKNOWN_CLASS, e.problem(), e.message());
            assertTrue(e.message().contains("jgroups-raft") && e.message().contains("--protocol-jar"), e.message());
            pairs.add(e.message().replaceAll(".*\\(protocol (id=\\d+).*magic id (\\d+).*", "$1/$2"));
        }
        assertEquals(errors.size(), pairs.size(), "one error per protocol and magic id: " + errors);
        assertTrue(errors.size() >= 5, errors.toString());
        assertEquals(
                messages().size(),
                bare.records().stream().filter(r -> r instanceof MessageRecord).count(),
                "every message kept, as far as it was read");
    }
}
