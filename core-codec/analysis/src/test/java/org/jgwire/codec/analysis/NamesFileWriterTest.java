package org.jgwire.codec.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.model.Discovery;
import org.jgwire.codec.model.NodeAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names file written is read back by {@link NamesFileReader} as the same bindings; what it cannot hold is left. */
class NamesFileWriterTest {
    @TempDir
    Path dir;

    private static Discovery binding(String id, String name) {
        return new Discovery(NodeAddress.uuid(id), name, null, false, "discovery");
    }

    @Test
    void writesWhatTheReaderReadsBack() throws Exception {
        NameTable names = new NameTable(List.of(
                binding("f3152053-5f6b-4de1-860d-911c8c3749f1", "A"),
                binding("00000000-0000-0000-0000-00000000002a", "node-42"),
                binding("5cb03583-e95f-4b34-95ad-d9453f6f4451", "with space"),
                binding("not-a-uuid", "B")));
        StringWriter out = new StringWriter();
        assertEquals(2, NamesFileWriter.write(names, out), "left out: a name with a space, an address not a UUID");
        Path file = Files.writeString(dir.resolve("names.txt"), out.toString());
        NameTable read = new NameTable(NamesFileReader.read(file));
        assertEquals(2, read.size());
        assertEquals("A", read.nameOf(NodeAddress.uuid("f3152053-5f6b-4de1-860d-911c8c3749f1")));
        assertEquals("node-42", read.nameOf(NodeAddress.uuid("00000000-0000-0000-0000-00000000002a")));
    }
}
