package org.jgwire.codec.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Security;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.jgwire.codec.model.JGroupsVersion;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLSv1 is allowed again only for members whose SSL_KEY_EXCHANGE hard-codes it (4.0, 4.1), and only TLSv1: the
 * JDK's other disabled algorithms stay disabled.
 */
class TlsV1OverrideTest {
    /** A Java 17 value as shipped in its early updates (later ones add DTLSv1.0, ECDH), written out here. */
    private static final String JDK17 = "SSLv3, TLSv1, TLSv1.1, RC4, DES, MD5withRSA, DH keySize < 1024,"
            + " EC keySize < 224, 3DES_EDE_CBC, anon, NULL, include jdk.disabled.namedCurves";

    private static final List<String> ASYM_SSL = List.of("TCP", "MPING", "SSL_KEY_EXCHANGE", "ASYM_ENCRYPT");
    private static final List<String> PLAIN_TCP = List.of("TCP", "TCPPING", "NAKACK2", "GMS");

    @TempDir
    Path work;

    @Test
    void onlyTlsV1IsTakenOutEveryOtherEntryKeptInOrder() {
        assertEquals(
                List.of(
                        "SSLv3",
                        "TLSv1.1",
                        "RC4",
                        "DES",
                        "MD5withRSA",
                        "DH keySize < 1024",
                        "EC keySize < 224",
                        "3DES_EDE_CBC",
                        "anon",
                        "NULL",
                        "include jdk.disabled.namedCurves"),
                TlsV1Override.withoutTlsV1(JDK17));
    }

    @Test
    void theRunningJdksValueLosesTlsV1AndNothingElse() {
        String jdk = Security.getProperty(TlsV1Override.PROPERTY);
        List<String> expected = new ArrayList<>();
        for (String e : jdk.split(",")) if (!e.trim().equals("TLSv1")) expected.add(e.trim());
        assertTrue(expected.size() < jdk.split(",").length, "this JDK disables TLSv1: " + jdk);
        assertEquals(expected, TlsV1Override.withoutTlsV1(jdk));
    }

    @Test
    void neededFor40And41WithSslKeyExchangeOnly() {
        assertTrue(TlsV1Override.needed(JGroupsVersion.parse("4.0.24"), ASYM_SSL, JDK17));
        assertTrue(TlsV1Override.needed(JGroupsVersion.parse("4.1.10"), ASYM_SSL, JDK17));
        assertTrue(TlsV1Override.needed(JGroupsVersion.parse("4.0.0"), ASYM_SSL, JDK17));
        // 4.2 asks for ssl_protocol (TLSv1.2 by default); 3.6 has no SSL_KEY_EXCHANGE
        assertFalse(TlsV1Override.needed(JGroupsVersion.parse("4.2.0"), ASYM_SSL, JDK17));
        assertFalse(TlsV1Override.needed(JGroupsVersion.parse("4.2.30"), ASYM_SSL, JDK17));
        assertFalse(TlsV1Override.needed(JGroupsVersion.parse("5.5.7"), ASYM_SSL, JDK17));
        assertFalse(TlsV1Override.needed(JGroupsVersion.parse("3.6.20"), ASYM_SSL, JDK17));
        assertFalse(TlsV1Override.needed(JGroupsVersion.parse("4.1.10"), PLAIN_TCP, JDK17));
    }

    @Test
    void notNeededWhenTheJdkDoesNotDisableTlsV1() {
        JGroupsVersion v = JGroupsVersion.parse("4.1.10");
        assertFalse(TlsV1Override.needed(v, ASYM_SSL, "SSLv3, TLSv1.1, RC4"));
        assertFalse(TlsV1Override.needed(v, ASYM_SSL, null));
    }

    @Test
    void theFileSetsThePropertyToTheListWithoutTlsV1() throws Exception {
        Properties p = new Properties();
        p.load(new StringReader(TlsV1Override.fileText(JGroupsVersion.parse("4.0.24"), JDK17)));
        assertEquals(1, p.size(), p.toString());
        assertEquals(
                "SSLv3, TLSv1.1, RC4, DES, MD5withRSA, DH keySize < 1024, EC keySize < 224, 3DES_EDE_CBC, anon, NULL,"
                        + " include jdk.disabled.namedCurves",
                p.getProperty(TlsV1Override.PROPERTY));
    }

    @Test
    void membersOf41WithSslKeyExchangeGetTheOverrideAndTheLineSaysWhy() throws Exception {
        List<String> lines = new ArrayList<>();
        List<String> options = TlsV1Override.memberOptions(work, JGroupsVersion.parse("4.1.10"), ASYM_SSL, lines::add);
        Path file = work.resolve(TlsV1Override.FILE_NAME);
        assertEquals(List.of("-Djava.security.properties=" + file.toAbsolutePath()), options);
        assertEquals(1, lines.size(), lines.toString());
        assertTrue(lines.get(0).contains("TLSv1") && lines.get(0).contains("4.1.10"), lines.get(0));
        Properties p = new Properties();
        p.load(new StringReader(Files.readString(file)));
        assertEquals(
                TlsV1Override.withoutTlsV1(Security.getProperty(TlsV1Override.PROPERTY)),
                List.of(p.getProperty(TlsV1Override.PROPERTY).split(", ")));
    }

    @Test
    void nothingWrittenNorSaidFor42OrWithoutSslKeyExchange() throws Exception {
        List<String> lines = new ArrayList<>();
        assertEquals(
                List.of(), TlsV1Override.memberOptions(work, JGroupsVersion.parse("4.2.30"), ASYM_SSL, lines::add));
        assertEquals(List.of(), TlsV1Override.memberOptions(work, JGroupsVersion.parse("5.5.7"), ASYM_SSL, lines::add));
        assertEquals(
                List.of(), TlsV1Override.memberOptions(work, JGroupsVersion.parse("4.0.24"), PLAIN_TCP, lines::add));
        assertEquals(List.of(), lines);
        try (var files = Files.list(work)) {
            assertEquals(0, files.count());
        }
    }

    /** The JDK itself reads the file: a child JVM started with the option sees TLSv1 allowed, TLSv1.1 not. */
    @Test
    void aJvmStartedWithTheOptionNoLongerDisablesTlsV1() throws Exception {
        List<String> options = TlsV1Override.memberOptions(work, JGroupsVersion.parse("4.0.24"), ASYM_SSL, line -> {});
        Path probe = Files.writeString(
                work.resolve("Probe.java"),
                "public class Probe { public static void main(String[] a) {"
                        + " System.out.print(java.security.Security.getProperty(\"" + TlsV1Override.PROPERTY
                        + "\")); } }");
        List<String> cmd = new ArrayList<>(List.of(Distribution.javaExecutable()));
        cmd.addAll(options);
        cmd.add(probe.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "probe JVM did not exit");
        assertEquals(0, p.exitValue(), out);
        List<String> seen = new ArrayList<>();
        for (String e : out.split(",")) seen.add(e.trim());
        assertFalse(seen.contains("TLSv1"), out);
        assertTrue(seen.contains("TLSv1.1") && seen.contains("SSLv3"), out);
    }
}
