package org.jgwire.tests.wireshark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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

    @Test
    void withoutSubcommandIsAUsageError() throws Exception {
        assertEquals(2, Decoding.cli(dir, "wireshark").exit());
    }
}
