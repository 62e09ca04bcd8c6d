package org.jgwire.codec.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.ErrorRecord;
import org.jgwire.codec.model.FrameInfo;
import org.jgwire.codec.model.FrameKind;
import org.jgwire.codec.model.JGroupsVersion;
import org.jgwire.codec.model.ProblemKind;
import org.jgwire.codec.model.Record;
import org.jgwire.codec.model.Transport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A version no jar decodes gets an error record that says why, wherever the runtime is asked for its jar. */
class UnsupportedVersionTest {
    private static final FrameInfo FRAME = new FrameInfo(1, 0, null, null, Transport.NONE);

    @TempDir
    Path home;

    @Test
    void aFrameOfAVersionWithoutAJarIsAnErrorNamingWhereJarsWereLookedFor() {
        try (VersionRuntime runtime = new VersionRuntime(home, null, null, Limits.DEFAULTS)) {
            byte[] frame = {0x28, 0x07, 0}; // version short of 5.0.7 (5 << 11 | 0 << 6 | 7), frame flags
            List<Record> records = runtime.decode(FrameKind.TRANSPORT, frame, 0, frame.length, FRAME);
            ErrorRecord e = (ErrorRecord) records.get(0);
            assertEquals(ProblemKind.UNSUPPORTED_VERSION, e.problem());
            assertTrue(e.message().startsWith("no JGroups jars in " + home.resolve("jgroups")), e.message());

            List<Record> original =
                    runtime.decodeMessage(JGroupsVersion.parse("5.0.7"), 1, frame, 0, frame.length, FRAME);
            assertEquals(e.message(), ((ErrorRecord) original.get(0)).message(), "the same reason");
            IllegalArgumentException view = assertThrows(
                    IllegalArgumentException.class,
                    () -> runtime.decodeView(JGroupsVersion.parse("5.0.7"), "VIEW", frame, 0, 3));
            assertEquals(e.message(), view.getMessage());
            assertEquals(-1, runtime.keyBlockLength(JGroupsVersion.parse("5.0.7"), frame, 0, 3));
        }
    }
}
