package org.jgwire.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A key log is text; a binary file is named with the line where its binary content shows. */
class KeyLogTextTest {
    private static String problem(byte[] content) {
        return assertThrows(DecryptionKeys.KeyProblem.class, () -> KeyLogText.lines("key log x", content))
                .getMessage();
    }

    @Test
    void textIsSplitIntoLinesWhateverTheLineEnd() throws Exception {
        assertEquals(
                List.of("# keys", "00ff", "", "aa"),
                KeyLogText.lines("key log x", "# keys\r\n00ff\n\naa".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aControlByteOrBytesThatAreNotUtf8AreBinaryContentAtTheirLine() {
        assertEquals(
                "key log x is not a text key log: binary content (byte 0x00) at line 1; a key log holds one key in "
                        + "hex a line",
                problem(new byte[16]));
        assertEquals(
                "key log x is not a text key log: binary content (byte 0x01) at line 3; a key log holds one key in "
                        + "hex a line",
                problem("00ff\n# a comment\n\u0001".getBytes(StandardCharsets.UTF_8)));
        assertEquals(
                "key log x is not a text key log: binary content (not UTF-8) at line 2; a key log holds one key in "
                        + "hex a line",
                problem(new byte[] {'a', '\n', (byte) 0xff, (byte) 0xfe}));
    }
}
