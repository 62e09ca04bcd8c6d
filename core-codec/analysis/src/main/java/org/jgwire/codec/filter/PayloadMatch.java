package org.jgwire.codec.filter;

import java.nio.charset.StandardCharsets;
import org.jgwire.codec.model.Payload;

/**
 * {@code payload contains "TEXT"}: the text's UTF-8 bytes found in the payload's bytes, as Wireshark's
 * {@code contains} finds them in a byte field. A record keeps what is needed to match without holding the payload:
 * its text when it is text, else its first bytes ({@code --payload-bytes}) and its printable runs (at least 4
 * printable ASCII bytes, {@code Limits.payloadStringChars} characters in all). Text of 4 or more printable ASCII
 * characters found anywhere in the payload lies in one run, so it matches wherever it is within that budget; shorter
 * or non-ASCII text matches in the text or the first bytes. A quoted string matches exactly, a bare word without
 * regard to ASCII case, as everywhere in the filter language.
 */
final class PayloadMatch {
    private final TextMatch chars;
    private final TextMatch bytes;

    private PayloadMatch(TextMatch chars, TextMatch bytes) {
        this.chars = chars;
        this.bytes = bytes;
    }

    static PayloadMatch of(Literal l) {
        // the head's bytes are compared one char per byte (ISO-8859-1), so the needle is its UTF-8 bytes read the same
        String latin1 = new String(l.text().getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
        return new PayloadMatch(
                TextMatch.containing(l), TextMatch.containing(new Literal(l.kind(), latin1, l.position())));
    }

    boolean test(Payload p) {
        if (p.text() != null && chars.test(p.text())) return true;
        for (int i = 0; i < p.strings().size(); i++) if (chars.test(p.strings().get(i))) return true;
        return p.head().length > 0 && bytes.test(new String(p.head(), StandardCharsets.ISO_8859_1));
    }
}
