package org.jgwire.adapter.classic;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Payload;
import org.jgwire.codec.model.PrintableRuns;

/**
 * A payload as jgwire shows it: length, text when it is all printable UTF-8, its first bytes, and its printable runs
 * when it is not text. Never
 * deserialized: a 3.x/4.x {@code Message.setObject} payload is just bytes here.
 */
final class Payloads {
    private final int headBytes;
    private final int textChars;
    private final int stringChars;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    Payloads(Limits limits) {
        this.headBytes = Math.max(0, limits.payloadHeadBytes());
        this.textChars = Math.max(0, limits.payloadTextChars());
        this.stringChars = limits.payloadStringChars();
    }

    Payload of(byte[] buf, int off, int len) {
        if (len == 0) return Payload.EMPTY;
        byte[] head = Arrays.copyOfRange(buf, off, off + Math.min(len, headBytes));
        if (PrintableRuns.isPrintableAscii(buf, off, len)) { // the common case: no String, the bytes go to the writers
            return Payload.ofPrintableAscii(len, len <= textChars ? len : -1, head, null, buf, off, len, stringChars);
        }
        String text = text(buf, off, len);
        if (text == null) return Payload.ofBinary(len, head, null, buf, off, len, stringChars); // runs as bytes
        return Payload.of(len, text, head, null, buf, off, len, stringChars);
    }

    private String text(byte[] buf, int off, int len) {
        if (len > textChars * 4L) return null; // a UTF-8 char is at most 4 bytes: too long to fit the limit
        boolean ascii = true;
        for (int i = off, end = off + len; i < end; i++) {
            int b = buf[i] & 0xFF;
            if (b >= 0x80) ascii = false;
            else if (!printable(b)) return null;
        }
        String s;
        if (ascii) s = new String(buf, off, len, StandardCharsets.ISO_8859_1);
        else {
            try {
                CharBuffer cb = utf8.reset().decode(ByteBuffer.wrap(buf, off, len));
                for (int i = 0; i < cb.length(); i++) {
                    char c = cb.charAt(i);
                    if (c < 0x80 ? !printable(c) : Character.isISOControl(c)) return null;
                }
                s = cb.toString();
            } catch (CharacterCodingException e) {
                return null;
            }
        }
        return s.length() <= textChars ? s : null;
    }

    private static boolean printable(int c) {
        return c >= 0x20 && c < 0x7F || c == '\t' || c == '\n' || c == '\r';
    }
}
