package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jgwire.tests.decode.Decoding;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jgwire wireshark generate|install} run in-process: exit codes, files, what they print. */
class WiresharkCommandTest {
    @TempDir
    Path dir;

    @Test
    void installWritesThePluginIntoTheFolderAndPrintsWhere() throws Exception {
        Path plugins = dir.resolve("plugins");
        Decoding.Run run = Decoding.cli(dir, "wireshark", "install", "--dir", plugins.toString());
        assertEquals(0, run.exit(), run.err());
        Path lua = plugins.resolve("jgroups.lua");
        assertTrue(Files.isRegularFile(lua));
        assertEquals(lua.toAbsolutePath().toString(), run.out().trim());
        assertEquals(
                Files.readString(GeneratedPlugin.path()),
                Files.readString(lua),
                "install and generate write the same plugin");
    }

    @Test
    void generateIntoAnUnwritablePlaceIsAnIoError() throws Exception {
        Path file = dir.resolve("file");
        Files.writeString(file, "x");
        Decoding.Run run = Decoding.cli(
                dir, "wireshark", "generate", "-o", file.resolve("jgroups.lua").toString());
        assertEquals(3, run.exit(), run.err());
    }

    /**
     * A release the build did not bundle (5.4.5, fetched by Maven): every header class it maps is laid out (derived
     * from its writeTo or by hand, each held against the real class while generating) or named as without layout,
     * and the plugin says it was made from that jar.
     */
    @Test
    void generateWithAnUnbundledJarChecksItsHeadersAndNamesWhatItCannotLayOut() throws Exception {
        Path jar = Path.of(System.getProperty("jgwire.unbundledJar"));
        assertTrue(Files.isRegularFile(jar), "the tests pom copies " + jar);
        Path lua = dir.resolve("mine.lua");
        Decoding.Run run =
                Decoding.cli(dir, "wireshark", "generate", "--jgroups-jar", jar.toString(), "-o", lua.toString());
        assertEquals(0, run.exit(), run.err());
        assertTrue(Files.readString(lua).contains("5.4.5.Final"), "the plugin names the jar it was made from");
        Matcher m = Pattern.compile("JGroups 5\\.4\\.5\\.Final: (\\d+) header classes, (\\d+) derived from writeTo, "
                        + "(\\d+) hand layouts, (\\d+) without layout")
                .matcher(run.err());
        assertTrue(m.find(), run.err());
        int all = Integer.parseInt(m.group(1)), derived = Integer.parseInt(m.group(2));
        int hand = Integer.parseInt(m.group(3)), missing = Integer.parseInt(m.group(4));
        assertEquals(all, derived + hand + missing, run.err());
        assertTrue(derived >= 25, "derived layouts for 5.4.5: " + run.err());
        int named = 0;
        for (String line : run.err().split("\n")) if (line.startsWith("  no layout: ")) named++;
        assertTrue(named >= missing, "every header without layout is named: " + run.err());
        // the headers of the stock stacks are all laid out
        for (String c : List.of("NakAckHeader2", "UnicastHeader3", "GMS$GmsHeader", "SEQUENCER$SequencerHeader"))
            assertTrue(!run.err().contains(c + " ("), c + " has no layout: " + run.err());
    }

    /**
     * The version comes from the jar's own classes, not its file name: the unbundled 5.4.5 jar is read as 5.4.5 when
     * called {@code myjg.jar}, {@code jgroups-5.6.0-SNAPSHOT.jar} or (renamed) {@code jgroups-5.2.0.Final.jar}, and a
     * jar without JGroups in it is refused with its name.
     */
    @Test
    void generateReadsTheJarsVersionFromItsClassesWhateverItsName() throws Exception {
        Path jar = Path.of(System.getProperty("jgwire.unbundledJar"));
        for (String name : List.of("myjg.jar", "jgroups-5.6.0-SNAPSHOT.jar", "jgroups-5.2.0.Final.jar")) {
            Path copy = dir.resolve(name);
            Files.copy(jar, copy);
            Decoding.Run run = Decoding.cli(
                    dir,
                    "wireshark",
                    "generate",
                    "--jgroups-jar",
                    copy.toString(),
                    "-o",
                    dir.resolve("p.lua").toString());
            assertEquals(0, run.exit(), name + ": " + run.err());
            assertTrue(run.err().contains("JGroups 5.4.5: "), name + " read as 5.4.5: " + run.err());
            assertTrue(!run.err().contains("JGroups 5.6.0") && !run.err().contains("JGroups 5.2.0"), run.err());
            Files.delete(copy);
        }
        Path notJGroups = dir.resolve("jgroups-5.5.7.jar");
        Files.writeString(notJGroups, "not a jar");
        Decoding.Run bad = Decoding.cli(
                dir,
                "wireshark",
                "generate",
                "--jgroups-jar",
                notJGroups.toString(),
                "-o",
                dir.resolve("b.lua").toString());
        assertTrue(bad.exit() != 0, bad.err());
        assertTrue(bad.err().contains(notJGroups.toString()), bad.err());
    }

    /**
     * The bundled jgroups-raft releases are laid out beside the JGroups jars they serve; a jar given with
     * --protocol-jar replaces the bundled one of its artifact beside every JGroups jar.
     */
    @Test
    void generateLaysOutRaftHeadersAndAProtocolJarReplacesTheBundledOne() throws Exception {
        Path lua = dir.resolve("raft.lua");
        Decoding.Run bundled = Decoding.cli(dir, "wireshark", "generate", "-o", lua.toString());
        assertEquals(0, bundled.exit(), bundled.err());
        assertTrue(
                bundled.err()
                        .contains("  jgroups-raft 1.1.4.Final (beside JGroups 5.5.7.Final): 9 header classes, 9 derived"
                                + " from writeTo, 0 hand layouts, 0 without layout"),
                bundled.err());
        assertTrue(Files.readString(lua).contains("org.jgroups.protocols.raft.AppendEntriesRequest"));
        Path older = Decoding.home().resolve("protocols").resolve("5.3").resolve("jgroups-raft-1.0.14.Final.jar");
        Decoding.Run given =
                Decoding.cli(dir, "wireshark", "generate", "--protocol-jar", older.toString(), "-o", lua.toString());
        assertEquals(0, given.exit(), given.err());
        assertTrue(given.err().contains("  jgroups-raft 1.0.14.Final (beside JGroups 5.5.7.Final): "), given.err());
        assertTrue(!given.err().contains("jgroups-raft 1.1.4.Final"), given.err());
    }

    @Test
    void aProtocolJarThatCannotBeReadIsAUsageErrorNamingIt() throws Exception {
        Path jar = dir.resolve("not-a.jar");
        Files.writeString(jar, "no zip");
        Decoding.Run run = Decoding.cli(dir, "wireshark", "generate", "--protocol-jar", jar.toString(), "-o", "-");
        assertEquals(2, run.exit(), run.err());
        assertTrue(run.err().contains("--protocol-jar " + jar), run.err());
    }

    @Test
    void withoutSubcommandIsAUsageError() throws Exception {
        assertEquals(2, Decoding.cli(dir, "wireshark").exit());
    }
}
