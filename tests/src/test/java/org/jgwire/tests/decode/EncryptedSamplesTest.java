package org.jgwire.tests.decode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.jgwire.codec.DecodeOptions;
import org.jgwire.codec.DecryptionKeys;
import org.jgwire.codec.capture.InputHints;
import org.jgwire.codec.cluster.Manifest;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.MessageRecord;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.verify.CaptureVerifier;
import org.jgwire.codec.verify.Outcome;
import org.jgwire.codec.verify.VerifyItem;
import org.jgwire.codec.verify.VerifyReport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The captures of the shipped {@code sym-encrypt.xml} (3.6.20, 4.2.30, 5.5.7) made with the test-only keystore of
 * samples/encrypted: decrypted with it they show what the members sent, as a cluster without encryption would;
 * without it nothing is an error; a wrong key or password says so once.
 */
class EncryptedSamplesTest {
    /** The keystore's password: test-only, committed on purpose (samples/encrypted/README.md). */
    private static final String PASSWORD = "jgwire-test-only";

    @TempDir
    static Path work;

    private static Path keystore() {
        return Decoding.samples().resolve("encrypted").resolve("test-only.jceks");
    }

    private static List<Path> captures() {
        List<Path> out = new ArrayList<>();
        for (String v : List.of("3.6.20", "4.2.30", "5.5.7")) {
            Path p = Decoding.samples().resolve("encrypted").resolve(v).resolve("sym-encrypt-chat.pcapng");
            assertTrue(Files.isRegularFile(p), "sample missing: " + p);
            out.add(p);
        }
        return out;
    }

    private static DecryptionKeys keys() throws Exception {
        return DecryptionKeys.fromKeystore(keystore(), PASSWORD.toCharArray(), "jgwire", null);
    }

    private static List<Record> decode(Path p, DecryptionKeys keys) throws Exception {
        return Decoding.decode(
                        p,
                        InputHints.AUTO,
                        DecodeOptions.defaults(Decoding.home()).withKeys(keys))
                .records();
    }

    private static List<ErrorRecord> errors(List<Record> records) {
        return records.stream()
                .filter(ErrorRecord.class::isInstance)
                .map(ErrorRecord.class::cast)
                .toList();
    }

    /** The MD5 of the key's bytes, read from the keystore with the JDK alone: the version SYM_ENCRYPT writes. */
    private static String keyVersion() throws Exception {
        KeyStore ks = KeyStore.getInstance("JCEKS");
        try (InputStream in = Files.newInputStream(keystore())) {
            ks.load(in, PASSWORD.toCharArray());
        }
        Key key = ks.getKey("jgwire", PASSWORD.toCharArray());
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(key.getEncoded()));
    }

    @TestFactory
    Stream<DynamicTest> decryptedWithTheKeystoreTheCaptureShowsWhatTheMembersSent() {
        return captures().stream()
                .map(p -> DynamicTest.dynamicTest(p.toString(), () -> {
                    Manifest m = Manifest.read(Manifest.pathFor(p));
                    assertTrue(m.protocols().contains("SYM_ENCRYPT"), "the stack encrypts: " + m.protocols());
                    List<Record> records = decode(p, keys());
                    assertEquals(List.of(), errors(records));
                    // checked in clear as any unencrypted run: every sent text once per copy with its sender and
                    // destination, every view; nothing left unseen
                    CaptureVerifier verifier = new CaptureVerifier(m, true);
                    records.forEach(verifier);
                    VerifyReport report = verifier.report();
                    assertEquals(List.of(), report.problems(), "verify " + p);
                    List<VerifyItem> unseen = report.items().stream()
                            .filter(i -> i.outcome() == Outcome.UNSEEN)
                            .toList();
                    assertEquals(List.of(), unseen);
                    assertTrue(report.items().stream()
                            .anyMatch(i -> i.category().equals("view") && i.outcome() == Outcome.OK));
                    List<String> texts = new ArrayList<>();
                    for (Record r : records)
                        if (r instanceof MessageRecord msg
                                && msg.payload() != null
                                && msg.payload().text() != null
                                && msg.payload().text().startsWith("chat ")) {
                            texts.add(msg.payload().text());
                            assertTrue(
                                    msg.transformed().stream().anyMatch(t -> t.startsWith("SYM_ENCRYPT decrypted ")),
                                    msg.toString());
                        }
                    List<String> sent = m.sent().stream()
                            .map(Manifest.SentMessage::text)
                            .sorted()
                            .toList();
                    assertEquals(sent, texts.stream().distinct().sorted().toList());
                }));
    }

    @TestFactory
    Stream<DynamicTest> withoutKeyEncryptedPayloadsAreShownAsSuchAndNothingIsAnError() throws Exception {
        String version = keyVersion();
        return captures().stream()
                .map(p -> DynamicTest.dynamicTest(p.toString(), () -> {
                    List<Record> records = decode(p, DecryptionKeys.NONE);
                    assertEquals(List.of(), errors(records));
                    int encrypted = 0;
                    for (Record r : records) {
                        if (!(r instanceof MessageRecord msg)) continue;
                        assertFalse(
                                msg.payload() != null
                                        && msg.payload().text() != null
                                        && msg.payload().text().startsWith("chat "),
                                "a text in clear: " + msg);
                        if (msg.header("SYM_ENCRYPT") == null || msg.payload().length() == 0) continue;
                        encrypted++;
                        assertEquals(
                                List.of("SYM_ENCRYPT: " + msg.payload().length() + " bytes encrypted with key version "
                                        + version + ", not decrypted (no key given)"),
                                msg.transformed());
                    }
                    assertTrue(encrypted >= 9, "encrypted messages: " + encrypted);
                }));
    }

    @Test
    void aKeyOfAnotherVersionIsOneErrorRecordAndTheMessagesStayEncrypted() throws Exception {
        Path p = captures().get(2);
        List<Record> records = decode(p, DecryptionKeys.fromHex("00112233445566778899aabbccddeeff", null));
        List<ErrorRecord> errors = errors(records);
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).message().contains("no key given has version " + keyVersion()), errors.toString());
        long notDecrypted = records.stream()
                .filter(r -> r instanceof MessageRecord m
                        && m.transformed().stream().anyMatch(t -> t.contains("not decrypted: no key given has")))
                .count();
        assertTrue(notDecrypted >= 9, "messages left encrypted: " + notDecrypted);
    }

    /** A cipher the stack did not use (ECB where the headers carry an IV) fails the same way for every message. */
    @Test
    void aCipherThatIsNotTheStacksIsOneErrorRecord() throws Exception {
        List<ErrorRecord> errors = errors(decode(captures().get(2), keys().withCipher("AES/ECB/PKCS5Padding")));
        assertEquals(1, errors.size(), errors.toString());
        assertTrue(errors.get(0).message().contains("decryption with AES/ECB/PKCS5Padding failed"), errors.toString());
    }

    @Test
    void aWrongKeystorePasswordIsOneClearCliErrorThatDoesNotRepeatThePassword() throws Exception {
        String wrong = "not-the-password-42";
        Decoding.Run run = Decoding.cli(
                work,
                "decode",
                "--format",
                "jsonl",
                "--keystore",
                keystore().toString(),
                "--keystore-password",
                wrong,
                captures().get(2).toString());
        assertEquals(3, run.exit(), "the keystore cannot be used: " + run.err());
        assertTrue(run.err().contains("wrong keystore password") && !run.err().contains("Try '"), run.err());
        assertFalse(run.err().contains(wrong), run.err());
        assertEquals(List.of(), run.json());
    }

    /** A password option may go without a value, so the capture after it would be taken as the password. */
    @Test
    void aCaptureTakenAsThePasswordIsNamedInTheUsageError() throws Exception {
        String capture = captures().get(2).toString();
        Decoding.Run run =
                Decoding.cli(work, "decode", "--keystore", keystore().toString(), "--keystore-password", capture);
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--keystore-password took the file " + capture + " as its value"), run.err());
        assertFalse(run.err().contains("wrong keystore password"), run.err());
        // written with '=', the same word is the password, and a wrong one: the keystore cannot be used (exit 3)
        Decoding.Run explicit = Decoding.cli(
                work, "decode", capture, "--keystore", keystore().toString(), "--keystore-password=" + capture);
        assertEquals(3, explicit.exit(), explicit.err());
        assertTrue(explicit.err().contains("wrong keystore password"), explicit.err());
    }

    @Test
    void theCliDecryptsWithTheKeystoreAndTheAliasAndVerifyAgrees() throws Exception {
        Path p = captures().get(0);
        Decoding.Run run = Decoding.cli(
                work,
                "decode",
                "--format",
                "jsonl",
                "--keystore",
                keystore().toString(),
                "--keystore-password",
                PASSWORD,
                "--key-alias",
                "jgwire",
                p.toString());
        assertEquals(0, run.exit(), run.err());
        assertEquals(List.of(), run.errors());
        Manifest m = Manifest.read(Manifest.pathFor(p));
        for (Manifest.SentMessage s : m.sent()) assertTrue(run.texts().contains(s.text()), s.text());
        for (JsonNode n : run.json()) assertFalse(n.toString().contains(PASSWORD), n.toString());
        Decoding.Run verify = Decoding.cli(
                work, "verify", p.toString(), "--keystore", keystore().toString(), "--keystore-password", PASSWORD);
        assertEquals(0, verify.exit(), verify.out() + verify.err());
        assertTrue(verify.out().contains("9 checked, 9 ok"), verify.out());
    }

    /** The same key in a PKCS12 store (written by the JDK's KeyStore API) decrypts the same. */
    @Test
    void aPkcs12KeystoreWorksAsTheJceksOne() throws Exception {
        KeyStore jceks = KeyStore.getInstance("JCEKS");
        try (InputStream in = Files.newInputStream(keystore())) {
            jceks.load(in, PASSWORD.toCharArray());
        }
        KeyStore p12 = KeyStore.getInstance("PKCS12");
        p12.load(null, null);
        char[] other = "another-test-password".toCharArray();
        p12.setEntry(
                "shared",
                jceks.getEntry("jgwire", new KeyStore.PasswordProtection(PASSWORD.toCharArray())),
                new KeyStore.PasswordProtection(other));
        Path file = work.resolve("same-key.p12");
        try (OutputStream out = Files.newOutputStream(file)) {
            p12.store(out, other);
        }
        DecryptionKeys keys = DecryptionKeys.fromKeystore(file, other, null, null);
        Path p = captures().get(0);
        List<Record> viaP12 = decode(p, keys), viaJceks = decode(p, keys());
        assertEquals(List.of(), errors(viaP12));
        assertEquals(viaJceks.size(), viaP12.size());
        assertNotEquals(decode(p, DecryptionKeys.NONE).size(), viaP12.size(), "3.6's whole messages unwrapped");
    }

    /**
     * ASYM_ENCRYPT's session key exists only in the members' memory: the runner's key log (each member reports the
     * keys it installs) decrypts the capture, and every sent text is found once per copy with its sender and
     * destination, and every view (encrypted behind the members' keys in INSTALL_KEYS messages).
     */
    @Test
    void asymEncryptIsDecryptedWithTheRunnersKeyLog() throws Exception {
        Path p = Decoding.samples().resolve("encrypted/5.5.7/asym-encrypt-chat.pcapng");
        Path keyLog = p.resolveSibling("asym-encrypt-chat.keys");
        Manifest m = Manifest.read(Manifest.pathFor(p));
        assertTrue(m.protocols().contains("ASYM_ENCRYPT"), m.protocols().toString());
        List<Record> clear = decode(p, DecryptionKeys.fromKeyLog(keyLog));
        assertEquals(List.of(), errors(clear));
        CaptureVerifier verifier = new CaptureVerifier(m, true);
        clear.forEach(verifier);
        assertEquals(List.of(), verifier.report().problems());
        assertTrue(verifier.report().items().stream()
                .anyMatch(i -> i.category().equals("view") && i.outcome() == Outcome.OK));
        assertTrue(clear.stream()
                .anyMatch(r -> r instanceof MessageRecord msg
                        && msg.transformed().size() == 2
                        && msg.transformed()
                                .get(0)
                                .matches("ASYM_ENCRYPT INSTALL_KEYS: \\d+ bytes of member keys taken off")
                        && msg.view() != null));
        List<VerifyItem> messages = verifier.report().items().stream()
                .filter(i -> i.category().equals("message"))
                .toList();
        assertEquals(m.sent().size(), messages.size(), messages.toString());
        for (VerifyItem i : messages) assertEquals(Outcome.OK, i.outcome(), i.toString());
        List<Record> encrypted = decode(p, DecryptionKeys.NONE);
        assertEquals(List.of(), errors(encrypted));
        assertFalse(encrypted.stream()
                .anyMatch(r -> r instanceof MessageRecord msg
                        && msg.payload() != null
                        && msg.payload().text() != null
                        && msg.payload().text().startsWith("chat ")));
    }
}
