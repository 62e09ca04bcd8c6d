package org.jgwire.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jgroups.tests.ParseMessages;
import org.jgroups.util.NameCache;
import org.jgwire.codec.model.Discovery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NamesFileReaderTest {
    @TempDir
    Path dir;

    @Test
    void readsUuidAndLongMappingsAsTheJGroupsUuidPrintsThem() throws IOException {
        org.jgroups.util.UUID a = org.jgroups.util.UUID.randomUUID();
        String file = a.toStringLong() + " A\n" + "12345 B\n" + "-7 C\n";
        List<Discovery> names = NamesFileReader.read(write(file));
        assertEquals(3, names.size());
        assertEquals(a.toStringLong(), names.get(0).address().id());
        assertEquals("A", names.get(0).logicalName());
        // ParseMessages.readMappings: a long l stands for new UUID(0, l)
        assertEquals(
                new org.jgroups.util.UUID(0, 12345).toStringLong(),
                names.get(1).address().id());
        assertEquals(
                new org.jgroups.util.UUID(0, -7).toStringLong(),
                names.get(2).address().id());
        Discovery d = names.get(1);
        assertEquals("B", d.logicalName());
        assertEquals("names-file", d.source());
        assertEquals("UUID", d.address().kind());
        assertNull(d.physical());
        assertFalse(d.coord());
    }

    @Test
    void bindsTheSameAddressesAsParseMessagesReadMappingsOfTheRealJar() throws Exception {
        String file = org.jgroups.util.UUID.randomUUID().toStringLong() + " A\n42 B\n"
                + "1-2-3-4-5 C\n9223372036854775807 D\n";
        Path f = write(file);
        Method readMappings = ParseMessages.class.getDeclaredMethod("readMappings", String.class);
        readMappings.setAccessible(true);
        readMappings.invoke(null, f.toString());
        List<Discovery> names = NamesFileReader.read(f);
        assertEquals(4, names.size());
        for (Discovery d : names) {
            java.util.UUID u = java.util.UUID.fromString(d.address().id());
            org.jgroups.util.UUID jg =
                    new org.jgroups.util.UUID(u.getMostSignificantBits(), u.getLeastSignificantBits());
            assertEquals(d.logicalName(), NameCache.get(jg), d.address().id());
            NameCache.remove(jg);
        }
    }

    @Test
    void parsesUuidStringsExactlyAsJGroupsUuidFromStringDoes() {
        // short groups are accepted by UUID.fromString, which shifts them together without checking widths
        for (String s : new String[] {
            "1-2-3-4-5",
            "0000000a-000b-000c-000d-00000000000e",
            "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "ABCDEF01-2345-6789-abcd-ef0123456789"
        }) {
            assertEquals(org.jgroups.util.UUID.fromString(s).toStringLong(), NamesFileReader.uuid(s), s);
        }
    }

    @Test
    void skipsBlankLinesAndComments() throws IOException {
        List<Discovery> names =
                NamesFileReader.read(write("# names of the test cluster\n\n   \n1 A # first\n" + "\t2\tB\r\n"));
        assertEquals(2, names.size());
        assertEquals("A", names.get(0).logicalName());
        assertEquals("B", names.get(1).logicalName());
    }

    @Test
    void readsSeveralPairsOnALineAsParseMessagesTokensDo() throws IOException {
        List<Discovery> names = NamesFileReader.read(write("1 A 2 B\n"));
        assertEquals(
                List.of("A", "B"), names.stream().map(Discovery::logicalName).toList());
    }

    @Test
    void namesTheLineOfAUuidWithoutName() throws IOException {
        Path f = write("1 A\n2\n");
        IOException e = assertThrows(IOException.class, () -> NamesFileReader.read(f));
        assertTrue(e.getMessage().contains("line 2"), e.getMessage());
        assertTrue(e.getMessage().contains("'2'"), e.getMessage());
    }

    @Test
    void namesTheLineOfSomethingThatIsNeitherLongNorUuid() throws IOException {
        Path f = write("1 A\n\nnode-1 B\n");
        IOException e = assertThrows(IOException.class, () -> NamesFileReader.read(f));
        assertTrue(e.getMessage().contains("line 3: 'node-1' is neither a long nor a UUID"), e.getMessage());
    }

    @Test
    void emptyFileHasNoNames() throws IOException {
        assertEquals(List.of(), NamesFileReader.read(write("")));
    }

    private Path write(String text) throws IOException {
        Path f = dir.resolve("names.txt");
        Files.writeString(f, text);
        return f;
    }
}
