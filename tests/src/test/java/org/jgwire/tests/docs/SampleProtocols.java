package org.jgwire.tests.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.model.HeaderField;
import org.jgwire.codec.model.HeaderRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.tests.decode.Decoding;

/**
 * What jgwire showed, per protocol, when it decoded every committed sample capture: the messages carrying one of the
 * protocol's headers, the header fields they had, and what the stack step undid (the {@code transformed} lines, by
 * protocol and verb, e.g. "COMPRESS inflated"; fragments reassembled count as "reassembled" for their fragmentation
 * protocol, whose headers only a decode without reassembly shows).
 */
final class SampleProtocols {
    /** The store and key password of samples/encrypted/test-only.jceks (see its README). */
    private static final String TEST_PASSWORD = "jgwire-test-only";

    /** One protocol's evidence. */
    static final class Seen {
        int messages;
        final Set<String> captures = new TreeSet<>();
        final Set<String> fields = new TreeSet<>();
        final Set<String> undone = new TreeSet<>();
    }

    final Map<String, Seen> byProtocol = new TreeMap<>();
    int captures;

    static SampleProtocols decodeAll() throws IOException {
        SampleProtocols s = new SampleProtocols();
        List<Path> all;
        try (Stream<Path> files = Files.walk(Decoding.samples())) {
            all = files.filter(
                            p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng"))
                    .sorted()
                    .toList();
        }
        // two at a time (the common pool's thread and this one): each decode has a decoder of its own
        all.parallelStream().forEach(capture -> {
            String name = Decoding.samples().relativize(capture).toString();
            List<Record> records;
            try {
                records = Decoding.decode(capture, InputHints.AUTO, options(capture))
                        .records();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            boolean reassembled = false;
            synchronized (s) {
                s.captures++;
                for (Record r : records)
                    if (r instanceof MessageRecord m) {
                        s.add(name, m);
                        reassembled |= m.reassembledFrom() != null;
                    }
            }
            // a reassembled message no longer carries its fragment header: the fragments show which protocol it was
            if (reassembled) {
                try {
                    s.addFragments(name, capture);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        });
        return s;
    }

    /**
     * The options a user with the keys would give: the encrypted samples are decrypted with their committed test
     * keys (a key log beside an ASYM_ENCRYPT capture, the test-only keystore for the others).
     */
    private static DecodeOptions options(Path capture) throws IOException {
        DecodeOptions defaults = DecodeOptions.defaults(Decoding.home());
        Path encrypted = Decoding.samples().resolve("encrypted");
        if (!capture.startsWith(encrypted)) return defaults;
        Path keyLog = capture.resolveSibling(capture.getFileName().toString().replaceAll("\\.pcapng?$", ".keys"));
        try {
            return defaults.withKeys(
                    Files.exists(keyLog)
                            ? DecryptionKeys.fromKeyLog(keyLog)
                            : DecryptionKeys.fromKeystore(
                                    encrypted.resolve("test-only.jceks"), TEST_PASSWORD.toCharArray(), "jgwire", null));
        } catch (DecryptionKeys.KeyProblem e) {
            throw new IOException("the test keys of " + capture + ": " + e.getMessage(), e);
        }
    }

    private void addFragments(String name, Path capture) throws IOException {
        DecodeOptions shown = options(capture).withReassemble(false);
        List<Record> records = Decoding.decode(capture, InputHints.AUTO, shown).records();
        synchronized (this) {
            addFragmentHeaders(name, records);
        }
    }

    private void addFragmentHeaders(String name, List<Record> records) {
        for (Record r : records)
            if (r instanceof MessageRecord m)
                for (HeaderRecord h : m.headers())
                    if (h.protocol().startsWith("FRAG")) {
                        Seen seen = byProtocol.computeIfAbsent(h.protocol(), k -> new Seen());
                        seen.messages++;
                        seen.captures.add(name);
                        for (HeaderField f : h.fields()) seen.fields.add(f.name());
                        seen.undone.add("reassembled");
                    }
    }

    private void add(String capture, MessageRecord m) {
        for (HeaderRecord h : m.headers()) {
            Seen seen = byProtocol.computeIfAbsent(h.protocol(), k -> new Seen());
            seen.messages++;
            seen.captures.add(capture);
            for (HeaderField f : h.fields()) seen.fields.add(f.name());
        }
        if (m.transformed() == null) return;
        for (String t : m.transformed()) {
            // "PROTOCOL verb ..." or "PROTOCOL TYPE: ..." (a step on one message type) or "PROTOCOL: ..." (not undone)
            String[] words = t.split(" ", 3);
            if (words.length < 2 || words[0].endsWith(":")) continue;
            String verb = words[1].endsWith(":") ? words[1].substring(0, words[1].length() - 1) : words[1];
            byProtocol.computeIfAbsent(words[0], k -> new Seen()).undone.add(verb);
        }
    }
}
