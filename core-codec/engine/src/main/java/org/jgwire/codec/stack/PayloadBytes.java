package org.jgwire.codec.stack;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jgwire.codec.Limits;
import org.jgwire.codec.model.Payload;

/** A {@link Payload} for bytes jgwire holds itself (a reassembled payload), shown as the adapters show theirs. */
final class PayloadBytes {
    private PayloadBytes() {}

    static Payload of(byte[] b, Limits limits) {
        byte[] head = Arrays.copyOf(b, Math.min(b.length, limits.payloadHeadBytes()));
        return Payload.of(
                b.length, text(b, limits.payloadTextChars()), head, null, b, 0, b.length, limits.payloadStringChars());
    }

    /** All of it printable UTF-8: the text, cut at {@code maxChars}; else null. */
    static String text(byte[] b, int maxChars) {
        if (b.length == 0) return null;
        String s;
        try {
            s = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') return null;
        }
        return s.length() > maxChars ? s.substring(0, maxChars) : s;
    }
}
