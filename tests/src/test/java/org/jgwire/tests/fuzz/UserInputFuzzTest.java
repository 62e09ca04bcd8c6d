package org.jgwire.tests.fuzz;

import static org.jgwire.tests.fuzz.Invariants.seed;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import javax.crypto.spec.SecretKeySpec;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.filter.FilterSyntaxException;
import org.jgwire.codec.filter.RecordFilter;
import org.jgwire.codec.model.Record;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;

/**
 * What the user gives besides the capture, on any bytes: a filter expression compiles or is a syntax error with a
 * position inside it, and a compiled one tests a sample's records without an exception; a keystore's or key log's
 * content gives keys or a problem in words, never a Java exception's text or the password. Runs over its inputs in
 * {@code mvn test}; fuzzes with {@code JAZZER_FUZZ=1} ({@code tests/fuzz.sh}).
 */
class UserInputFuzzTest {
    private static final char[] PASSWORD = "fuzz-password".toCharArray();

    private static List<Record> records;

    /** The records every compiled filter is tested on: a small sample's, with views, names and chat texts. */
    private static synchronized List<Record> records() throws IOException {
        if (records == null)
            records = Decoding.decode(Decoding.sample("5.5.7", "udp"), InputHints.AUTO)
                    .records();
        return records;
    }

    /**
     * A problem said in words: no stack trace, no Java class name, no password. What the message quotes of the input
     * (a filter's regular expression) is the input's words, so a marker the input holds itself is no finding.
     */
    private static void words(String message, String input) {
        assertFalse(message == null || message.isBlank(), "a problem without a message");
        for (String marker : new String[] {"\tat ", "java.", "com.google", "Exception"})
            assertFalse(message.contains(marker) && !input.contains(marker), message);
        String password = new String(PASSWORD);
        assertFalse(message.contains(password) && !input.contains(password), "the password shown: " + message);
    }

    private static String latin1(byte[] data) {
        return new String(data, StandardCharsets.ISO_8859_1);
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void filter(byte[] data) throws IOException {
        String expression = new String(data, StandardCharsets.UTF_8);
        RecordFilter f;
        try {
            f = RecordFilter.compile(expression);
        } catch (FilterSyntaxException e) {
            words(e.reason(), expression);
            assertTrue(e.position() >= 0 && e.position() <= expression.length(), "position " + e.position());
            return;
        }
        for (Record r : records()) f.test(r);
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void keystore(byte[] data) {
        try {
            DecryptionKeys.fromKeystore("keystore k", data, PASSWORD, null, null);
        } catch (DecryptionKeys.KeyProblem e) {
            words(e.getMessage(), latin1(data));
        }
    }

    @FuzzTest(maxDuration = Invariants.FUZZ_TIME)
    void keyLog(byte[] data) {
        try {
            DecryptionKeys.fromKeyLog("key log k", data);
        } catch (DecryptionKeys.KeyProblem e) {
            words(e.getMessage(), latin1(data));
        }
    }

    private static byte[] store(String type) throws Exception {
        KeyStore ks = KeyStore.getInstance(type);
        ks.load(null, null);
        if (!type.equals("JKS")) // JKS holds no secret key: an empty one
        ks.setEntry(
                    "k",
                    new KeyStore.SecretKeyEntry(new SecretKeySpec(new byte[16], "AES")),
                    new KeyStore.PasswordProtection(PASSWORD));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ks.store(out, PASSWORD);
        return out.toByteArray();
    }

    /** The seeds: the docs' filters and the hostile ones, keystores of each type and the sample key log, cut. */
    @Test
    void seedsMeetTheInvariants() throws Exception {
        String[] filters = {
            "gms.type == VIEW || src == \"node-3\"",
            "NAKACK2 && nakack2.type in {XMIT_REQ, XMIT_RSP}",
            "unicast3.conn_id > 0 && !flags.OOB",
            "payload.text contains \"chat\" && time < 30s",
            "kind == error || problem",
            "view.members contains \"B\" && version >= 5.3",
            "payload.text matches \"^chat [A-C]#\\\\d+\" && !(dest == \"C\")",
            "payload.text matches \"^(.*a){12}b\"",
            "payload.text matches \"^(a*)*\\\\1\\\\1b\"",
            "(".repeat(3000) + "gms" + ")".repeat(3000),
            "!".repeat(5000) + "gms",
            "jgroups.gms.type == \"VIEW\" && frame >= 3"
        };
        for (String f : filters) filter(seed(getClass(), "filter", f.getBytes(StandardCharsets.UTF_8)));
        for (String type : new String[] {"JCEKS", "PKCS12", "JKS"}) {
            byte[] whole = store(type);
            for (int cut : new int[] {1, 2, 3})
                keystore(seed(getClass(), "keystore", Arrays.copyOf(whole, whole.length / cut)));
        }
        byte[] log =
                Files.readAllBytes(Decoding.samples().resolve(Path.of("encrypted", "5.5.7", "asym-encrypt-chat.keys")));
        for (int cut : new int[] {1, 2, 3}) keyLog(seed(getClass(), "keyLog", Arrays.copyOf(log, log.length / cut)));
    }
}
