package org.jgwire.codec.analysis.rpc;

import java.nio.charset.StandardCharsets;
import org.jgwire.codec.model.Payload;

/**
 * The method a request calls, read from its payload's first bytes without deserializing anything:
 * {@code MethodCall.writeTo} (4.x and 5.x) writes the method name with {@code DataOutput.writeUTF} (u16 length, then
 * the characters) near the start; the first such identifier in the head is taken. Else the payload's class name
 * (simple form), else {@code "-"}.
 */
final class MethodNames {
    private MethodNames() {}

    static String of(Payload p) {
        byte[] b = p.head();
        for (int i = 0; i + 2 < b.length; i++) {
            int len = (b[i] & 0xFF) << 8 | b[i + 1] & 0xFF;
            if (len < 1 || len > 64 || i + 2 + len > b.length) continue;
            if (identifier(b, i + 2, len)) return new String(b, i + 2, len, StandardCharsets.US_ASCII);
        }
        String c = p.objectClass();
        if (c != null) return c.substring(c.lastIndexOf('.') + 1);
        return "-";
    }

    private static boolean identifier(byte[] b, int off, int len) {
        if (!Character.isJavaIdentifierStart(b[off])) return false;
        for (int i = off + 1; i < off + len; i++) if (b[i] < 0 || !Character.isJavaIdentifierPart(b[i])) return false;
        return true;
    }
}
