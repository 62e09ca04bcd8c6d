package org.jgwire.codec;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jgwire.codec.DecryptionKeys.KeyProblem;

/** A key log's lines, once its bytes are known to be text: a binary file is named with the line where it shows. */
final class KeyLogText {
    private KeyLogText() {}

    static List<String> lines(String what, byte[] content) throws KeyProblem {
        for (int i = 0; i < content.length; i++) {
            int b = content[i] & 0xff;
            if (b < 0x20 && b != '\t' && b != '\n' && b != '\r' || b == 0x7f)
                throw notText(what, content, i, String.format("byte 0x%02x", b));
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(content);
        CharBuffer text = CharBuffer.allocate(content.length);
        if (utf8.decode(in, text, true).isError()) throw notText(what, content, in.position(), "not UTF-8");
        return text.flip().toString().lines().toList();
    }

    private static KeyProblem notText(String what, byte[] content, int at, String found) {
        int line = 1;
        for (int i = 0; i < at; i++) if (content[i] == '\n') line++;
        return new KeyProblem(what + " is not a text key log: binary content (" + found + ") at line " + line
                + "; a key log holds one key in hex a line");
    }
}
